import Foundation
@testable import ReelStore
import StoreFixtures
import XCTest

/// Rows are read by column name: the values land in the right fields whatever the SELECT's order,
/// and a name the query does not select is an error naming it, never another column's value.
final class SQLRowTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-sqlite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testColumnsAreReadByNameWhateverTheirPosition() throws {
        let db = try SQLiteDatabase(path: dir + "/t.db")
        try db.execute("CREATE TABLE t (name TEXT NOT NULL, count INTEGER NOT NULL, ratio REAL, note TEXT, flag BOOLEAN)")
        try db.query("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.text("a"), .int(7), .double(0.25), .null, .bool(true)])
        // Selected in another order than the table's, and with an alias.
        let rows = try db.query("SELECT flag, note, ratio, count * 2 AS doubled, count, name FROM t").rows
        XCTAssertEqual(rows.count, 1)
        let r = rows[0]
        XCTAssertEqual(try r.text("name"), "a")
        XCTAssertEqual(try r.int("count"), 7)
        XCTAssertEqual(try r.int64("doubled"), 14)
        XCTAssertEqual(try r.double("ratio"), 0.25)
        XCTAssertEqual(try r.optionalDouble("ratio"), 0.25)
        XCTAssertEqual(try r.optionalInt("count"), 7)
        XCTAssertTrue(try r.bool("flag"))
        XCTAssertNil(try r.optionalText("note"))
        XCTAssertEqual(try r.text("note"), "", "NULL read as text is empty")
    }

    /// PostgreSQL's values arrive as text; the same readers parse them.
    func testTextValuesAreParsedAsPostgreSQLSendsThem() throws {
        let r = SQLRow(columns: SQLColumns(["n", "x", "b", "f", "z"]),
                       values: [.text("42"), .text("0.5"), .text("t"), .text("f"), .null], sql: "SELECT")
        XCTAssertEqual(try r.int64("n"), 42)
        XCTAssertEqual(try r.double("x"), 0.5)
        XCTAssertTrue(try r.bool("b"))
        XCTAssertFalse(try r.bool("f"))
        XCTAssertNil(try r.optionalInt("z"))
    }

    func testAMisspeltColumnThrowsAnErrorNamingIt() throws {
        let db = try SQLiteDatabase(path: dir + "/t.db")
        try db.execute("CREATE TABLE t (name TEXT NOT NULL, count INTEGER NOT NULL)")
        try db.query("INSERT INTO t VALUES (?, ?)", [.text("a"), .int(7)])
        let r = try XCTUnwrap(try db.query("SELECT name, count FROM t").first)
        XCTAssertThrowsError(try r.int("cuont")) { error in
            guard let e = error as? SQLReadError else { return XCTFail("not an SQLReadError: \(error)") }
            XCTAssertTrue(e.description.contains("\"cuont\""), e.description)
            XCTAssertTrue(e.description.contains("name, count"), "lists what the query selects: \(e.description)")
            XCTAssertEqual(e.sql, "SELECT name, count FROM t")
        }
        XCTAssertThrowsError(try r.optionalText("Name"), "names match exactly")
        XCTAssertEqual(try r.int("count"), 7, "the row is still usable")
    }

    /// The name table: every one of a wide SELECT's names (a job's row has 36, so slots collide)
    /// finds its own position, a repeated name its first, and no name outside the list is found,
    /// even one that hashes alike or differs by a byte.
    func testEveryNameOfAWideResultFindsItsOwnPosition() throws {
        var names = (0..<300).map { "column_\($0)" } + ["a", "", "é", "output_first_segment_seconds", "seq"]
        names.append("column_7")  // repeated: the first one is read
        let values = names.indices.map { SQLValue.int(Int64($0)) }
        let row = SQLRow(columns: SQLColumns(names), values: values, sql: "SELECT")
        for (i, n) in names.enumerated().dropLast() {
            XCTAssertEqual(try row.int(n), i, n)
        }
        XCTAssertEqual(try row.int("column_7"), 7)
        for missing in ["column_300", "column_", "A", "e", "output_first_segment_second", "seq ", "column_07"] {
            XCTAssertThrowsError(try row.int(missing), missing)
        }
        XCTAssertThrowsError(try SQLRow(columns: SQLColumns([]), values: [], sql: "SELECT").int("x"), "an empty result selects nothing")
    }
}
