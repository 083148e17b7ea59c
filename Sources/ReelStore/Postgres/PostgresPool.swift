import Foundation
import ReelBasics

/// PostgreSQL connections to one database, each used by one thread at a time. A caller takes an
/// idle connection (checked alive first) or opens one, and gives it back when its call ends; a
/// connection that broke, or that cannot leave its transaction, is closed instead, so after a
/// server restart the pool refills with fresh connections as calls come. The lock guards only
/// the list, never a query.
final class PostgresPool: Sendable {
    private let idle = Guarded<[PostgresConnection]>([])
    let url: String
    /// Idle connections kept beyond this many are closed.
    private let keep = 16

    init(url: String) { self.url = url }

    /// An idle connection that still works, if there is one.
    private func takeIdle() -> PostgresConnection? {
        while let c = idle.withLock({ $0.popLast() }) {
            if c.checkAlive() { return c }
        }
        return nil
    }

    func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run(takeIdle() ?? PostgresConnection(url: url), body)
    }

    private func run<T>(_ c: PostgresConnection, _ body: (PostgresConnection) throws -> T) throws -> T {
        defer {
            if c.isUsable && !c.isIdle { _ = try? c.execute("ROLLBACK") }
            if c.isUsable && c.isIdle {
                idle.withLock { if $0.count < keep { $0.append(c) } }
            }
        }
        return try body(c)
    }
}
