import Foundation
import Glibc

/// One structured log line: a JSON object on a single line, built field by field into bytes so
/// every value is escaped (methods and paths come from clients and may hold quotes or control
/// characters) without a `String` append per character on the event loop.
struct LogLine {
    private(set) var bytes: [UInt8]

    init(level: String, msg: String) {
        bytes = []
        bytes.reserveCapacity(256)
        bytes += Self.tsKey
        Self.timestamp(into: &bytes)
        bytes += Self.levelKey
        Self.quote(level, into: &bytes)
        bytes += Self.msgKey
        Self.quote(msg, into: &bytes)
    }

    mutating func string(_ key: StaticString, _ value: String) {
        appendKey(key)
        Self.quote(value, into: &bytes)
    }

    mutating func int(_ key: StaticString, _ value: Int64) {
        appendKey(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        Self.appendDigits(value.magnitude, to: &bytes)
    }

    /// The decimal digits of `v`, without a `String` in between.
    static func appendDigits(_ v: UInt64, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        withUnsafeMutableBytes(of: &digits) { buf in
            var n = 0
            var rest = v
            repeat {
                buf[23 - n] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                n += 1
            } while rest > 0
            out.append(contentsOf: buf[(24 - n)...])
        }
    }

    /// A number with three decimals (milliseconds with microsecond resolution).
    mutating func decimal(_ key: StaticString, _ value: Double) {
        appendKey(key)
        let thousandths = value.isFinite ? Int64(max(0, min(value, 1e12)) * 1000) : 0
        Self.appendDigits(UInt64(thousandths / 1000), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        let fraction = thousandths % 1000
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    var line: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

    /// The line's bytes with its closing brace.
    var closed: [UInt8] { bytes + [UInt8(ascii: "}")] }

    private mutating func appendKey(_ key: StaticString) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private static let tsKey = Array("{\"ts\":".utf8)
    private static let levelKey = Array(",\"level\":".utf8)
    private static let msgKey = Array(",\"msg\":".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// UTC time with milliseconds, e.g. `2025-01-31T12:00:00.123Z`.
    static func timestamp() -> String {
        var out: [UInt8] = []
        timestamp(into: &out)
        return String(decoding: out.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The quoted timestamp; the text up to the seconds is formatted once per second.
    static func timestamp(into out: inout [UInt8]) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        cacheLock.lock()
        if cachedSecond != ts.tv_sec {
            var t = ts.tv_sec
            var parts = tm()
            gmtime_r(&t, &parts)
            let pad = HTTPDate.pad
            let text = "\"\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
                + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            cachedSecond = ts.tv_sec
            cachedPrefix = Array(text.utf8)
        }
        out += cachedPrefix
        cacheLock.unlock()
        let ms = Int(ts.tv_nsec / 1_000_000)
        out.append(UInt8(ascii: "0") + UInt8(ms / 100))
        out.append(UInt8(ascii: "0") + UInt8(ms / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(ms % 10))
        out.append(UInt8(ascii: "Z"))
        out.append(UInt8(ascii: "\""))
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cachedSecond = -1
    nonisolated(unsafe) private static var cachedPrefix: [UInt8] = []

    static func quote(_ value: String) -> String {
        var out: [UInt8] = []
        quote(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func quote(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most values (ids, paths, addresses) need no escape: copied whole, not byte by byte.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: value.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for b in value.utf8 {
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
        out.append(UInt8(ascii: "\""))
    }
}
