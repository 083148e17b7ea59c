/// GIF's variable-length LZW (GIF89a appendix F) for 8-bit indices: codes of 9 to 12 bits packed
/// least significant bit first, a clear code whenever the 4096-entry table fills.
///
/// The string table is a child array (`children[code × 256 + byte]`, 0 = none) rather than a hash:
/// one lookup per pixel, and a clear resets only the entries it made.
struct LZWEncoder {
    private static let minimumCodeSize = 8
    private static let clearCode = 1 << minimumCodeSize
    private static let endCode = clearCode + 1
    private static let maxCodes = 4096

    private var children = [UInt16](repeating: 0, count: LZWEncoder.maxCodes * 256)
    private var made: [Int] = []

    /// The image data block for `indices`: the minimum code size byte, then the code stream in
    /// sub-blocks of at most 255 bytes, then the block terminator.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = [UInt8(LZWEncoder.minimumCodeSize)]
        var packed: [UInt8] = []
        packed.reserveCapacity(indices.count / 2 + 16)
        var bits = 0, bitCount = 0
        var codeSize = LZWEncoder.minimumCodeSize + 1
        var next = LZWEncoder.endCode + 1
        func emit(_ code: Int) {
            bits |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                packed.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }
        reset()
        emit(LZWEncoder.clearCode)
        if var prefix = indices.first.map(Int.init) {
            for byte in indices.dropFirst() {
                let slot = prefix << 8 | Int(byte)
                let child = Int(children[slot])
                if child != 0 {
                    prefix = child
                    continue
                }
                emit(prefix)
                if next < LZWEncoder.maxCodes {
                    children[slot] = UInt16(next)
                    made.append(slot)
                    // The decoder widens its codes once the table reaches the next power of two.
                    if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    next += 1
                } else {
                    emit(LZWEncoder.clearCode)
                    reset()
                    codeSize = LZWEncoder.minimumCodeSize + 1
                    next = LZWEncoder.endCode + 1
                }
                prefix = Int(byte)
            }
            emit(prefix)
        }
        emit(LZWEncoder.endCode)
        if bitCount > 0 { packed.append(UInt8(truncatingIfNeeded: bits)) }
        var i = 0
        while i < packed.count {
            let n = min(255, packed.count - i)
            out.append(UInt8(n))
            out.append(contentsOf: packed[i..<i + n])
            i += n
        }
        out.append(0)
        return out
    }

    private mutating func reset() {
        for slot in made { children[slot] = 0 }
        made.removeAll(keepingCapacity: true)
    }
}
