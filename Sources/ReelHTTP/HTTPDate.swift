import Glibc

/// Formats `Date` header values (IMF-fixdate, RFC 9110 §5.6.7) with `gmtime_r` rather than a
/// Foundation formatter, caching the text for the current second since every response needs it.
public struct HTTPDate {
    private var cachedSecond = -1
    private var cached = ""

    mutating func current() -> String {
        let now = time(nil)
        if now != cachedSecond {
            cached = Self.format(now)
            cachedSecond = now
        }
        return cached
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate of `seconds` since 1970 (a `Date` header, `Last-Modified`).
    public static func format(_ seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(pad(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)) GMT"
    }

    static func pad(_ value: Int32, width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
