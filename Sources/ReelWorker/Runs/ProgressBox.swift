import Foundation
import ReelStore
import Synchronization

/// The latest progress of a render, written by the render thread and read by its `LeaseKeeper`.
final class ProgressBox: Sendable {
    private let value = Mutex(0.0)
    func set(_ v: Double) { value.withLock { $0 = v } }
    var current: Double { value.withLock { $0 } }
}
