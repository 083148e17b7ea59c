import Glibc

/// One structured log line: a JSON object on a single line, built field by field so every value is
/// escaped (methods and paths come from clients and may hold quotes or control characters).
struct LogLine {
    private var text: String

    init(level: String, msg: String) {
        text = "{\"ts\":" + Self.quote(Self.timestamp()) + ",\"level\":" + Self.quote(level) + ",\"msg\":" + Self.quote(msg)
    }

    mutating func string(_ key: String, _ value: String) {
        text += "," + Self.quote(key) + ":" + Self.quote(value)
    }

    mutating func int(_ key: String, _ value: Int64) {
        text += "," + Self.quote(key) + ":" + String(value)
    }

    /// A number with three decimals (milliseconds with microsecond resolution).
    mutating func decimal(_ key: String, _ value: Double) {
        let thousandths = value.isFinite ? Int64(max(0, min(value, 1e12)) * 1000) : 0
        let fraction = String(thousandths % 1000)
        text += "," + Self.quote(key) + ":" + String(thousandths / 1000) + "."
            + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    var line: String { text + "}" }

    /// UTC time with milliseconds, e.g. `2025-01-31T12:00:00.123Z`.
    static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = ts.tv_sec
        var parts = tm()
        gmtime_r(&t, &parts)
        let pad = HTTPDate.pad
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(ts.tv_nsec / 1_000_000), 3))Z"
    }

    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
