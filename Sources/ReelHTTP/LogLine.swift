import Foundation
import Glibc
import Synchronization

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
        JSONBytes.appendQuoted(level, to: &bytes)
        bytes += Self.msgKey
        JSONBytes.appendQuoted(msg, to: &bytes)
    }

    mutating func string(_ key: StaticString, _ value: String) {
        appendKey(key)
        JSONBytes.appendQuoted(value, to: &bytes)
    }

    mutating func int(_ key: StaticString, _ value: Int64) {
        appendKey(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        JSONBytes.appendDigits(value.magnitude, to: &bytes)
    }

    /// A number with three decimals (milliseconds with microsecond resolution).
    mutating func decimal(_ key: StaticString, _ value: Double) {
        appendKey(key)
        let thousandths = value.isFinite ? Int64(max(0, min(value, 1e12)) * 1000) : 0
        JSONBytes.appendDigits(UInt64(thousandths / 1000), to: &bytes)
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
        out += cache.withLock { cache in
        if cache.second != ts.tv_sec {
            var t = ts.tv_sec
            var parts = tm()
            gmtime_r(&t, &parts)
            let pad = HTTPDate.pad
            let text = "\"\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
                + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            cache = (ts.tv_sec, Array(text.utf8))
        }
        return cache.prefix
        }
        let ms = Int(ts.tv_nsec / 1_000_000)
        out.append(UInt8(ascii: "0") + UInt8(ms / 100))
        out.append(UInt8(ascii: "0") + UInt8(ms / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(ms % 10))
        out.append(UInt8(ascii: "Z"))
        out.append(UInt8(ascii: "\""))
    }

    /// The second last formatted and its text, shared by every thread that logs.
    private static let cache = Mutex<(second: Int, prefix: [UInt8])>((-1, []))
}
