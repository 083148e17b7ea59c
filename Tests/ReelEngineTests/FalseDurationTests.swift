import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A header that claims far more than the file holds (found by the mutated-media campaign: a 1 s
/// WebM claiming 32 768 s rendered nine hours of one held frame) fails the render as soon as the
/// hold outgrows `ClipProducer.unverifiedHold`; a real file whose audio outlasts its video still
/// holds its last picture to the end of a trim that asks for it, as AVFoundation shows it.
final class FalseDurationTests: XCTestCase {
    func testAHeaderClaimingHoursFailsQuicklyWithTheFileNamed() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=32x32:rate=10:duration=1", "-c:v", "libvpx-vp9", "-cpu-used", "8",
                          ws.path("short.webm")])
        // Matroska's Duration element (ID 0x4489, an 8-byte float in milliseconds) set to 32 768 s.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.path("short.webm"))))
        let at = try XCTUnwrap((0..<bytes.count - 11).first { bytes[$0] == 0x44 && bytes[$0 + 1] == 0x89 && bytes[$0 + 2] == 0x88 })
        let claim = (32_768_000.0).bitPattern
        for k in 0..<8 { bytes[at + 3 + k] = UInt8(truncatingIfNeeded: claim >> (56 - 8 * UInt64(k))) }
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path("liar.webm")))
        let probed = try MediaProbe.probe(path: ws.path("liar.webm"))
        XCTAssertEqual(probed.duration?.ticks(in: 1, rounding: .down), 32_768, "the fixture's header really claims 32 768 s")

        let plan = try ws.plan("""
        { "version": 1, "output": { "format": "mp4", "width": 32, "height": 32, "frameRate": 10 },
          "timeline": { "videos": [ { "src": "liar.webm" } ] } }
        """)
        XCTAssertEqual(plan.frameCount, 327_680)
        var progressed = 0.0
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: ws.path("out.mp4"), progress: { progressed = $0 })) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("liar.webm") && text.contains("holds no data after"), text)
            XCTAssertTrue(text.contains("/timeline/videos/0"), text)
        }
        XCTAssertLessThan(progressed, 0.001, "stopped within seconds of the real end, not hours later")
    }

    func testAudioThatOutlastsTheVideoStillHoldsTheLastPicture() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=32x32:rate=10:duration=1", "-f", "lavfi",
                          "-i", "sine=frequency=440:sample_rate=48000:duration=13", "-pix_fmt", "yuv420p", "-c:a", "aac",
                          ws.path("long-audio.mp4")])
        let out = try ws.render("""
        { "version": 1, "output": { "format": "mp4", "width": 32, "height": 32, "frameRate": 10 },
          "timeline": { "videos": [ { "src": "long-audio.mp4", "sourceRange": { "start": 0, "duration": 13 } } ] } }
        """)
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(v.int("nb_read_frames") ?? 0, 130, accuracy: 1, "the last picture held to the audio's end")
    }
}
