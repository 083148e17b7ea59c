import Synchronization

/// A callback installed once and called from any thread. Not a `Mutex<(() -> R)?>` read with
/// `withLock { $0 }`: with Swift 6's `Mutex`, handing a stored closure out of `withLock` wraps the
/// stored closure in one more reabstraction thunk on every call (a heap object each time, and a
/// call chain one frame deeper), which grew the server by about 32 bytes a submitted job
/// (`make bench-soak` under heaptrack; `CallbackSlotTests` measures it). A closure held by a class
/// instance is read out as the reference it is.
public final class CallbackSlot<Argument, Result>: Sendable {
    private final class Held: Sendable {
        let call: @Sendable (Argument) -> Result
        init(_ call: @escaping @Sendable (Argument) -> Result) { self.call = call }
    }

    private let held = Mutex<Held?>(nil)

    public init() {}

    /// Installs `call` (nil removes it).
    public func set(_ call: (@Sendable (Argument) -> Result)?) {
        let box = call.map(Held.init)
        held.withLock { $0 = box }
    }

    /// Calls the installed callback with `argument`; nil when there is none.
    public func call(_ argument: Argument) -> Result? {
        held.withLock { $0 }?.call(argument)
    }
}

extension CallbackSlot where Argument == Void {
    public func call() -> Result? { call(()) }
}
