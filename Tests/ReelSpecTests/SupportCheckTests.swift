import XCTest
import ReelSpec

final class SupportCheckTests: XCTestCase {
    private func unsupported(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> [String]? {
        decodeOK(json, file: file, line: line).map { SupportCheck.unsupported($0).map(\.pointer) }
    }

    func testPlainSpecIsSupported() {
        XCTAssertEqual(unsupported(spec(output: #""format": "mov", "video": {"codec": "hevc"}, "audio": {"codec": "aac"}"#,
                                        timeline: #""videos": [{"src": "a.mp4", "speed": 1, "volume": 0.5, "filters": [], "keyframes": []},"#
                                            + ##" {"color": "#000000", "duration": 1}], "transitions": [null], "overlays": [], "music": []"##)), [])
    }

    func testProductExample() throws {
        let spec = try XCTUnwrap(decodeOK(productExample))
        let problems = SupportCheck.unsupported(spec)
        XCTAssertEqual(problems.map(\.pointer), [], "every feature of the example renders, its text title too")
    }

    func testFormatsAndCodecs() {
        for format in ["webm", "gif", "jpg", "png"] {
            XCTAssertEqual(unsupported(spec(output: #""format": "\#(format)""#)), [], format)
        }
        XCTAssertEqual(unsupported(spec(output: #""format": "m4a""#, timeline: #""music": [{"src": "a.mp3"}]"#)), [])
        XCTAssertEqual(unsupported(spec(output: #""format": "webm", "video": {"codec": "vp9"}, "audio": {"codec": "opus"}"#)), [])
        XCTAssertEqual(unsupported(spec(output: #""format": "m4v""#)), [])
    }

    func testVideoItemFeatures() {
        let json = spec(timeline: #""videos": [{"src": "a.mp4", "speed": 2, "volume": [{"time": 0, "value": 1}]},"#
            + #" {"src": "b.jpg", "duration": 2, "motion": "zoomIn", "keyframes": [{"time": 0, "scale": 1}], "filters": ["grayscale"]},"#
            + #" {"src": "c.mp4", "speed": "2/2", "volume": 2}]"#)
        XCTAssertEqual(unsupported(json), [], "speed, volume, motion, keyframes and filters all render")
    }

    func testTimelineFeatures() {
        let json = spec(timeline: #""videos": [{"src": "a.mp4"}, {"src": "b.mp4"}, {"src": "c.mp4"}],"#
            + #" "transitions": [null, {"type": "dissolve", "duration": 1}],"#
            + #" "overlays": [{"type": "image", "src": "l.png", "start": 0}, {"type": "text", "text": "Hi", "start": 1}],"#
            + #" "voiceOvers": [{"src": "v.m4a", "start": 0}, {"src": "w.m4a", "start": 2}]"#)
        XCTAssertEqual(unsupported(json), [], "text overlays render too")
    }
}

extension SupportCheckTests {
    /// `outputs` render, a progressive HLS one among them too.
    func testOutputsRenderProgressiveOnesToo() {
        XCTAssertEqual(unsupported(#"{"version": 1, "outputs": [{"name": "a"}], "timeline": {"videos": [{"src": "a.mp4"}]}}"#), [])
        XCTAssertEqual(unsupported(#"{"version": 1, "outputs": [{"name": "a"}, {"name": "b", "format": "hls", "hls": {"progressive": true}}],"#
                                   + #" "timeline": {"videos": [{"src": "a.mp4"}]}}"#), [])
    }
}
