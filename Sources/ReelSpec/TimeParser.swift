/// Reads spec times exactly from their text: a JSON number's decimal digits (`0.1` is one tenth) or
/// an `"N/D"` string of rational seconds (`"1001/30000"`).
public enum TimeParser {
    /// Why a text is not a time; the message is shown to users next to the field's pointer.
    public enum Failure: Error, Equatable, Sendable {
        case notANumber
        case tooPrecise
        case outOfRange

        public var message: String {
            switch self {
            case .notANumber: return "must be a number of seconds or a string \"N/D\""
            case .tooPrecise: return "has more precision than Reel can represent (at most 9 decimal places)"
            case .outOfRange: return "is out of range"
            }
        }
    }

    /// Parses JSON number text (RFC 8259 grammar, exponents included) into an exact time.
    public static func parseDecimal(_ text: String) -> Result<Time, Failure> {
        var digits: [UInt8] = []
        var negative = false
        var fractionDigits = 0
        var exponent = 0
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var seenDot = false
        var sawDigit = false
        while let c = bytes.first, c != UInt8(ascii: "e"), c != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if c == UInt8(ascii: ".") {
                if seenDot { return .failure(.notANumber) }
                seenDot = true
            } else if c >= 48 && c <= 57 {
                sawDigit = true
                digits.append(c - 48)
                if seenDot { fractionDigits += 1 }
            } else {
                return .failure(.notANumber)
            }
        }
        guard sawDigit else { return .failure(.notANumber) }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var expNegative = false
            if bytes.first == UInt8(ascii: "-") { expNegative = true; bytes = bytes.dropFirst() }
            else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard !bytes.isEmpty, bytes.count <= 4 else { return .failure(bytes.isEmpty ? .notANumber : .outOfRange) }
            for c in bytes {
                guard c >= 48 && c <= 57 else { return .failure(.notANumber) }
                exponent = exponent * 10 + Int(c - 48)
            }
            if expNegative { exponent = -exponent }
        }
        // Drop trailing zeros of the fraction so that "2.500000000000" is not "too precise".
        while fractionDigits > 0, digits.last == 0 { digits.removeLast(); fractionDigits -= 1 }
        while digits.count > 1, digits.first == 0 { digits.removeFirst() }
        var mantissa: Int128 = 0
        for d in digits {
            guard mantissa < Int128(Int64.max) else { return .failure(.outOfRange) }
            mantissa = mantissa * 10 + Int128(d)
        }
        let scale = fractionDigits - exponent
        var num = mantissa, den: Int128 = 1
        if scale > 0 {
            guard scale <= 30 else { return .failure(mantissa == 0 ? .notANumber : .tooPrecise) }
            for _ in 0..<scale { den *= 10 }
        } else if scale < 0 {
            guard -scale <= 18 else { return mantissa == 0 ? .success(.zero) : .failure(.outOfRange) }
            for _ in 0..<(-scale) { num *= 10 }
        }
        if mantissa == 0 { return .success(.zero) }
        if negative { num = -num }
        guard let t = Time.exact(num, den) else {
            return .failure(den > Int128(Int32.max) ? .tooPrecise : .outOfRange)
        }
        return .success(t)
    }

    /// Parses `"N/D"` (integers, D positive), or a plain decimal string.
    public static func parseString(_ text: String) -> Result<Time, Failure> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 { return parseDecimal(text) }
        guard parts.count == 2,
              let n = Int64(parts[0].trimmingSpaces), let d = Int64(parts[1].trimmingSpaces), d > 0
        else { return .failure(.notANumber) }
        guard let t = Time.exact(Int128(n), Int128(d)) else { return .failure(.outOfRange) }
        return .success(t)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
