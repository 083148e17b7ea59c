import ReelSpec
import XCTest

/// The list of sources a renderer probes before planning.
final class MediaSourcesTests: XCTestCase {
    func testEverySourceOnceInSpecOrder() throws {
        let s = try XCTUnwrap(decodeOK(spec(timeline: ##"""
        "videos": [{"src": "a.mp4"}, {"color": "#000000", "duration": 1}, {"src": "b.mov"}, {"src": "a.mp4"}],
        "overlays": [{"type": "image", "src": "logo.png", "start": 0, "duration": 1},
                     {"type": "text", "text": "Hi", "start": 0, "duration": 1},
                     {"type": "video", "src": "pip.mp4", "start": 0, "duration": 1}],
        "voiceOvers": [{"src": "vo.m4a", "start": 1}, {"src": "b.mov", "start": 2}],
        "music": [{"src": "bed.mp3"}, {"src": "bed.mp3"}]
        """##)))
        XCTAssertEqual(s.timeline.mediaSources, ["a.mp4", "b.mov", "logo.png", "pip.mp4", "vo.m4a", "bed.mp3"])
    }

    func testColourCardsAndTextNameNoSource() throws {
        let s = try XCTUnwrap(decodeOK(spec(timeline: ##""videos": [{"color": "#112233", "duration": 1}]"##)))
        XCTAssertEqual(s.timeline.mediaSources, [])
    }
}
