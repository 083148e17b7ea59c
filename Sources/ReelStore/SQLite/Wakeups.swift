import ReelBasics

/// The callback a worker pool gave `startWakeups`, called from whichever thread committed a change
/// that may have made a job claimable.
final class Wakeups: Sendable {
    private let callback = CallbackSlot<Void, Void>()

    func start(_ wake: @escaping @Sendable () -> Void) { callback.set { wake() } }
    func stop() { callback.set(nil) }
    func wake() { _ = callback.call() }
}
