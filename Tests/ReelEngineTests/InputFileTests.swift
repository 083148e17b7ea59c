import Foundation
@testable import ReelEngine
import XCTest

/// Opening damaged media: every failure is an error naming the call, and the demuxer is closed
/// exactly once whichever step fails.
final class InputFileTests: XCTestCase {
    /// An MPEG-TS file cut after its program tables: `avformat_open_input` succeeds (the tables
    /// declare an H.264 stream), then `avformat_find_stream_info` fails at end of file, with no
    /// packet to learn the stream's parameters from. The demuxer was once closed in the init's
    /// error path and again in `deinit`, a double free that aborted the whole process; opened many
    /// times here, any second close corrupts the heap and ends the test run.
    func testStreamInfoFailureClosesTheDemuxerOnce() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x48:d=1", "-c:v", "libx264", "-f", "mpegts", ws.path("full.ts")])
        let full = try Data(contentsOf: URL(fileURLWithPath: ws.path("full.ts")))
        try full.prefix(2 * 188).write(to: URL(fileURLWithPath: ws.path("tables-only.ts")))
        for _ in 0..<200 {
            XCTAssertThrowsError(try MediaProbe.probe(path: ws.path("tables-only.ts"))) { error in
                guard let e = error as? FFmpegError else { return XCTFail("expected an FFmpegError, got \(error)") }
                XCTAssertEqual(e.function, "avformat_find_stream_info")
                XCTAssertTrue(e.context.contains("tables-only.ts"), e.context)
                XCTAssertFalse(e.isTransient, "a damaged file fails the same way every time")
            }
        }
    }
}
