/// A zlib stream (RFC 1950) of DEFLATE blocks (RFC 1951) that code every byte as a literal with a
/// Huffman code made for its block, no back-references: zlib's `Z_HUFFMAN_ONLY`. On a filtered
/// picture, whose bytes are small differences, this compresses about as well as zlib's level 1
/// and runs several times faster, since nothing searches for matches. A block whose code would be
/// larger than its bytes goes stored instead, so the stream is never much larger than its input.
enum LiteralDeflater {
    /// Bytes per block: each block gets a code of its own, so the code follows a picture's regions.
    static let blockBytes = 1 << 18

    /// `data` as a zlib stream: the 2-byte header, its blocks, and the Adler-32 of `data`.
    static func zlibStream(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let blocks = max(1, (data.count + blockBytes - 1) / blockBytes)
        // Stored blocks: 5 bytes of header each 65,535 bytes; a coded block is no larger than that
        // but for its last byte's spare bits (2 bytes a block allowed). Plus the zlib header, the
        // Adler-32 and some slack.
        let capacity = data.count + 5 * (data.count / 65_535 + blocks + 1) + 2 * blocks + 2 + 4 + 64
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
