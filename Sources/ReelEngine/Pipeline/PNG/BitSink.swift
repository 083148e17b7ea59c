/// Bits packed from the least significant end into a buffer the caller sized, 32 at a time.
struct BitSink {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var pending: UInt64 = 0
    private var pendingBits = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// `n` ≤ 32 bits of `value`, low bits first.
    @inline(__always) mutating func write(_ value: UInt32, _ n: Int) {
        pending |= UInt64(value) << UInt64(pendingBits)
        pendingBits += n
        if pendingBits >= 32 {
            var word = UInt32(truncatingIfNeeded: pending).littleEndian
            withUnsafeBytes(of: &word) { UnsafeMutableRawPointer(base + count).copyMemory(from: $0.baseAddress!, byteCount: 4) }
            count += 4
            pending >>= 32
            pendingBits -= 32
        }
    }

    /// Pads with zero bits to a byte boundary and writes out what is pending.
    mutating func alignToByte() {
        pendingBits = (pendingBits + 7) & ~7
        while pendingBits > 0 {
            base[count] = UInt8(truncatingIfNeeded: pending)
            count += 1
            pending >>= 8
            pendingBits -= 8
        }
        pending = 0
    }

    mutating func byte(_ b: UInt8) { write(UInt32(b), 8) }

    /// Bytes after `alignToByte`.
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(pendingBits == 0, "copy needs a byte boundary")
        if let from = bytes.baseAddress { (base + count).update(from: from, count: bytes.count) }
        count += bytes.count
    }
}
