/// A zlib stream (RFC 1950) of DEFLATE blocks (RFC 1951) that code every byte as a literal with a
/// Huffman code made for its block, no back-references: zlib's `Z_HUFFMAN_ONLY`. On a filtered
/// picture, whose bytes are small differences, this compresses about as well as zlib's level 1
/// and runs several times faster, since nothing searches for matches. A block whose code would be
/// larger than its bytes goes stored instead, so the stream is never much larger than its input.
enum LiteralDeflater {
    /// Bytes per block: each block gets a code of its own, so the code follows a picture's regions.
    static let blockBytes = 1 << 18

    static func zlibStream(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let blocks = max(1, (data.count + blockBytes - 1) / blockBytes)
        // Stored blocks: 5 bytes of header each 65,535 bytes; a coded block is smaller than that or
        // not written. Plus the zlib header, the Adler-32 and a block header's bits of slack.
        let capacity = data.count + 5 * (data.count / 65_535 + blocks + 1) + 2 + 4 + 64
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
            var bits = BitSink(out.baseAddress!)
            bits.byte(0x78)  // CMF: deflate, 32 KiB window
            bits.byte(0x01)  // FLG: no dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0
            var start = 0
            repeat {
                let end = min(data.count, start + blockBytes)
                block(UnsafeBufferPointer(rebasing: data[start..<end]), final: end == data.count, into: &bits)
                start = end
            } while start < data.count
            bits.alignToByte()
            let adler = adler32(data)
            for shift in [24, 16, 8, 0] { bits.byte(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
            written = bits.count
            precondition(written <= capacity, "LiteralDeflater overran its buffer")
        }
    }

    /// One block, coded (BTYPE 10) or stored (BTYPE 00), whichever is smaller.
    private static func block(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, into bits: inout BitSink) {
        var counts = [Int](repeating: 0, count: 257)
        for b in bytes { counts[Int(b)] += 1 }
        counts[256] = 1  // end of block
        let literals = HuffmanCode(frequencies: counts, limit: 15)
        let header = CodeLengthsHeader(literals: literals)
        var codedBits = header.bitCount + 3
        for symbol in 0..<257 { codedBits += counts[symbol] * Int(literals.lengths[symbol]) }
        let storedBits = 3 + 7 + 8 * (bytes.count + 5 * max(1, (bytes.count + 65_534) / 65_535))
        if codedBits >= storedBits {
            stored(bytes, final: final, into: &bits)
            return
        }
        bits.write(final ? 1 : 0, 1)
        bits.write(2, 2)  // dynamic Huffman codes
        header.write(into: &bits)
        literals.lengths.withUnsafeBufferPointer { lengths in
            literals.reversedCodes.withUnsafeBufferPointer { codes in
                for b in bytes { bits.write(UInt32(codes[Int(b)]), Int(lengths[Int(b)])) }
                bits.write(UInt32(codes[256]), Int(lengths[256]))
            }
        }
    }

    private static func stored(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, into bits: inout BitSink) {
        var start = 0
        repeat {
            let n = min(65_535, bytes.count - start)
            bits.write(final && start + n == bytes.count ? 1 : 0, 1)
            bits.write(0, 2)
            bits.alignToByte()
            for v in [UInt16(n), ~UInt16(n)] { bits.byte(UInt8(v & 0xFF)); bits.byte(UInt8(v >> 8)) }
            bits.copy(UnsafeBufferPointer(rebasing: bytes[start..<start + n]))
            start += n
        } while start < bytes.count
    }

    /// RFC 1950's checksum of the uncompressed bytes, summed 5,552 bytes at a time (the most that
    /// cannot overflow 32 bits before the modulo).
    static func adler32(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var start = 0
        while start < data.count {
            let end = min(data.count, start + 5552)
            for i in start..<end {
                a &+= UInt32(data[i])
                b &+= a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
        return b << 16 | a
    }
}

/// The part of a dynamic block's header that sends its codes (RFC 1951 §3.2.7): the literal code's
/// 257 lengths and one distance code of one bit (never used: no block here has a match), each
/// length sent with the code-length code, whose own lengths come first.
private struct CodeLengthsHeader {
    static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    let sent: [UInt8]
    let lengthCode: HuffmanCode
    let lengthCodesSent: Int

    init(literals: HuffmanCode) {
        sent = literals.lengths + [1]  // HLIT 257 literal/length codes, HDIST 1 distance code
        var counts = [Int](repeating: 0, count: 19)
        for l in sent { counts[Int(l)] += 1 }
        lengthCode = HuffmanCode(frequencies: counts, limit: 7)
        var n = 19
        while n > 4 && lengthCode.lengths[Self.order[n - 1]] == 0 { n -= 1 }
        lengthCodesSent = n
    }

    var bitCount: Int { 2 + 5 + 5 + 4 + 3 * lengthCodesSent + sent.reduce(0) { $0 + Int(lengthCode.lengths[Int($1)]) } }

    func write(into bits: inout BitSink) {
        bits.write(0, 5)  // HLIT: 257 - 257
        bits.write(0, 5)  // HDIST: 1 - 1
        bits.write(UInt32(lengthCodesSent - 4), 4)
        for i in 0..<lengthCodesSent { bits.write(UInt32(lengthCode.lengths[Self.order[i]]), 3) }
        for l in sent { bits.write(UInt32(lengthCode.reversedCodes[Int(l)]), Int(lengthCode.lengths[Int(l)])) }
    }
}

/// Bits packed from the least significant end into a buffer the caller sized, 32 at a time.
private struct BitSink {
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
