import XCTest
import ReelSpec

final class TransitionValidationTests: XCTestCase {
    private func specWith(videos: String, transitions: String) -> String {
        spec(timeline: #""videos": [\#(videos)], "transitions": [\#(transitions)]"#)
    }

    private let twoClips = #"{"src": "a.mp4"}, {"src": "b.mp4"}"#

    func testValidTransitions() throws {
        let s = try XCTUnwrap(decodeOK(specWith(
            videos: #"{"src": "a.mp4"}, {"src": "b.mp4"}, {"src": "c.mp4"}, {"src": "d.mp4"}"#,
            transitions: ##"{"type": "fade", "duration": 0.5, "color": "#FFFFFF"}, null, {"type": "wipe", "direction": "down", "duration": "1/2"}"##)))
        XCTAssertEqual(s.timeline.transitions, [
            TransitionSpec(kind: .fade, duration: Time(value: 1, timescale: 2), color: .white),
            nil,
            TransitionSpec(kind: .wipe, duration: Time(value: 1, timescale: 2), direction: .down),
        ])
    }

    func testTooManyEntries() {
        XCTAssertEqual(problems(specWith(videos: twoClips, transitions: "null, null")),
                       [SpecProblem(pointer: "/timeline/transitions",
                                    message: "must have at most 1 entry, one for each join between consecutive videos")])
        XCTAssertNotNil(decodeOK(specWith(videos: twoClips, transitions: "null")))
        XCTAssertNotNil(decodeOK(specWith(videos: twoClips, transitions: "")))
    }

    func testFieldRules() {
        let json = specWith(
            videos: #"{"src": "a.mp4"}, {"src": "b.mp4"}, {"src": "c.mp4"}, {"src": "d.mp4"}, {"src": "e.mp4"}, {"src": "f.mp4"}, {"src": "g.mp4"}"#,
            transitions: #"{"type": "push", "duration": 1}, {"type": "dissolve", "direction": "left", "duration": 1},"#
                + ##" {"type": "slide", "direction": "north", "duration": 0, "color": "#000000"}, {"type": "zoom", "duration": 1},"##
                + #" {"duration": 1}, "dissolve""#)
        let t = "/timeline/transitions"
        XCTAssertEqual(pointers(json), ["\(t)/0/direction", "\(t)/1/direction", "\(t)/2/direction", "\(t)/2/duration",
                                        "\(t)/2/color", "\(t)/3/type", "\(t)/4/type", "\(t)/5"])
        XCTAssertEqual(message(json, at: "\(t)/0/direction"), "is required for a push transition")
        XCTAssertEqual(message(json, at: "\(t)/1/direction"), "is not allowed on a dissolve transition")
        XCTAssertEqual(message(json, at: "\(t)/2/direction"), #"must be one of left, right, up or down (found "north")"#)
        XCTAssertEqual(message(json, at: "\(t)/2/color"), "is only allowed on a fade transition")
        XCTAssertEqual(message(json, at: "\(t)/3/type"),
                       #"must be one of dissolve, fade, push, slide, wipe or matte (found "zoom")"#)
        XCTAssertEqual(message(json, at: "\(t)/4/type"), "is required")
        XCTAssertEqual(message(json, at: "\(t)/5"), "must be an object, found a string")
        XCTAssertEqual(message(specWith(videos: twoClips, transitions: #"{"type": "fade"}"#), at: "\(t)/0/duration"), "is required")
    }

    func testLongerThanANeighbour() {
        let json = specWith(videos: ##"{"color": "#000000", "duration": 2}, {"src": "b.mp4", "sourceRange": {"start": 5, "duration": 1}}"##,
                            transitions: #"{"type": "dissolve", "duration": 1.5}"#)
        XCTAssertEqual(problems(json), [SpecProblem(pointer: "/timeline/transitions/0/duration",
                                                    message: "is longer than videos/1 (1 s)")])
        let first = specWith(videos: #"{"src": "a.jpg", "duration": 0.5}, {"src": "b.mp4"}"#,
                             transitions: #"{"type": "dissolve", "duration": 1}"#)
        XCTAssertEqual(message(first, at: "/timeline/transitions/0/duration"), "is longer than videos/0 (0.5 s)")
        // Equal is fine, and a neighbour of unknown length is not checked.
        XCTAssertNotNil(decodeOK(specWith(videos: ##"{"color": "#000000", "duration": 1}, {"src": "b.mp4"}"##,
                                          transitions: #"{"type": "dissolve", "duration": 1}"#)))
        XCTAssertNotNil(decodeOK(specWith(videos: twoClips, transitions: #"{"type": "dissolve", "duration": 30}"#)))
    }

    func testSpeedChangesTheNeighboursLength() {
        let json = specWith(videos: #"{"src": "a.mp4", "sourceRange": {"duration": 4}, "speed": 2}, {"src": "b.mp4"}"#,
                            transitions: #"{"type": "dissolve", "duration": 3}"#)
        XCTAssertEqual(message(json, at: "/timeline/transitions/0/duration"), "is longer than videos/0 (2 s)")
        XCTAssertNotNil(decodeOK(specWith(videos: #"{"src": "a.mp4", "sourceRange": {"duration": 4}, "speed": 0.5}, {"src": "b.mp4"}"#,
                                          transitions: #"{"type": "dissolve", "duration": 3}"#)))
    }

    func testTwoTransitionsAroundOneItem() {
        let videos = ##"{"src": "a.mp4"}, {"color": "#000000", "duration": 1.5}, {"src": "c.mp4"}"##
        XCTAssertEqual(problems(specWith(videos: videos, transitions: #"{"type": "dissolve", "duration": 1}, {"type": "dissolve", "duration": 1}"#)),
                       [SpecProblem(pointer: "/timeline/transitions/1/duration",
                                    message: "together with transitions/0 (1 s) is longer than videos/1 (1.5 s)")])
        XCTAssertNotNil(decodeOK(specWith(videos: videos, transitions: #"{"type": "dissolve", "duration": 1}, {"type": "dissolve", "duration": 0.5}"#)))
        XCTAssertNotNil(decodeOK(specWith(videos: videos, transitions: #"{"type": "dissolve", "duration": 1}, null"#)))
    }
}
