@testable import ReelEngine
import ReelSpec
import XCTest

/// Frames before a trim that a later frame hides are skipped by the decoder when nothing refers to
/// them, and the frames shown stay exactly the same.
final class HiddenFrameSkippingTests: XCTestCase {
    /// 2.5 s at 30 fps, one keyframe, three B-frames between references (x264's pyramid makes the
    /// middle one a reference); frame N has luma 8 + 3N.
    private func longGOP(_ ws: Workspace) throws -> String {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=32x32:r=30:d=2.5,format=yuv420p,geq=lum='8+3*N':cb=128:cr=128",
                          "-c:v", "libx264", "-qp", "12", "-x264-params", "scenecut=0:keyint=300:b-adapt=0:bframes=3",
                          ws.path("gop.mp4")])
        return ws.path("gop.mp4")
    }

    func testATrimDecodesFewerFramesAndShowsTheExactOnes() throws {
        let ws = try Workspace()
        let path = try longGOP(ws)
        for threads in [1, 3] {
            let start = Time(value: 61, timescale: 30)
            let clip = try ClipProducer(path: path, startingAt: start, rotation: 0, mode: .fit,
                                       fitter: FrameFitter(width: 32, height: 32, background: .black), decoderThreads: threads)
            var shown: [Int] = []
            for i in 0..<6 {
                let f = try clip.picture(at: start + Time(value: Int64(i), timescale: 30))
                shown.append(TestPicture.at(f, 0, 16, 16))
            }
            XCTAssertEqual(shown, (61..<67).map { 8 + 3 * $0 }, "\(threads) decoder threads")
            // Without skipping, frames 0…66 (and a few of the reorder delay) would all be decoded.
            XCTAssertLessThan(clip.stream.decodedFrames, 50, "\(threads) decoder threads: hidden B-frames were decoded")
            XCTAssertGreaterThan(clip.stream.decodedFrames, 6)
        }
    }

    /// A render that stops does not wait for a decode toward a far trim point: the clip gives up
    /// before decoding anything, and so does the next clip's prefetch.
    func testAStoppedRenderEndsADecodeTowardAFarTrimAtOnce() throws {
        let ws = try Workspace()
        let path = try longGOP(ws)
        let stop = CancellationToken()
        let clip = try ClipProducer(path: path, startingAt: Time(value: 70, timescale: 30), rotation: 0, mode: .fit,
                                   fitter: FrameFitter(width: 32, height: 32, background: .black), decoderThreads: 1, stop: stop)
        stop.cancel()
        XCTAssertThrowsError(try clip.picture(at: Time(value: 70, timescale: 30))) { error in
            guard case RenderError.cancelled = error else { return XCTFail("expected cancelled, got \(error)") }
        }
        XCTAssertEqual(clip.stream.decodedFrames, 0)

        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "gop.mp4", "sourceRange": { "start": 0, "duration": 0.5 } }, { "src": "gop.mp4", "sourceRange": { "start": "70/30", "duration": "1/30" } } ] } }"#)
        let segmentsStop = CancellationToken()
        var pictures = VideoTrack(plan: plan, stop: segmentsStop)
        _ = try pictures.picture(at: .zero)  // opens the first clip and starts the second one's prefetch
        segmentsStop.cancel()
        XCTAssertThrowsError(try pictures.picture(at: Time(value: 1, timescale: 30))) { error in
            guard case RenderError.cancelled = error else { return XCTFail("expected cancelled, got \(error)") }
        }
        pictures.close()  // returns once the prefetch has given up
    }

    /// A video overlay that outlasts its source range holds the range's last frame: frame 29 here,
    /// a B-frame nothing refers to, just before frame 30 (a reference). Opened past the hold, the
    /// clip must still decode it.
    func testAHeldVideoOverlayShowsTheLastFrameOfItsRange() throws {
        let ws = try Workspace()
        _ = try longGOP(ws)
        let out = try ws.render("""
        { "version": 1,
          "output": { "width": 32, "height": 32, "frameRate": 30, "video": { "crf": 0 }, "range": { "start": 1.5, "duration": "2/30" } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ],
                        "overlays": [ { "type": "video", "src": "gop.mp4", "start": 0, "duration": 2,
                                        "sourceRange": { "start": 0, "duration": 1 } } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[16 * 32 + 16]) }
        XCTAssertEqual(luma.count, 2)
        for l in luma { XCTAssertEqual(Double(l), Double(8 + 3 * 29), accuracy: 1, "frame 28 would be \(8 + 3 * 28)") }
    }

    func testRenderedTrimsAndThumbnailsKeepTheirExactFrames() throws {
        let ws = try Workspace()
        _ = try longGOP(ws)
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "gop.mp4", "sourceRange": { "start": "61/30", "duration": "4/30" } },
                                    { "src": "gop.mp4", "sourceRange": { "start": "2/30", "duration": "2/30" } },
                                    { "src": "gop.mp4", "sourceRange": { "start": "47/30", "duration": "3/30" } } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[16 * 32 + 16]) }
        XCTAssertEqual(luma, [61, 62, 63, 64, 2, 3, 47, 48, 49].map { 8 + 3 * $0 })
        // Between frames 29 and 30 a thumbnail shows frame 29, a B-frame nothing refers to: it is
        // the one frame before that time that no later frame hides, so it must be decoded.
        let jpeg = try ThumbnailGenerator.jpeg(path: ws.path("gop.mp4"), at: Time(value: 59, timescale: 60))
        try Data(jpeg).write(to: URL(fileURLWithPath: ws.path("thumb.jpg")))
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", ws.path("thumb.jpg"), "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let centre = Double([UInt8](r.stdout)[16 * 32 + 16])
        let fullRange = { (frame: Int) in Double(8 + 3 * frame - 16) * 255 / 219 }  // JPEG luma is full range
        XCTAssertEqual(centre, fullRange(29), accuracy: 1.5, "frame 28 would be \(fullRange(28))")
    }
}
