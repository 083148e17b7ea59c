/// Bytes received on a connection and not yet consumed. Consumed bytes are dropped lazily, so
/// pipelined requests cost no copying each, and a large buffer is released once empty so a
/// thousand idle connections hold almost nothing.
struct InputBuffer {
    private var storage: [UInt8] = []
    private var start = 0

    var isEmpty: Bool { start == storage.count }
    var count: Int { storage.count - start }
    var first: UInt8? { isEmpty ? nil : storage[start] }

    func byte(at offset: Int) -> UInt8? {
        start + offset < storage.count ? storage[start + offset] : nil
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start >= storage.count / 2 {
            storage.removeFirst(start)
            start = 0
        }
        storage.append(contentsOf: bytes)
    }

    mutating func consume(_ count: Int) {
        start = min(storage.count, start + max(0, count))
        if start == storage.count { clear() }
    }

    mutating func clear() {
        if storage.capacity > 16 * 1024 { storage = [] } else { storage.removeAll(keepingCapacity: true) }
        start = 0
    }

    /// Calls `body` with the unconsumed bytes, starting at index 0.
    func withUnconsumed<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[start...]))
        }
    }
}
