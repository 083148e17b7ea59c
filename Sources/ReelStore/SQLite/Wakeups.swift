import Synchronization

/// The callback a worker pool gave `startWakeups`, called from whichever thread committed a change
/// that may have made a job claimable.
final class Wakeups: Sendable {
    private let callback = Mutex<(@Sendable () -> Void)?>(nil)

    func start(_ wake: @escaping @Sendable () -> Void) { callback.withLock { $0 = wake } }
    func stop() { callback.withLock { $0 = nil } }
    func wake() { callback.withLock { $0 }?() }
}
