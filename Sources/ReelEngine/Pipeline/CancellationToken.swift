import Synchronization

/// A flag another thread sets to stop a render between frames (the CLI's Ctrl-C, the API's cancel).
public final class CancellationToken: Sendable {
    private let cancelled = Atomic(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .releasing) }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
