/// Lowercase hexadecimal, two digits a byte: digests, signatures and codec strings all spell bytes
/// this way, so it is written once here, in the module every other one imports.
public enum Hex {
    public static func lowercase<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef")
        var s = ""
        s.reserveCapacity(bytes.underestimatedCount * 2)
        for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
        return s
    }
}
