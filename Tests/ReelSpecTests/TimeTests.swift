import Foundation
import XCTest
import ReelSpec

final class TimeTests: XCTestCase {
    private func parse(_ text: String) -> Time? { try? TimeParser.parseDecimal(text).get() }

    /// The cases of Tests/Shared/time-cases.json, which the console's time.js is held to as well
    /// (console/test/time.test.js): one table, so the editor reads and writes times as the server does.
    func testTheSharedTableOfTimeTexts() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Shared/time-cases.json")
        let table = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        func time(_ text: String) -> Time {
            let parts = text.split(separator: "/")
            return Time(value: Int64(parts[0])!, timescale: Int32(parts[1])!)
        }
        func expected(_ c: [String: String]) -> String { c["error"].map { "error " + $0 } ?? "time " + (c["time"] ?? "?") }
        func got(_ r: Result<Time, TimeParser.Failure>) -> String {
            switch r {
            case .success(let t): return "time \(t.value)/\(t.timescale)"
            case .failure(let f): return "error \(f)"
            }
        }
        let decimal = try XCTUnwrap(table["decimal"] as? [[String: String]])
        let strings = try XCTUnwrap(table["string"] as? [[String: String]])
        let descriptions = try XCTUnwrap(table["description"] as? [[String: String]])
        XCTAssertGreaterThanOrEqual(decimal.count, 30)
        for c in decimal { XCTAssertEqual(got(TimeParser.parseDecimal(c["text"]!)), expected(c), c["text"]!) }
        for c in strings { XCTAssertEqual(got(TimeParser.parseString(c["text"]!)), expected(c), c["text"]!) }
        for c in descriptions { XCTAssertEqual(time(c["time"]!).description, c["text"], c["time"]!) }
    }

    func testDecimalIsExact() {
        XCTAssertEqual(parse("0.1"), Time(value: 1, timescale: 10))
        XCTAssertEqual(parse("0.1")?.value, 1)
        XCTAssertEqual(parse("0.1")?.timescale, 10)
        XCTAssertEqual(parse("2.500000000000"), Time(value: 5, timescale: 2))
        XCTAssertEqual(parse("-0.75"), Time(value: -3, timescale: 4))
        XCTAssertEqual(parse("0"), .zero)
        XCTAssertEqual(parse("-0"), .zero)
        XCTAssertEqual(parse("0.123456789"), Time(value: 123_456_789, timescale: 1_000_000_000))
    }

    func testExponents() {
        XCTAssertEqual(parse("1.5e2"), Time(seconds: 150))
        XCTAssertEqual(parse("25e-3"), Time(value: 1, timescale: 40))
        XCTAssertEqual(parse("1E+2"), Time(seconds: 100))
        XCTAssertEqual(parse("0e999"), .zero)
        XCTAssertEqual(TimeParser.parseDecimal("1e30"), .failure(.outOfRange))
        XCTAssertEqual(TimeParser.parseDecimal("1e"), .failure(.notANumber))
    }

    func testTooPreciseAndMalformed() {
        XCTAssertEqual(TimeParser.parseDecimal("0.0000000001"), .failure(.tooPrecise))
        XCTAssertEqual(TimeParser.parseDecimal("1e-12"), .failure(.tooPrecise))
        XCTAssertEqual(TimeParser.parseDecimal("abc"), .failure(.notANumber))
        XCTAssertEqual(TimeParser.parseDecimal("1.2.3"), .failure(.notANumber))
        XCTAssertEqual(TimeParser.parseDecimal(""), .failure(.notANumber))
        XCTAssertEqual(TimeParser.parseDecimal("99999999999999999999"), .failure(.outOfRange))
    }

    /// The campaign's hostile number: a megabyte of zeros held a handler thread for half a minute
    /// while they were removed one at a time. Text longer than any time needs is refused unread.
    func testNumberTextLongerThanAnyTimeNeedsIsRefused() {
        let megabyte = "0." + String(repeating: "0", count: 1_000_000) + "1"
        XCTAssertEqual(TimeParser.parseDecimal(megabyte), .failure(.tooLong))
        XCTAssertEqual(TimeParser.parseDecimal(String(repeating: "9", count: 65)), .failure(.tooLong))
        XCTAssertTrue(TimeParser.Failure.tooLong.message.contains("64 characters"), TimeParser.Failure.tooLong.message)
        // Within the limit, zeros anywhere still read exactly.
        XCTAssertEqual(parse("0" + String(repeating: "0", count: 50) + "12.5"), Time(value: 25, timescale: 2))
        XCTAssertEqual(parse("2." + "5" + String(repeating: "0", count: 60)), Time(value: 5, timescale: 2))
        XCTAssertEqual(parse("100.0"), Time(seconds: 100))
        XCTAssertEqual(parse("10.05"), Time(value: 201, timescale: 20))
        XCTAssertEqual(parse("1200e-2"), Time(seconds: 12))
        XCTAssertEqual(parse("0." + String(repeating: "0", count: 50)), .zero)
        XCTAssertEqual(TimeParser.parseDecimal("0." + String(repeating: "0", count: 40) + "1"), .failure(.tooPrecise))
        XCTAssertEqual(TimeParser.parseDecimal("1" + String(repeating: "0", count: 40)), .failure(.outOfRange))
    }

    func testRationalStrings() {
        XCTAssertEqual(try TimeParser.parseString("1001/30000").get(), Time(value: 1001, timescale: 30000))
        XCTAssertEqual(try TimeParser.parseString("2/4").get(), Time(value: 1, timescale: 2))
        XCTAssertEqual(try TimeParser.parseString("0.5").get(), Time(value: 1, timescale: 2))
        XCTAssertEqual(TimeParser.parseString("1/0"), .failure(.notANumber))
        XCTAssertEqual(TimeParser.parseString("1/2/3"), .failure(.notANumber))
        XCTAssertEqual(TimeParser.parseString("a/2"), .failure(.notANumber))
    }

    func testArithmeticIsExact() {
        let tenth = Time(value: 1, timescale: 10), fifth = Time(value: 1, timescale: 5)
        XCTAssertEqual(tenth + fifth, Time(value: 3, timescale: 10))
        XCTAssertEqual(Time(value: 1, timescale: 3) + Time(value: 1, timescale: 6), Time(value: 1, timescale: 2))
        XCTAssertEqual(Time(seconds: 1) - Time(value: 1001, timescale: 30000), Time(value: 28999, timescale: 30000))
        XCTAssertEqual(Time(value: 1001, timescale: 30000) * 30, Time(value: 1001, timescale: 1000))
        XCTAssertEqual(-tenth, Time(value: -1, timescale: 10))
        XCTAssertEqual(Time(seconds: 3).scaled(by: Rational(1, 2)), Time(value: 3, timescale: 2))
        XCTAssertTrue(Time(value: 1, timescale: 3) < Time(value: 334, timescale: 1000))
        XCTAssertFalse(Time(value: 2, timescale: 4) < Time(value: 1, timescale: 2))
        XCTAssertEqual(Time(value: 2, timescale: 4), Time(value: 1, timescale: 2))
        XCTAssertEqual(Time.max(tenth, fifth), fifth)
    }

    func testTicks() {
        let t = Time(value: 1001, timescale: 30000)
        XCTAssertEqual(t.ticks(in: 48000), 1601)             // 1601.6 rounded down
        XCTAssertEqual(t.ticks(in: 48000, rounding: .nearest), 1602)
        XCTAssertEqual(t.ticks(in: 48000, rounding: .up), 1602)
        XCTAssertEqual(Time(seconds: 2).ticks(timeBaseNum: 1, den: 90000), 180_000)
        XCTAssertEqual(Time.fromTicks(3003, timeBaseNum: 1, den: 90000), Time(value: 1001, timescale: 30000))
    }

    func testDescription() {
        XCTAssertEqual(Time(value: 1, timescale: 10).description, "0.1")
        XCTAssertEqual(Time(seconds: 60).description, "60")
        XCTAssertEqual(Time(value: -3, timescale: 2).description, "-1.5")
        XCTAssertEqual(Time(value: 1, timescale: 40).description, "0.025")
        XCTAssertEqual(Time(value: 1001, timescale: 30000).description, "1001/30000")
        XCTAssertEqual(Time(value: 1, timescale: 3).description, "1/3")
        XCTAssertEqual(Rational(30000, 1001).description, "30000/1001")
        XCTAssertEqual(Rational(60, 2).description, "30")
        XCTAssertEqual(TimeRange(start: Time(seconds: 2), duration: Time(seconds: 5)).description, "[2, 7)")
    }

    func testTimeRangeContainsIsHalfOpen() {
        let r = TimeRange(start: Time(seconds: 1), duration: Time(seconds: 2))
        XCTAssertEqual(r.end, Time(seconds: 3))
        XCTAssertTrue(r.contains(Time(seconds: 1)))
        XCTAssertFalse(r.contains(Time(seconds: 3)))
        XCTAssertFalse(r.contains(Time(value: 1, timescale: 2)))
    }

    func testHugeValuesOverFineBinaryTimescalesPrintWithoutOverflow() {
        let t = Time(value: 199_999_999_999_999_999, timescale: 1 << 30)
        XCTAssertTrue(t.description.hasPrefix("186264514.9230957021936774253845"), t.description)
        XCTAssertEqual(Time(value: -3, timescale: 1 << 30).description.prefix(3), "-0.")
        XCTAssertEqual(Time(value: 5, timescale: 4).description, "1.25")
    }
}
