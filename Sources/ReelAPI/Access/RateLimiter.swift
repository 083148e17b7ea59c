import Synchronization

/// Per-caller request limits (`limits.requestsPerMinute`): a token bucket for each API key (each
/// client address when the server has no keys) holding up to a minute's worth of requests and
/// refilled continuously at the rate, so a burst of the whole minute's allowance passes and then
/// requests pass at the rate. Kept in this process: behind a load balancer each node counts its
/// own share (a key may make up to N × the rate through N nodes), which bounds a node's load, the
/// thing the limit protects. Buckets that have refilled are forgotten, so memory stays bounded by
/// the callers of the last minute.
final class RateLimiter: Sendable {
    /// Requests per minute per caller.
    let perMinute: Int

    /// What one request is told: whether it may go on, and the quota's state for the
    /// `RateLimit`/`RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers).
    struct Decision: Sendable {
        let allowed: Bool
        /// Requests left now.
        let remaining: Int
        /// Seconds until the bucket is full again.
        let resetSeconds: Int
        /// Seconds until the next request may pass (when refused).
        let retryAfter: Int
        let limit: Int

        var headers: [(String, String)] {
            [("RateLimit-Policy", "\"default\";q=\(limit);w=60"), ("RateLimit", "\"default\";r=\(remaining);t=\(resetSeconds)")]
        }
    }

    private struct Bucket {
        var tokens: Double
        var at: UInt64
    }
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Past this many callers, full buckets are dropped (they carry nothing a new one would not).
    static let pruneAbove = 10_000

    init(perMinute: Int) { self.perMinute = perMinute }

    /// Takes a request's token from `caller`'s bucket at `now` (monotonic nanoseconds).
    func take(_ caller: String, now: UInt64) -> Decision {
        let capacity = Double(perMinute), perNano = Double(perMinute) / 60e9
        return buckets.withLock { all in
            var b = all[caller] ?? Bucket(tokens: capacity, at: now)
            // `now` was read before the lock: another request may have stamped a later time.
            b.tokens = min(capacity, b.tokens + Double(now > b.at ? now - b.at : 0) * perNano)
            b.at = max(b.at, now)
            let allowed = b.tokens >= 1
            if allowed { b.tokens -= 1 }
            all[caller] = b
            if all.count > Self.pruneAbove {
                all = all.filter { $0.value.tokens + Double(now > $0.value.at ? now - $0.value.at : 0) * perNano < capacity }
            }
            let reset = Int(((capacity - b.tokens) / perNano / 1e9).rounded(.up))
            let retry = allowed ? 0 : max(1, Int(((1 - b.tokens) / perNano / 1e9).rounded(.up)))
            return Decision(allowed: allowed, remaining: Int(b.tokens), resetSeconds: reset, retryAfter: retry, limit: perMinute)
        }
    }

    /// Who a request counts against: its key, else (a server without keys) its client's address
    /// (`HTTPRequestHead.clientAddress`: behind a trusted proxy, the one it forwards for).
    static func caller(key: String, client: String) -> String {
        key.isEmpty ? "ip:" + client : "key:" + key
    }
}
