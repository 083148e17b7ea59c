import XCTest
import ReelSpec

final class AudioValidationTests: XCTestCase {
    private func specWith(voiceOvers: String = "", music: String = "") -> String {
        spec(timeline: #""videos": [{"src": "a.mp4"}], "voiceOvers": [\#(voiceOvers)], "music": [\#(music)]"#)
    }

    func testValidItems() throws {
        let s = try XCTUnwrap(decodeOK(specWith(
            voiceOvers: #"{"src": "vo.m4a", "start": "1001/1000", "sourceRange": {"start": 1, "duration": 2}, "fadeIn": 0.25, "pan": -1}"#,
            music: #"{"src": "bed.mp3", "loop": false, "duckUnder": "voiceOvers", "duckLevel": 0.2, "fadeIn": 0, "pan": 0.5}"#)))
        let vo = s.timeline.voiceOvers[0]
        XCTAssertEqual(vo.start, Time(value: 1001, timescale: 1000))
        XCTAssertEqual(vo.sourceRange, TimeRange(start: Time(seconds: 1), duration: Time(seconds: 2)))
        XCTAssertEqual(vo.fadeIn, Time(value: 1, timescale: 4))
        XCTAssertEqual(vo.pan, -1)
        XCTAssertFalse(vo.loop)
        let m = s.timeline.music[0]
        XCTAssertNil(m.start)
        XCTAssertEqual(m.duckUnder, .voiceOvers)
        XCTAssertEqual(m.duckLevel, 0.2)
        XCTAssertEqual(m.pan, 0.5)
    }

    func testSpeed() {
        XCTAssertEqual(decodeOK(specWith(music: #"{"src": "a.mp3", "speed": "3/2"}"#))?.timeline.music[0].speed, Rational(3, 2))
        XCTAssertEqual(message(specWith(voiceOvers: #"{"src": "vo.m4a", "start": 0, "speed": 8}"#), at: "/timeline/voiceOvers/0/speed"),
                       "must be between 0.25 and 4")
    }

    func testVoiceOverRules() {
        let json = specWith(voiceOvers: #"{"src": "vo.m4a"}, {"start": 1}, {"src": "b.m4a", "start": -1, "loop": true, "pan": 2},"#
            + #" {"src": "c.m4a", "start": 0, "fadeIn": -1, "fadeOut": "x", "duckLevel": 0.5, "duckUnder": "music"}"#)
        let v = "/timeline/voiceOvers"
        XCTAssertEqual(pointers(json), ["\(v)/0/start", "\(v)/1/src", "\(v)/2/start", "\(v)/2/loop", "\(v)/2/pan",
                                        "\(v)/3/fadeIn", "\(v)/3/fadeOut", "\(v)/3/duckUnder"])
        XCTAssertEqual(message(json, at: "\(v)/2/loop"), "is only allowed on music items")
        XCTAssertEqual(message(json, at: "\(v)/2/pan"), "must be between -1 and 1")
        // duckLevel is not also blamed: duckUnder is there, just wrong.
        XCTAssertEqual(message(json, at: "\(v)/3/duckUnder"), #"must be one of voiceOvers (found "music")"#)
    }

    func testMusicRules() {
        let json = specWith(music: #"{"src": "a.mp3", "start": 2}, {"src": "b.mp3", "duckLevel": 0.5},"#
            + #" {"src": "c.mp3", "duckUnder": "voiceOvers", "duckLevel": 1.5, "loop": "yes", "volume": [{"time": 0, "value": 11}]}"#)
        let m = "/timeline/music"
        XCTAssertEqual(pointers(json), ["\(m)/0/start", "\(m)/1/duckLevel", "\(m)/2/duckLevel", "\(m)/2/loop", "\(m)/2/volume/0/value"])
        XCTAssertEqual(message(json, at: "\(m)/0/start"), "is not allowed on music items, which play one after another")
        XCTAssertEqual(message(json, at: "\(m)/1/duckLevel"), "requires duckUnder")
        XCTAssertEqual(message(json, at: "\(m)/2/duckLevel"), "must be between 0 and 1")
    }
}
