import ReelBasics

/// The keys of a `LocalCache` that must not be deleted now, from a source installed once the job
/// store is open (the store is opened after the storage it records locations of).
public final class CachePins: Sendable {
    private let source = CallbackSlot<Void, Set<String>?>()

    public init() {}

    /// `keys` gives the pinned keys, or nil when they cannot be known (the store is unreachable).
    public func install(_ keys: @escaping @Sendable () -> Set<String>?) { source.set { keys() } }

    /// The pinned keys now; empty before a source is installed; nil when they cannot be known.
    func keys() -> Set<String>? {
        guard let keys = source.call() else { return [] }
        return keys
    }
}
