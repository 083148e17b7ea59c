@testable import ReelEngine
import ReelSpec
import XCTest

/// SRT and WebVTT read into exact cues; files that do not parse name their line.
final class CaptionParserTests: XCTestCase {
    func ms(_ v: Int64) -> Time { Time(value: v, timescale: 1000) }

    func parse(_ text: String) throws -> [Cue] { try CaptionParser.parse(Array(text.utf8)) }

    func testWebVTTWithEverythingTheFormatAllows() throws {
        let cues = try parse("""
        WEBVTT - a title
        Kind: captions

        NOTE this is
        a comment

        STYLE
        ::cue { color: yellow }

        intro
        00:00.500 --> 00:01.500 align:start position:10%
        <v Anna>Hola</v> <b>mundo</b> &amp; <i>todos</i>

        01:02:03.004 --> 01:02:04.000
        <c.loud>Dos</c> <00:00.000>first <01:02:03.500>second
        line two
        """)
        XCTAssertEqual(cues.count, 2)
        XCTAssertEqual(cues[0].start, ms(500))
        XCTAssertEqual(cues[0].end, ms(1500))
        XCTAssertEqual(cues[0].text, "Hola mundo & todos")
        XCTAssertEqual(cues[1].start, ms(3_723_004))
        XCTAssertEqual(cues[1].text, "Dos first second\nline two")
        XCTAssertEqual(cues[1].words.map(\.text), ["Dos", "first", "second", "line", "two"])
        XCTAssertEqual(cues[1].words.map(\.start), [nil, ms(0), ms(3_723_500), ms(3_723_500), ms(3_723_500)])
    }

    func testSRTWithBOMAndWindowsLineEnds() throws {
        let cues = try parse("\u{FEFF}1\r\n00:00:00,200 --> 00:00:01,000\r\nHello\r\n\r\n2\r\n00:00:01,500 --> 00:00:02,800\r\n<b>World</b>\r\nsecond line\r\n")
        XCTAssertEqual(cues.map(\.text), ["Hello", "World\nsecond line"])
        XCTAssertEqual(cues.map(\.start), [ms(200), ms(1500)])
        XCTAssertEqual(cues.map(\.end), [ms(1000), ms(2800)])
    }

    /// A cue of a million `<` with no `>` is text, read in one pass.
    func testUnclosedMarkupIsTextAndReadInLinearTime() throws {
        let cues = try parse("WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "<", count: 1_000_000) + "\n")
        XCTAssertEqual(cues.first?.text.count, 1_000_000)
    }

    func testBrokenFilesNameTheirLine() {
        func line(_ text: String) -> Int? {
            do {
                _ = try parse(text)
                return nil
            } catch let e as CaptionParseError {
                return e.line
            } catch {
                return -1
            }
        }
        XCTAssertEqual(line("1\n00:00:01,000 -> 00:00:02,000\nx\n"), 1, "no arrow: no times found for the block")
        XCTAssertEqual(line("WEBVTT\n\n00:01.000 --> 00:00.500\nbackwards\n"), 3)
        XCTAssertEqual(line("WEBVTT\n\n00:01.000 --> 00:02.000\na\n00:03.000 --> 00:04.000\nb\n"), 5, "a missing blank line")
        XCTAssertEqual(line("WEBVTT\n\n00:01.00 --> 00:02.000\nshort millis\n"), 3)
        XCTAssertEqual(line("1\n00:00:61,000 --> 00:01:02,000\nbad seconds\n"), 2)
    }
}

extension CaptionParserTests {
    func testProbeRefusesAHugeFileBySizeWithoutReadingIt() throws {
        let ws = try Workspace()
        let path = ws.path("huge.vtt")
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n".write(toFile: path, atomically: true, encoding: .utf8)
        // A sparse terabyte: nothing on disk, but no process could read it into memory.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 40)
        try handle.close()
        XCTAssertThrowsError(try CaptionProbe.probe(path: path)) { error in
            XCTAssertEqual("\(error)", "line 1: the file is larger than 8 MiB")
        }
    }
}

extension CaptionParserTests {
    func testInlineTimestampsTimeWordsSplitByNoBreakAndIdeographicSpaces() throws {
        let cue = try XCTUnwrap(parse("WEBVTT\n\n00:00.000 --> 00:01.000\n<00:00.000>one&nbsp;two\u{3000}three <00:00.800>four\n").first)
        XCTAssertEqual(cue.words.map(\.text), ["one", "two", "three", "four"])
        // The renderer's words (from the laid-out text) are the parser's, so the timestamps are used
        // rather than the cue shared out by word length.
        let layout = try TextLayout(text: cue.text, chain: FontChain(family: nil, weight: 400, italic: false), size: 20,
                                    lineHeight: 1, align: .left, maxWidth: nil)
        let words = CueTiming.wordRanges(layout.scalars)
        XCTAssertEqual(words.count, 4)
        XCTAssertEqual(CueTiming.wordStarts(cue, words: words), [ms(0), ms(0), ms(0), ms(800)])
        XCTAssertEqual(CueTiming.currentWord(cue, words: words, at: ms(900)), 3)
    }
}
