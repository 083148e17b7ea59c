import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `audioTrack`: which of a source's audio streams an item plays, told apart by their tones.
final class MediaSelectionTests: XCTestCase {
    /// A clip with two audio streams: English at 440 Hz, then Spanish at 1 kHz, marked default.
    func makeBilingual(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=32x32:r=10:d=1",
                          "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
                          "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1",
                          "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-c:a", "aac",
                          "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=spa",
                          "-disposition:a:0", "0", "-disposition:a:1", "default", ws.path("bilingual.mp4")])
    }

    /// Rising zero crossings per second of the middle half.
    func frequency(_ s: [Float]) -> Double {
        let middle = s[s.count / 4..<s.count * 3 / 4]
        var crossings = 0
        var previous = middle.first ?? 0
        for x in middle.dropFirst() {
            if previous < 0 && x >= 0 { crossings += 1 }
            previous = x
        }
        return Double(crossings) * 48000 / Double(middle.count)
    }

    func tone(_ ws: Workspace, _ selection: String) throws -> Double {
        let plan = try ws.plan(##"{ "version": 1, "timeline": { "videos": [ { "src": "bilingual.mp4"\##(selection) } ] } }"##)
        return frequency(try Mixdown.render(plan)[0])
    }

    func testTheChosenStreamPlays() throws {
        let ws = try Workspace()
        try makeBilingual(ws)
        XCTAssertEqual(try tone(ws, ""), 1000, accuracy: 10, "the stream marked default")
        XCTAssertEqual(try tone(ws, #", "audioTrack": { "language": "eng" }"#), 440, accuracy: 10)
        XCTAssertEqual(try tone(ws, #", "audioTrack": { "language": "spa" }"#), 1000, accuracy: 10)
        XCTAssertEqual(try tone(ws, #", "audioTrack": { "index": 0 }"#), 440, accuracy: 10, "counting audio streams from 0")
        let voice = try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "voiceOvers": [ { "src": "bilingual.mp4", "start": 0, "audioTrack": { "language": "eng" } } ] } }
        """##)
        XCTAssertEqual(frequency(try Mixdown.render(voice)[0]), 440, accuracy: 10, "audio items choose too")
    }

    func testAStreamThatIsNotThereIsAProblemNamingWhatIs() throws {
        let ws = try Workspace()
        try makeBilingual(ws)
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "src": "bilingual.mp4", "audioTrack": { "language": "fra" } },
                                                  { "src": "bilingual.mp4", "audioTrack": { "index": 2 } } ] } }
        """##)) { error in
            guard case RenderError.invalid(let p) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p.map(\.pointer), ["/timeline/videos/0/audioTrack", "/timeline/videos/1/audioTrack"])
            XCTAssertEqual(p[0].message, #""bilingual.mp4" has no audio stream in language fra (it has eng, spa)"#)
            XCTAssertEqual(p[1].message, #""bilingual.mp4" has 2 audio streams, so there is no index 2 (counting from 0)"#)
        }
    }

    func testAMutedItemMayStillNameItsTrack() throws {
        let ws = try Workspace()
        try makeBilingual(ws)
        let plan = try ws.plan(##"{ "version": 1, "timeline": { "videos": [ { "src": "bilingual.mp4", "muted": true, "audioTrack": { "index": 1 } } ] } }"##)
        XCTAssertTrue(plan.audio.isEmpty, "muted: no sound, and no problem for a track that exists")
        XCTAssertThrowsError(try ws.plan(##"{ "version": 1, "timeline": { "videos": [ { "src": "bilingual.mp4", "muted": true, "audioTrack": { "index": 5 } } ] } }"##))
    }

    func testProbeListsLanguagesAndDispositions() throws {
        let ws = try Workspace()
        try makeBilingual(ws)
        let audio = try MediaProbe.probe(path: ws.path("bilingual.mp4")).audioStreams
        XCTAssertEqual(audio.map(\.language), ["eng", "spa"])
        XCTAssertEqual(audio.map(\.isDefault), [false, true])
        let json = try MediaProbe.probe(path: ws.path("bilingual.mp4")).json.serialized
        XCTAssertTrue(json.contains(#""language":"spa","default":true,"forced":false"#), json)
    }
}
