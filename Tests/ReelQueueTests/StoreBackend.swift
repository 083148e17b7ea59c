import Foundation
import PostgresFixture
@testable import ReelQueue
import XCTest

/// A job store implementation under test: SQLite in a test's folder, or a fresh database on the
/// process's throwaway PostgreSQL cluster (which must start: PostgreSQL missing fails the test).
enum StoreBackend: CustomStringConvertible {
    case sqlite
    case postgres(url: String)

    /// A new, empty PostgreSQL database.
    static func postgres() throws -> StoreBackend { .postgres(url: try TestPostgres.shared().createDatabase()) }

    var description: String {
        switch self {
        case .sqlite: return "SQLite"
        case .postgres: return "PostgreSQL"
        }
    }

    /// A store on this backend's database (the same database each time it is called).
    func open(dir: String, maxAttempts: Int, leaseSeconds: Double, clock: FakeClock) throws -> any JobStore {
        let c = clock
        switch self {
        case .sqlite:
            return try SQLJobStore.sqlite(path: dir + "/reel.db", maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, now: { c.now })
        case .postgres(let url):
            return try SQLJobStore.postgres(url: url, maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, dataDirectory: dir, now: { c.now })
        }
    }

    /// Runs a test body; an error it throws names the backend it was thrown on.
    func run(_ body: () throws -> Void) throws {
        do { try body() } catch { throw Failure(backend: description, error: error) }
    }

    struct Failure: Error, CustomStringConvertible {
        let backend: String
        let error: Error
        var description: String { "on \(backend): \(error)" }
    }
}
