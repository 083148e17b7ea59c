import Synchronization
import Foundation
import ReelStore
import XCTest

/// A job store implementation under test: SQLite in a test's folder, or a fresh database on the
/// process's throwaway PostgreSQL cluster (which must start: PostgreSQL missing fails the test).
public enum StoreBackend: CustomStringConvertible {
    case sqlite
    case postgres(url: String)

    /// A new, empty PostgreSQL database.
    public static func postgres() throws -> StoreBackend { .postgres(url: try TestPostgres.shared().createDatabase()) }

    public var description: String {
        switch self {
        case .sqlite: return "SQLite"
        case .postgres: return "PostgreSQL"
        }
    }

    /// A store on this backend's database (the same database each time it is called).
    public func open(dir: String, maxAttempts: Int, leaseSeconds: Double, clock: FakeClock) throws -> any JobStore {
        let c = clock
        switch self {
        case .sqlite:
            return try SQLJobStore.sqlite(path: dir + "/reel.db", maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, now: { c.now })
        case .postgres(let url):
            return try SQLJobStore.postgres(url: url, maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, dataDirectory: dir, now: { c.now })
        }
    }

    /// Runs a test body; an error it throws names the backend it was thrown on.
    public func run(_ body: () throws -> Void) throws {
        do { try body() } catch { throw Failure(backend: description, error: error) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let backend: String
        public let error: Error
        public var description: String { "on \(backend): \(error)" }
    }
}

/// A clock the tests move by hand.
public final class FakeClock: Sendable {
    private let ms = Mutex<Int64>(1_700_000_000_000)
    public init() {}
    public var now: Int64 { ms.withLock { $0 } }
    public func advance(seconds: Double) { ms.withLock { $0 += Int64(seconds * 1000) } }
}

/// `submit` answered other than `.created`: thrown so the test fails (a skip would hide the bug).
public struct SubmitDidNotCreate: Error, CustomStringConvertible {
    public let result: SubmitResult
    public init(result: SubmitResult) { self.result = result }
    public var description: String { "expected a new job, got \(result)" }
}

