import Foundation
import ReelStore
import Synchronization

/// A Prometheus histogram: cumulative bucket counts, a sum and a count, safe to observe from any
/// thread. `lines(name:labels:)` writes its exposition (`_bucket{le=…}`, `_sum`, `_count`).
public final class Histogram: Sendable {
    public let bounds: [Double]
    private struct Tally {
        var counts: [Int]
        var sum = 0.0
        var count = 0
    }
    private let tally: Mutex<Tally>

    public init(bounds: [Double]) {
        self.bounds = bounds.sorted()
        tally = Mutex(Tally(counts: Array(repeating: 0, count: bounds.count)))
    }

    public func observe(_ value: Double) {
        let i = bounds.firstIndex(where: { value <= $0 })
        tally.withLock { t in
            if let i { t.counts[i] += 1 }
            t.sum += value
            t.count += 1
        }
    }

    public var snapshot: (buckets: [Int], sum: Double, count: Int) {
        let t = tally.withLock { $0 }
        var running = 0
        return (t.counts.map { running += $0; return running }, t.sum, t.count)
    }

    /// The exposition lines; `labels` is `a="x",b="y"` or empty.
    public func lines(name: String, labels: String = "") -> [String] {
        let s = snapshot
        let sep = labels.isEmpty ? "" : ","
        var out: [String] = []
        for (bound, c) in zip(bounds, s.buckets) { out.append("\(name)_bucket{\(labels)\(sep)le=\"\(Self.number(bound))\"} \(c)") }
        out.append("\(name)_bucket{\(labels)\(sep)le=\"+Inf\"} \(s.count)")
        out.append("\(name)_sum\(labels.isEmpty ? "" : "{\(labels)}") \(Self.number(s.sum))")
        out.append("\(name)_count\(labels.isEmpty ? "" : "{\(labels)}") \(s.count)")
        return out
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }
}
