import Foundation
import ReelStore

/// The latest progress of a render, written by the render thread and read by its `LeaseKeeper`.
final class ProgressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.0
    func set(_ v: Double) { lock.lock(); value = v; lock.unlock() }
    var current: Double { lock.lock(); defer { lock.unlock() }; return value }
}
