/// Reads spec times exactly from their text: a JSON number's decimal digits (`0.1` is one tenth) or
/// an `"N/D"` string of rational seconds (`"1001/30000"`).
public enum TimeParser {
    /// Why a text is not a time; the message is shown to users next to the field's pointer.
    public enum Failure: Error, Equatable, Sendable {
        case notANumber
        case tooPrecise
        case outOfRange
        /// The text is longer than any time needs (`maxTextLength`).
        case tooLong

        public var message: String {
            switch self {
            case .notANumber: return "must be a number of seconds or a string \"N/D\""
            case .tooPrecise: return "has more precision than Reel can represent (at most 9 decimal places)"
            case .outOfRange: return "is out of range"
            case .tooLong: return "is written with more than \(TimeParser.maxTextLength) characters, more than any time needs"
            }
        }
    }

    /// The longest number text read as a time. An exact time needs at most 19 integer digits and 9
    /// decimals; the margin admits a writer's trailing zeros (`2.50000000000000000`). Anything
    /// longer is refused before it is looked at, so a hostile megabyte of digits costs nothing.
    public static let maxTextLength = 64

    /// Parses JSON number text (RFC 8259 grammar, exponents included) into an exact time, in one
    /// pass over the text.
    public static func parseDecimal(_ text: String) -> Result<Time, Failure> {
        let bytes = text.utf8
        guard bytes.count <= maxTextLength else { return .failure(.tooLong) }
        var mantissa: Int128 = 0
        var significant = 0            // digits from the first non-zero one on, trailing zeros included
        var trailingZeros = 0          // zeros at the end of `significant`, not yet in the mantissa
        var negative = false
        var fractionDigits = 0
        var exponent = 0
        var seenDot = false
        var sawDigit = false
        var i = bytes.startIndex
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { negative = true; i = bytes.index(after: i) }
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { break }
            i = bytes.index(after: i)
            if c == UInt8(ascii: ".") {
                if seenDot { return .failure(.notANumber) }
                seenDot = true
            } else if c >= 48 && c <= 57 {
                sawDigit = true
                if seenDot { fractionDigits += 1 }
                if c == 48 {
                    // Zeros wait: leading ones never count, trailing ones of the fraction are dropped.
                    if significant > 0 { trailingZeros += 1; significant += 1 }
                } else {
                    for _ in 0..<trailingZeros {
                        guard mantissa < Int128(Int64.max) else { return .failure(.outOfRange) }
                        mantissa *= 10
                    }
                    trailingZeros = 0
                    guard mantissa < Int128(Int64.max) else { return .failure(.outOfRange) }
                    mantissa = mantissa * 10 + Int128(c - 48)
                    significant += 1
                }
            } else {
                return .failure(.notANumber)
            }
        }
        guard sawDigit else { return .failure(.notANumber) }
        if i < bytes.endIndex {
            i = bytes.index(after: i)
            var expNegative = false
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { expNegative = true; i = bytes.index(after: i) }
            else if i < bytes.endIndex, bytes[i] == UInt8(ascii: "+") { i = bytes.index(after: i) }
            let digits = bytes.distance(from: i, to: bytes.endIndex)
            guard digits > 0, digits <= 4 else { return .failure(digits == 0 ? .notANumber : .outOfRange) }
            while i < bytes.endIndex {
                let c = bytes[i]
                guard c >= 48 && c <= 57 else { return .failure(.notANumber) }
                exponent = exponent * 10 + Int(c - 48)
                i = bytes.index(after: i)
            }
            if expNegative { exponent = -exponent }
        }
        // Zeros after the last non-zero digit: those of the fraction are dropped (so that
        // "2.500000000000" is not "too precise"), those of the integer part multiply.
        let integerZeros = max(0, trailingZeros - fractionDigits)
        fractionDigits -= trailingZeros - integerZeros
        for _ in 0..<integerZeros {
            guard mantissa < Int128(Int64.max) else { return .failure(.outOfRange) }
            mantissa *= 10
        }
        if mantissa == 0 { return .success(.zero) }
        let scale = fractionDigits - exponent
        var num = mantissa, den: Int128 = 1
        if scale > 0 {
            guard scale <= 30 else { return .failure(.tooPrecise) }
            for _ in 0..<scale { den *= 10 }
        } else if scale < 0 {
            guard -scale <= 18 else { return .failure(.outOfRange) }
            for _ in 0..<(-scale) { num *= 10 }
        }
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
