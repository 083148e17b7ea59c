import Foundation

/// Totals of finished renders for `/metrics` (a Prometheus summary's `_sum` and `_count`).
public final class RenderMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 0.0
    private var count = 0

    public init() {}

    func record(_ s: Double) {
        lock.lock()
        seconds += s
        count += 1
        lock.unlock()
    }

    public var snapshot: (sum: Double, count: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (seconds, count)
    }
}
