import Synchronization

/// Values gathered from several threads at once (`DispatchQueue.concurrentPerform` bodies, a
/// child process's output handler).
public final class Collected<T: Sendable>: Sendable {
    private let items = Mutex<[T]>([])
    public init() {}
    public func append(_ item: T) { items.withLock { $0.append(item) } }
    public func append(contentsOf more: [T]) { items.withLock { $0 += more } }
    public var all: [T] { items.withLock { $0 } }
}

/// A value moved to another thread that the sending thread no longer uses (what `sending` says of
/// a parameter, for a closure that cannot say it).
public final class HandedOver<T>: @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
}
