import Foundation
import ReelStore

/// A Prometheus histogram: cumulative bucket counts, a sum and a count, safe to observe from any
/// thread. `lines(name:labels:)` writes its exposition (`_bucket{le=…}`, `_sum`, `_count`).
public final class Histogram: @unchecked Sendable {
    public let bounds: [Double]
    private let lock = NSLock()
    private var counts: [Int]
    private var sum = 0.0
    private var count = 0

    public init(bounds: [Double]) {
        self.bounds = bounds.sorted()
        counts = Array(repeating: 0, count: bounds.count)
    }

    public func observe(_ value: Double) {
        lock.lock()
        if let i = bounds.firstIndex(where: { value <= $0 }) { counts[i] += 1 }
        sum += value
        count += 1
        lock.unlock()
    }

    public var snapshot: (buckets: [Int], sum: Double, count: Int) {
        lock.lock()
        defer { lock.unlock() }
        var running = 0
        return (counts.map { running += $0; return running }, sum, count)
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
