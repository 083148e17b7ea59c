import Foundation

/// Counts requests by method and status for `/metrics`.
final class RequestCounter: @unchecked Sendable {
    struct Key: Hashable, Comparable {
        let method: String
        let status: Int
        static func < (a: Key, b: Key) -> Bool { (a.method, a.status) < (b.method, b.status) }
    }

    private let lock = NSLock()
    private var counts: [Key: Int] = [:]

    func count(method: String, status: Int) {
        let m = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"].contains(method) ? method : "OTHER"
        lock.lock()
        counts[Key(method: m, status: status), default: 0] += 1
        lock.unlock()
    }

    var snapshot: [Key: Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
