import Foundation
import ReelQueue
import XCTest

/// Rows are read by column name: the values land in the right fields whatever the SELECT's order,
/// and a name the query does not select is an error naming it, never another column's value.
final class SQLiteStatementTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-sqlite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testColumnsAreReadByNameWhateverTheirPosition() throws {
        let db = try SQLiteDatabase(path: dir + "/t.db")
        try db.execute("CREATE TABLE t (name TEXT NOT NULL, count INTEGER NOT NULL, ratio REAL, note TEXT)")
        try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)").run([.text("a"), .int(7), .double(0.25), .null])
        // Selected in another order than the table's, and with an alias.
        let s = try db.prepare("SELECT note, ratio, count * 2 AS doubled, count, name FROM t")
        XCTAssertTrue(try s.step())
        XCTAssertEqual(try s.text("name"), "a")
        XCTAssertEqual(try s.int("count"), 7)
        XCTAssertEqual(try s.int64("doubled"), 14)
        XCTAssertEqual(try s.double("ratio"), 0.25)
        XCTAssertEqual(try s.optionalDouble("ratio"), 0.25)
        XCTAssertEqual(try s.optionalInt("count"), 7)
        XCTAssertTrue(try s.isNull("note"))
        XCTAssertNil(try s.optionalText("note"))
        XCTAssertFalse(try s.step())
    }

    func testAMisspeltColumnThrowsAnErrorNamingIt() throws {
        let db = try SQLiteDatabase(path: dir + "/t.db")
        try db.execute("CREATE TABLE t (name TEXT NOT NULL, count INTEGER NOT NULL)")
        try db.prepare("INSERT INTO t VALUES (?, ?)").run([.text("a"), .int(7)])
        let s = try db.prepare("SELECT name, count FROM t")
        XCTAssertTrue(try s.step())
        XCTAssertThrowsError(try s.int("cuont")) { error in
            guard let e = error as? SQLiteError else { return XCTFail("not an SQLiteError: \(error)") }
            XCTAssertTrue(e.message.contains("\"cuont\""), e.message)
            XCTAssertTrue(e.message.contains("name, count"), "lists what the query selects: \(e.message)")
            XCTAssertEqual(e.sql, "SELECT name, count FROM t")
        }
        XCTAssertThrowsError(try s.optionalText("Name"), "names match exactly")
        XCTAssertEqual(try s.int("count"), 7, "the statement is still usable")
    }
}
