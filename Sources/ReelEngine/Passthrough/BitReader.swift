/// Reads the leading fields of an H.264 parameter set: fixed-width bits and Exp-Golomb codes.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next `n` bits (n ≤ 32), or nil past the end.
    mutating func bits(_ n: Int) -> UInt32? {
        guard position + n <= bytes.count * 8 else { return nil }
        var v: UInt32 = 0
        for _ in 0..<n {
            let bit = (bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            v = v << 1 | UInt32(bit)
            position += 1
        }
        return v
    }

    /// An unsigned Exp-Golomb code (`ue(v)`), or nil when malformed or past the end.
    mutating func ue() -> UInt32? {
        var zeros = 0
        while true {
            guard let b = bits(1) else { return nil }
            if b == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = bits(zeros) else { return nil }
        return (UInt32(1) << zeros) - 1 + rest
    }
}
