import Foundation
import Synchronization
import ReelStore
import ReelWorker

/// Counts requests by route, method and status, and times them by route, for `/metrics`.
final class RequestCounter: Sendable {
    struct Key: Hashable, Comparable {
        let route: String
        let method: String
        let status: Int
        static func < (a: Key, b: Key) -> Bool { (a.route, a.method, a.status) < (b.route, b.method, b.status) }
    }

    static let latencyBounds = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Keyed by `(routeIndex * 8 + methodIndex) * 1000 + status`: an integer key hashes without
    /// touching a string on every answer (the status path counts each of its tens of thousands of
    /// requests per second). Routes are the few `Route.name`s, numbered as first seen.
    private struct Counts {
        var byKey: [Int: Int] = [:]
        var routes: [String] = []
    }
    private let counts = Mutex(Counts())
    private let byRoute = Mutex<[String: Histogram]>([:])
    private static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "OTHER"]

    /// A request answered; `route` is its `Route.name` (nil: no route matched, `unknown`).
    func count(route: String?, method: String, status: Int) {
        let m = Self.methods.firstIndex(of: method) ?? Self.methods.count - 1  // OTHER
        let name = route ?? "unknown"
        counts.withLock { c in
            let r: Int
            if let i = c.routes.firstIndex(of: name) { r = i } else { r = c.routes.count; c.routes.append(name) }
            c.byKey[(r * Self.methods.count + m) * 1000 + min(max(status, 0), 999), default: 0] += 1
        }
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
        let c = counts.withLock { $0 }
        return Dictionary(uniqueKeysWithValues: c.byKey.map { key, value in
            let rm = key / 1000
            return (Key(route: c.routes[rm / Self.methods.count], method: Self.methods[rm % Self.methods.count], status: key % 1000), value)
        })
    }

    var latencies: [String: Histogram] { byRoute.withLock { $0 } }
}
