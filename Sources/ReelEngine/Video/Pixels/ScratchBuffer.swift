/// Reusable raw memory for per-frame temporaries (coverage tables, gathered rows, blur rings), owned by
/// one object and freed in deinit, so the compositing loops allocate nothing per pixel and, once the
/// largest size has been seen, nothing per frame either.
///
/// Integer elements only; memory is zeroed when it grows and the old contents are not kept.
final class ScratchBuffer<Element: FixedWidthInteger> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        pointer = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
        pointer.initialize(repeating: 0, count: self.capacity)
    }

    deinit { pointer.deallocate() }

    /// Room for at least `count` elements; the returned pointer is valid until the next call.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            pointer.deallocate()
            capacity = count
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: count)
            pointer.initialize(repeating: 0, count: count)
        }
        return pointer
    }
}
