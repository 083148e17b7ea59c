import Foundation

/// A `Range: bytes=…` header against a file size (RFC 9110 §14): one range is honoured; several,
/// or a syntax Reel does not serve, fall back to the whole file.
enum ByteRange: Equatable {
    case satisfiable(start: Int64, end: Int64)
    case unsatisfiable
    case ignored

    static func parse(_ header: String, size: Int64) -> ByteRange {
        let h = header.trimmingCharacters(in: .whitespaces)
        guard h.lowercased().hasPrefix("bytes="), !h.contains(",") else { return .ignored }
        let spec = h.dropFirst(6)
        guard let dash = spec.firstIndex(of: "-") else { return .ignored }
        let a = spec[..<dash].trimmingCharacters(in: .whitespaces), b = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if a.isEmpty {
            guard let n = number(b) else { return .ignored }
            guard n > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(start: max(0, size - n), end: size - 1)
        }
        guard let start = number(a) else { return .ignored }
        guard start < size else { return .unsatisfiable }
        if b.isEmpty { return .satisfiable(start: start, end: size - 1) }
        guard let end = number(b), end >= start else { return .ignored }
        return .satisfiable(start: start, end: min(end, size - 1))
    }

    /// ASCII digits as a byte position; a value past Int64 is as far as a file can go.
    static func number(_ s: String) -> Int64? {
        guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(s) ?? .max
    }
}
