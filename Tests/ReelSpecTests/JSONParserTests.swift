import XCTest
import ReelSpec

final class JSONParserTests: XCTestCase {
    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParser.SyntaxError? {
        do {
            let v = try JSONParser.parse(text)
            XCTFail("parsed \(v) from \(text)", file: file, line: line)
        } catch let e as JSONParser.SyntaxError {
            return e
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    private func assertError(_ text: String, _ reason: String, at offset: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        let e = syntaxError(text, file: file, line: line)
        XCTAssertEqual(e?.reason, reason, text, file: file, line: line)
        XCTAssertEqual(e?.offset, offset, text, file: file, line: line)
    }

    func testValidDocument() throws {
        let v = try JSONParser.parse(#" {"a": [1, -2.5, true, false, null], "b": {"c": "d\n\u00e9"}, "e": []} "#)
        XCTAssertEqual(v, .object([
            ("a", .array([.number("1"), .number("-2.5"), .bool(true), .bool(false), .null])),
            ("b", .object([("c", .string("d\né"))])),
            ("e", .array([])),
        ]))
        XCTAssertEqual(try JSONParser.parse("\u{FEFF}42"), .number("42"))   // a BOM is skipped
        XCTAssertEqual(try JSONParser.parse(#""\"\\\/\b\f\r\t""#), .string("\"\\/\u{8}\u{C}\r\t"))
    }

    func testNumberTextIsKept() throws {
        XCTAssertEqual(try JSONParser.parse("[1.50, -0, 1E+2, 0.1, 123456789012345678901234567890]"),
                       .array([.number("1.50"), .number("-0"), .number("1E+2"), .number("0.1"),
                               .number("123456789012345678901234567890")]))
    }

    func testMemberOrderIsKeptAndSerialized() throws {
        let v = try JSONParser.parse(#"{ "z": 1, "a": [0.10, "x\"y"] }"#)
        XCTAssertEqual(v.serialized, #"{"z":1,"a":[0.10,"x\"y"]}"#)
        XCTAssertNotEqual(v, try JSONParser.parse(#"{"a": [0.10, "x\"y"], "z": 1}"#))
    }

    func testSyntaxErrors() {
        assertError("", "unexpected end of input", at: 0)
        assertError("@", "unexpected character", at: 0)
        assertError("tru", "invalid literal", at: 0)
        assertError("nul!", "invalid literal", at: 0)
        assertError(#"{"a":1,}"#, "expected a member name", at: 7)
        assertError(#"{a:1}"#, "expected a member name", at: 1)
        assertError(#"{"a" 1}"#, "expected ':'", at: 5)
        assertError(#"{"a":1 "b":2}"#, "expected ',' or '}'", at: 7)
        assertError(#"{"a":1"#, "unexpected end of input in an object", at: 6)
        assertError("[1 2]", "expected ',' or ']'", at: 3)
        assertError("[1,", "unexpected end of input", at: 3)
        assertError("[1", "unexpected end of input in an array", at: 2)
        assertError("[1,]", "unexpected character", at: 3)
        assertError("-", "invalid number", at: 1)
        assertError("1.", "invalid number: digits must follow '.'", at: 2)
        assertError("1e+", "invalid number exponent", at: 3)
        assertError("01", "unexpected text after the document", at: 1)
        assertError("{} {}", "unexpected text after the document", at: 3)
        assertError(#""abc"#, "unterminated string", at: 4)
        assertError("\"a\u{1}\"", "control character in a string", at: 2)
        assertError(#""\"#, "unterminated escape", at: 2)
        assertError(#""\x""#, "invalid escape", at: 3)
        assertError(#""\u12G4""#, "invalid \\u escape", at: 5)
        assertError(#""\u12""#, "short \\u escape", at: 3)
    }

    func testInvalidUTF8() {
        do {
            _ = try JSONParser.parse([0x22, 0xFF, 0x22])
            XCTFail("parsed invalid UTF-8")
        } catch let e as JSONParser.SyntaxError {
            XCTAssertEqual(e.reason, "string is not valid UTF-8")
        } catch {
            XCTFail("\(error)")
        }
    }

    func testDuplicateKeyIsRejected() {
        assertError(#"{"a": 1, "b": 2, "a": 3}"#, #"duplicate member "a""#, at: 17)
        assertError(#"{"x": {"k": 1, "k": 1}}"#, #"duplicate member "k""#, at: 15)
        XCTAssertNoThrow(try JSONParser.parse(#"[{"a": 1}, {"a": 1}]"#))
    }

    func testDepthLimit() {
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let deep = "[" + ok + "]"
        XCTAssertEqual(syntaxError(deep)?.reason, "nesting deeper than 128")
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        XCTAssertEqual(syntaxError(hostile)?.reason, "nesting deeper than 128")
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try JSONParser.parse(#""\uD834\uDD1E x""#), .string("𝄞 x"))
        XCTAssertEqual(try JSONParser.parse("\"海边 😀\""), .string("海边 😀"))
        assertError(#""\ud83d""#, "unpaired surrogate", at: 7)
        assertError(#""\ud83dx""#, "unpaired surrogate", at: 7)
        assertError(#""\ude00""#, "unpaired surrogate", at: 7)
        assertError(#""\ud83d\u0041""#, "unpaired surrogate", at: 13)
    }

    func testSyntaxErrorDescription() {
        XCTAssertEqual(syntaxError("[1 2]")?.description, "invalid JSON at byte 3: expected ',' or ']'")
    }
}
