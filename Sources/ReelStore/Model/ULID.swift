import Foundation

/// Sortable unique ids (ULID: 48-bit millisecond time + 80 random bits, Crockford base32), so
/// job ids sort by creation and leak nothing but their time.
public enum ULID {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    public static func make(millis: Int64 = Int64(Date().timeIntervalSince1970 * 1000)) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - i))) }
        var rng = SystemRandomNumberGenerator()
        for i in 6..<16 { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
        // 128 bits → 26 base32 characters (the first carries 3 bits).
        var value = bytes.reduce(UInt128(0)) { $0 << 8 | UInt128($1) }
        var chars = [Character](repeating: "0", count: 26)
        for i in stride(from: 25, through: 0, by: -1) {
            chars[i] = alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(chars)
    }
}
