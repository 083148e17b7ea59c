import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// Schema migrations by `user_version`: a database from a newer Reel is refused untouched, and
/// stores opening a new database together migrate it once.
final class SchemaVersionTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-schema-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testADatabaseFromANewerReelIsRefusedUntouched() throws {
        let path = dir + "/reel.db"
        let known = SQLiteSchema.migrations.count
        _ = try SQLJobStore.sqlite(path: path)
        let db = try SQLiteDatabase(path: path)
        XCTAssertEqual(try db.userVersion, known)
        try db.execute("PRAGMA user_version = \(known + 1)")
        XCTAssertThrowsError(try SQLJobStore.sqlite(path: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(error is SchemaTooNewError, text)
            XCTAssertTrue(text.contains("schema version \(known + 1)"), text)
            XCTAssertTrue(text.contains("version \(known),"), text)
            XCTAssertTrue(text.contains(path), text)
        }
        XCTAssertEqual(try db.userVersion, known + 1, "left as it was")
    }

    func testStoresOpeningANewDatabaseTogetherMigrateItOnce() throws {
        let path = dir + "/reel.db"
        let errors = Collected<String>()
        // Each connection reads the version inside its write transaction: none runs a migration
        // another already ran ("table jobs already exists").
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { _ = try SQLJobStore.sqlite(path: path) } catch { errors.append("\(error)") }
        }
        XCTAssertEqual(errors.all, [])
        XCTAssertEqual(try SQLiteDatabase(path: path).userVersion, SQLiteSchema.migrations.count)
    }
}
