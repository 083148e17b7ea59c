/// Lowercase hexadecimal, two digits a byte: digests, signatures and codec strings all spell bytes
/// this way, so it is written once here, in the module every other one imports.
public enum Hex {
    public static func lowercase<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        // Bytes first, one String made at the end: appending Characters costs a grapheme check
        // each, which showed in the status path's profile (a link's signature in every job JSON).
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
