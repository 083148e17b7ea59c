import Foundation
import Synchronization
import ReelStore
import ReelWorker

/// Counts requests by method and status, and times them by route, for `/metrics`.
final class RequestCounter: Sendable {
    struct Key: Hashable, Comparable {
        let method: String
        let status: Int
        static func < (a: Key, b: Key) -> Bool { (a.method, a.status) < (b.method, b.status) }
    }

    static let latencyBounds = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Keyed by `methodIndex * 1000 + status`: an integer key hashes without touching a string on
    /// every answer (the status path counts each of its tens of thousands of requests per second).
    private let counts = Mutex<[Int: Int]>([:])
    private let byRoute = Mutex<[String: Histogram]>([:])
    private static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "OTHER"]

    func count(method: String, status: Int) {
        let index = Self.methods.firstIndex(of: method) ?? Self.methods.count - 1  // OTHER
        let key = index * 1000 + min(max(status, 0), 999)
        counts.withLock { $0[key, default: 0] += 1 }
    }

    /// A request to `route` (a `Route.name`) answered `seconds` after its head arrived.
    func time(route: String, seconds: Double) {
        let h = byRoute.withLock { routes in
            if let h = routes[route] { return h }
            let made = Histogram(bounds: RequestCounter.latencyBounds)
            routes[route] = made
            return made
        }
        h.observe(seconds)
    }

    var snapshot: [Key: Int] {
        let raw = counts.withLock { $0 }
        return Dictionary(uniqueKeysWithValues: raw.map { (Key(method: Self.methods[$0.key / 1000], status: $0.key % 1000), $0.value) })
    }

    var latencies: [String: Histogram] { byRoute.withLock { $0 } }
}
