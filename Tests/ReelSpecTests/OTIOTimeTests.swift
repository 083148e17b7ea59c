@testable import ReelSpec
import XCTest

/// OTIO's `RationalTime` numbers as exact times: NTSC rates written as decimals are n·1000/1001,
/// other rates the exact decimal they are, never a rounded Double.
final class OTIOTimeTests: XCTestCase {
    func testRatesAreExact() {
        XCTAssertEqual(OTIOTime.rate("23.976023976023978"), Rational(24000, 1001))
        XCTAssertEqual(OTIOTime.rate("23.976"), Rational(24000, 1001))
        XCTAssertEqual(OTIOTime.rate("29.97"), Rational(30000, 1001))
        XCTAssertEqual(OTIOTime.rate("59.94005994005994"), Rational(60000, 1001))
        XCTAssertEqual(OTIOTime.rate("24"), Rational(24))
        XCTAssertEqual(OTIOTime.rate("24.0"), Rational(24))
        XCTAssertEqual(OTIOTime.rate("25"), Rational(25))
        XCTAssertEqual(OTIOTime.rate("12.5"), Rational(25, 2))
        XCTAssertNil(OTIOTime.rate("0"))
        XCTAssertNil(OTIOTime.rate("-24"))
        XCTAssertNil(OTIOTime.rate("1e400"))
    }

    /// 01:00:00:00 at 23.976 is frame 86400, 86400·1001/24000 s, exactly.
    func testATimecodeFrameIsExact() throws {
        let json = #"{ "OTIO_SCHEMA": "RationalTime.1", "rate": 23.976023976023978, "value": 86400.0 }"#
        let problems = ProblemCollector()
        let t = OTIOTime.time(Field(value: try JSONParser.parse(Array(json.utf8)), pointer: "", problems: problems))
        XCTAssertTrue(problems.isEmpty)
        XCTAssertEqual(t, Time(value: 86400 * 1001, timescale: 24000))
    }
}
