import Glibc

/// Writes JSON text straight into bytes, for the answers polled most (`GET /v1/jobs/{id}`): no
/// intermediate `JSONValue` tree, no Foundation formatters. Commas are placed by the writer; a
/// caller opens a container, writes `key`s (in objects) or `element`s (in arrays) each followed by
/// one value, and closes it.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// True until the current container has its first member.
    private var first = true

    init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func openObject() { bytes.append(UInt8(ascii: "{")); first = true }
    mutating func closeObject() { bytes.append(UInt8(ascii: "}")); first = false }
    mutating func openArray() { bytes.append(UInt8(ascii: "[")); first = true }
    mutating func closeArray() { bytes.append(UInt8(ascii: "]")); first = false }

    /// A member name in an object; the next call writes its value.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }  // names are plain ASCII, no escapes
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// The next array element.
    mutating func element() { separate() }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    mutating func null() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
    mutating func bool(_ b: Bool) {
        let word: StaticString = b ? "true" : "false"
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ s: String?) {
        guard let s else { return null() }
        bytes.append(UInt8(ascii: "\""))
        // Most values (ids, states, times) need no escape: copied whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: s.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ v: Int64?) {
        guard let v else { return null() }
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(v.magnitude, minimum: 1)
    }

    mutating func int(_ v: Int) { int(Int64(v)) }

    /// A number with at most six decimals and no trailing zeros (`0.42`, `3.123457`, `1`); null
    /// when not finite. Magnitudes are capped at 10^12.
    mutating func decimal(_ v: Double?) {
        guard let v, v.isFinite else { return null() }
        let micros = Int64((min(abs(v), 1e12) * 1_000_000).rounded())
        if v < 0 && micros > 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(micros / 1_000_000), minimum: 1)
        var fraction = micros % 1_000_000
        guard fraction > 0 else { return }
        var width = 6
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt64(fraction), minimum: width)
    }

    /// RFC 3339 UTC with milliseconds (`2024-10-01T10:15:30.123Z`) from milliseconds since 1970.
    mutating func timestamp(_ ms: Int64?) {
        guard let ms else { return null() }
        bytes.append(UInt8(ascii: "\""))
        Self.appendTimestamp(ms, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// JSON text already known to be valid (a stored spec), as it is.
    mutating func raw(_ json: String) { bytes.append(contentsOf: json.utf8) }

    private mutating func appendDigits(_ v: UInt64, minimum: Int) {
        Self.appendDigits(v, minimum: minimum, to: &bytes)
    }

    static func appendDigits(_ v: UInt64, minimum: Int, to bytes: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        var rest = v
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[19 - n] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                n += 1
            } while rest > 0 || n < minimum
            bytes.append(contentsOf: buf[(20 - n)...])
        }
    }

    static func appendTimestamp(_ ms: Int64, to bytes: inout [UInt8]) {
        var seconds = time_t(ms.floorQuotient(dividingBy: 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func put(_ v: Int32, _ width: Int) { appendDigits(UInt64(max(0, v)), minimum: width, to: &bytes) }
        put(parts.tm_year + 1900, 4); bytes.append(UInt8(ascii: "-"))
        put(parts.tm_mon + 1, 2); bytes.append(UInt8(ascii: "-"))
        put(parts.tm_mday, 2); bytes.append(UInt8(ascii: "T"))
        put(parts.tm_hour, 2); bytes.append(UInt8(ascii: ":"))
        put(parts.tm_min, 2); bytes.append(UInt8(ascii: ":"))
        put(parts.tm_sec, 2); bytes.append(UInt8(ascii: "."))
        put(Int32(ms.floorRemainder(dividingBy: 1000)), 3); bytes.append(UInt8(ascii: "Z"))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}

extension Int64 {
    /// Floor division (so times before 1970 keep a positive millisecond part).
    fileprivate func floorQuotient(dividingBy d: Int64) -> Int64 { (self - floorRemainder(dividingBy: d)) / d }
    fileprivate func floorRemainder(dividingBy d: Int64) -> Int64 { let r = self % d; return r < 0 ? r + d : r }
}
