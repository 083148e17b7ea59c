import CFFmpeg
import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A failed render keeps its cause, and whether trying again can help follows from that cause.
final class RenderErrorTests: XCTestCase {
    func testTheMachinesFailuresAreTransientAndTheMediasAreNot() {
        for code in [ENOMEM, ETIMEDOUT, ECONNRESET, ECONNREFUSED, ENOSPC] {
            XCTAssertTrue(FFmpegError(-code, "av_read_frame").isTransient, "errno \(code)")
        }
        XCTAssertTrue(FFmpegError(reel_averror_http_server_error(), "avformat_open_input").isTransient, "an HTTP 5xx")
        for code in [reel_averror_eof(), -ENOENT, -EINVAL, -EACCES, -EIO] {
            XCTAssertFalse(FFmpegError(code, "avformat_open_input").isTransient, "code \(code)")
        }
        XCTAssertFalse(FFmpegError(AVERROR_INVALIDDATA_CODE, "avcodec_send_packet").isTransient, "damaged data")
    }

    func testRetryingFollowsTheCause() {
        let source = { (cause: Error) in RenderError.source(pointer: "/timeline/videos/0", path: "a.mp4", cause: cause) }
        XCTAssertTrue(source(FFmpegError(-ETIMEDOUT, "av_read_frame")).isRetryable, "a stalled network source")
        XCTAssertFalse(source(FFmpegError(AVERROR_INVALIDDATA_CODE, "av_read_frame")).isRetryable, "a damaged source")
        XCTAssertFalse(source(MediaError.noPicture(path: "a.mp4", at: .zero)).isRetryable)
        XCTAssertFalse(source(CompositingError.unsupportedFormat(operation: "x", role: "layer", format: "rgb24", expected: "yuv420p")).isRetryable)
        XCTAssertTrue(RenderError.output(path: "o.mp4", cause: FFmpegError(-ENOSPC, "av_interleaved_write_frame")).isRetryable, "a full disk")
        XCTAssertFalse(RenderError.output(path: "o.mp4", cause: FFmpegError(-EINVAL, "avcodec_open2")).isRetryable, "refused settings")
        XCTAssertFalse(RenderError.invalid([]).isRetryable)
        XCTAssertFalse(RenderError.cancelled.isRetryable)
    }

    func testTheCauseIsKeptWithItsType() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 1)
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }"#)
        try FileManager.default.removeItem(atPath: ws.path("ramp.mp4"))
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: ws.path("out.mp4"))) { error in
            guard case let RenderError.source(pointer, _, cause) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(pointer, "/timeline/videos/0")
            let ffmpeg = cause as? FFmpegError
            XCTAssertEqual(ffmpeg?.function, "avformat_open_input", "the failed call, not a string")
            XCTAssertEqual(ffmpeg?.code, -ENOENT)
        }
    }

    func testAVideoItemWithoutVideoIsAMediaErrorNotAFailedCall() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 1)
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }"#)
        // The same name, now holding only audio: the decoder finds no video stream.
        try FileManager.default.removeItem(atPath: ws.path("ramp.mp4"))
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", "-f", "mp4", ws.path("ramp.mp4")])
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: ws.path("out.mp4"))) { error in
            guard case let RenderError.source(_, _, cause) = error, case MediaError.noStream(_, .video)? = cause as? MediaError else {
                return XCTFail("expected MediaError.noStream, got \(error)")
            }
        }
    }

    /// `AVERROR_INVALIDDATA`, FFERRTAG('I','N','D','A'): the macro is not imported.
    private let AVERROR_INVALIDDATA_CODE = -reel_mktag(0x49, 0x4E, 0x44, 0x41)
}
