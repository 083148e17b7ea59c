/// JSON text pieces written straight into bytes, shared by the request log (`LogLine`) and the
/// API's `JSONWriter`: both run once per request on the status path, so neither goes through a
/// `String` or a byte-by-byte append when the value needs no escape.
public enum JSONBytes {
    /// `value` as a JSON string, quoted; `"`, `\` and control characters (and DEL) escaped, so a
    /// client's method or path cannot break a log line.
    public static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Most values (ids, states, times, paths) need no escape: checked over the bytes
            // and copied whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: bytes)
                return
            }
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""): out += [0x5C, 0x22]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0..<0x20, 0x7F:
                    out += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                default: out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The decimal digits of `v`, left-padded with zeros to `minimum` digits.
    public static func appendDigits(_ v: UInt64, minimum: Int = 1, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        withUnsafeMutableBytes(of: &digits) { buf in
            var n = 0
            var rest = v
            repeat {
                buf[23 - n] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                n += 1
            } while (rest > 0 || n < minimum) && n < 24
            out.append(contentsOf: buf[(24 - n)...])
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
