@testable import ReelEngine
import ReelSpec
import XCTest

/// The codec threading chosen for a render, the picture queue's depth, and proof that how the
/// decoders are threaded never changes which frames a render shows.
final class CodecThreadingTests: XCTestCase {
    func testSmallMachinesDecodeSingleThreadedAndKeepTheEncodersAutomaticCount() {
        XCTAssertEqual(CodecThreading.forRender(cores: 2, machineCores: 2), CodecThreading(videoDecoder: 1, videoEncoder: 0))
        XCTAssertEqual(CodecThreading.forRender(cores: 1, machineCores: 1), CodecThreading(videoDecoder: 1, videoEncoder: 0))
    }

    func testMidSizeMachinesGiveEachDecoderTwoThreads() {
        XCTAssertEqual(CodecThreading.forRender(cores: 3, machineCores: 3), CodecThreading(videoDecoder: 2, videoEncoder: 0))
        XCTAssertEqual(CodecThreading.forRender(cores: 4, machineCores: 4), CodecThreading(videoDecoder: 2, videoEncoder: 0))
    }

    func testLargeMachinesLetFFmpegThreadTheDecoders() {
        XCTAssertEqual(CodecThreading.forRender(cores: 16, machineCores: 16), CodecThreading(videoDecoder: 0, videoEncoder: 0))
        XCTAssertEqual(CodecThreading.forRender(cores: 5, machineCores: 5), CodecThreading(videoDecoder: 0, videoEncoder: 0))
    }

    func testAShareOfTheMachineSizesTheEncoderForTheShare() {
        // Four workers on 16 cores: 4 cores each, x264's 1.5 threads per core.
        XCTAssertEqual(CodecThreading.forRender(cores: 4, machineCores: 16), CodecThreading(videoDecoder: 2, videoEncoder: 6))
        XCTAssertEqual(CodecThreading.forRender(cores: 2, machineCores: 16), CodecThreading(videoDecoder: 1, videoEncoder: 3))
        XCTAssertEqual(CodecThreading.forRender(cores: 8, machineCores: 16), CodecThreading(videoDecoder: 0, videoEncoder: 12))
        // More workers than cores: each still gets one core's worth.
        XCTAssertEqual(CodecThreading.forRender(cores: 0, machineCores: 2), CodecThreading(videoDecoder: 1, videoEncoder: 2))
        // Asking for more than the machine has is the whole machine.
        XCTAssertEqual(CodecThreading.forRender(cores: 64, machineCores: 8), CodecThreading(videoDecoder: 0, videoEncoder: 0))
    }

    func testPictureQueueDepthFollowsTheByteBudget() {
        let yuv420 = { (w: Int, h: Int) in w * h * 3 / 2 }
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: yuv420(1280, 720)), 9)
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: yuv420(1920, 1080)), 4)
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: yuv420(3840, 2160)), 2)
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: yuv420(8192, 8192)), 2)
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: yuv420(32, 32)), 16)
        XCTAssertEqual(Renderer.pictureQueueDepth(frameBytes: 0), 16)
    }

    /// Frame-threaded decoders deliver frames later than single-threaded ones (one frame per thread
    /// of latency), across cuts and seeks; the frames shown must be the same.
    func testDecoderThreadingDoesNotChangeTheFramesShown() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 4)
        let json = """
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [
            { "src": "ramp.mp4", "sourceRange": { "start": "61/30", "duration": 0.5 } },
            { "src": "ramp.mp4", "sourceRange": { "start": "7/30", "duration": "4/30" } } ] } }
        """
        var luma: [[UInt8]] = []
        for threads in [1, 0, 3] {
            var plan = try ws.plan(json)
            plan.codecThreading = CodecThreading(videoDecoder: threads, videoEncoder: 0)
            let out = ws.path("out-\(threads).mp4")
            try Renderer(plan: plan).render(to: out)
            luma.append(try Tools.lumaFrames(out, width: 32, height: 32).map { $0[16 * 32 + 16] })
        }
        let expected = (Array(61..<76) + Array(7..<11)).map { UInt8($0) }
        XCTAssertEqual(luma[0], expected, "single-threaded decoder")
        XCTAssertEqual(luma[1], expected, "FFmpeg's automatic frame threads")
        XCTAssertEqual(luma[2], expected, "three frame threads")
    }
}
