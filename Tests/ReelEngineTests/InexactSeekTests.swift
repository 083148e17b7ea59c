import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Containers whose seek is a byte estimate (MPEG-TS) may land on the keyframe after the time asked
/// for; the trim must still start on its exact source frame. Frame k of the fixture has luma k
/// (lossless), so every output frame names the source frame it shows.
final class InexactSeekTests: XCTestCase {
    func testTrimsOfAnMPEGTSSourceStartOnTheExactFrame() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=32x32:r=30:d=4,format=yuv420p,geq=lum='mod(N,256)':cb=128:cr=128",
                          "-c:v", "libx264", "-qp", "0", "-g", "12", "-keyint_min", "12", "-sc_threshold", "0", "-f", "mpegts",
                          ws.path("ramp.ts")])
        for start in [5, 40, 77] {
            let out = try ws.render("""
            { "version": 1, "output": { "format": "mp4", "frameRate": 30 },
              "timeline": { "videos": [ { "src": "ramp.ts", "sourceRange": { "start": "\(start)/30", "duration": "20/30" } } ] } }
            """, to: "out-\(start).mp4")
            let luma = try Tools.lumaFrames(out, width: 32, height: 32)
            XCTAssertEqual(luma.count, 20)
            for k in [0, 1, 10, 19] where k < luma.count {
                XCTAssertEqual(Int(luma[k][16 * 32 + 16]), start + k, accuracy: 1, "trim at frame \(start): output frame \(k)")
            }
        }
    }
}
