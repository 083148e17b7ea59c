import CFFmpeg
import Foundation
@testable import ReelEngine
import XCTest

/// `EncoderStage`: a `PictureEncoder` on a thread of its own, its packets drained by the caller;
/// an encoder's failure reaches the caller instead of a hang, and a stage stopped with pictures
/// still queued lets go of its thread.
final class EncoderStageTests: XCTestCase {
    func encoder() throws -> PictureEncoder {
        let ws = try Workspace()
        let plan = try ws.plan(##"{ "version": 1, "output": { "width": 64, "height": 36, "frameRate": 30 }, "timeline": { "videos": [ { "color": "#808080", "duration": 1 } ] } }"##)
        return try PictureEncoder(plan: plan, globalHeader: true)
    }

    func picture(_ luma: UInt8) throws -> Frame {
        let f = try Frame.video(width: 64, height: 36, format: AV_PIX_FMT_YUV420P)
        for plane in 0..<3 {
            let rows = plane == 0 ? 36 : 18
            memset(f.data(plane)!, plane == 0 ? Int32(luma) : 128, f.lineSize(plane) * rows)
        }
        return f
    }

    func testEveryPictureComesOutAsAPacketInOrder() throws {
        let stage = EncoderStage(try encoder())
        var packets: [(pts: Int64, key: Bool)] = []
        let sink = { (p: Packet) in packets.append((p.pts, p.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0)) }
        for i in 0..<30 {
            let p = try picture(UInt8(16 + 6 * i))
            p.pts = Int64(i)
            try stage.encode(p, index: Int64(i))
            try stage.drain(sink: sink)
        }
        try stage.finish(sink: sink)
        XCTAssertEqual(packets.count, 30)
        XCTAssertEqual(packets.map(\.pts).sorted(), Array(0..<30))
        XCTAssertTrue(packets.first?.key ?? false, "the first packet is a keyframe")
    }

    func testAFailureInTheStageReachesTheCaller() throws {
        let stage = EncoderStage(try encoder())
        // A picture claiming a hardware surface's format: the stage's converter cannot read it.
        let bad = try picture(100)
        bad.pointer.pointee.format = AV_PIX_FMT_VAAPI.rawValue
        try stage.encode(bad, index: 0)
        XCTAssertThrowsError(try stage.finish { _ in }) { error in
            if case RenderError.cancelled = error { XCTFail("the encoder's own failure, not a cancel: \(error)") }
        }
    }

    func testAStageStoppedWithPicturesQueuedLetsGo() throws {
        let stage = EncoderStage(try encoder(), depth: 3)
        for i in 0..<3 {
            let p = try picture(100)
            p.pts = Int64(i)
            try stage.encode(p, index: Int64(i))
        }
        stage.stop()
        stage.stop()
        XCTAssertThrowsError(try stage.encode(try picture(100), index: 3), "a stopped stage takes nothing more")
    }
}
