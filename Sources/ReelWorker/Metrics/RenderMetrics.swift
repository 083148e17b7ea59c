import Foundation
import ReelStore

/// Wall time of finished renders for `/metrics` (`reel_render_seconds`, a histogram).
public final class RenderMetrics: Sendable {
    public let seconds = Histogram(bounds: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600])

    public init() {}

    func record(_ s: Double) { seconds.observe(s) }

    public var snapshot: (sum: Double, count: Int) {
        let s = seconds.snapshot
        return (s.sum, s.count)
    }
}
