import Glibc
import ReelHTTP

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
        JSONBytes.appendQuoted(s, to: &bytes)
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
        JSONBytes.appendDigits(v, minimum: minimum, to: &bytes)
    }

    /// RFC 3339 in UTC to the millisecond, from the proleptic Gregorian calendar's arithmetic
    /// (days to year, month and day as in Howard Hinnant's `civil_from_days`). Not `gmtime_r`:
    /// glibc takes a process-wide lock in it, which the event loops met on every status answer
    /// (five times in each).
    static func appendTimestamp(_ ms: Int64, to bytes: inout [UInt8]) {
        let seconds = ms.floorQuotient(dividingBy: 1000)
        let days = seconds.floorQuotient(dividingBy: 86_400), secondOfDay = seconds.floorRemainder(dividingBy: 86_400)
        let z = days + 719_468  // days from 0000-03-01, so a leap day ends its year
        let era = z.floorQuotient(dividingBy: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func put(_ v: Int64, _ width: Int) { JSONBytes.appendDigits(UInt64(max(0, v)), minimum: width, to: &bytes) }
        put(year, 4); bytes.append(UInt8(ascii: "-"))
        put(month, 2); bytes.append(UInt8(ascii: "-"))
        put(day, 2); bytes.append(UInt8(ascii: "T"))
        put(secondOfDay / 3600, 2); bytes.append(UInt8(ascii: ":"))
        put(secondOfDay % 3600 / 60, 2); bytes.append(UInt8(ascii: ":"))
        put(secondOfDay % 60, 2); bytes.append(UInt8(ascii: "."))
        put(ms.floorRemainder(dividingBy: 1000), 3); bytes.append(UInt8(ascii: "Z"))
    }

}

extension Int64 {
    /// Floor division (so times before 1970 keep a positive millisecond part).
    fileprivate func floorQuotient(dividingBy d: Int64) -> Int64 { (self - floorRemainder(dividingBy: d)) / d }
    fileprivate func floorRemainder(dividingBy d: Int64) -> Int64 { let r = self % d; return r < 0 ? r + d : r }
}
