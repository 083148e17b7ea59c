/// Percent-decoding of paths and query strings (RFC 3986 §2.1). A bad escape, invalid UTF-8 or a
/// NUL is an error rather than being passed on, so handlers can trust decoded names.
enum PercentDecoding {
    static func decode<C: Collection>(_ bytes: C, plusAsSpace: Bool) -> String? where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "%") {
                guard index != bytes.endIndex, let high = ASCII.hexValue(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                guard index != bytes.endIndex, let low = ASCII.hexValue(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                out.append(high << 4 | low)
            } else if plusAsSpace && byte == UInt8(ascii: "+") {
                out.append(ASCII.space)
            } else {
                out.append(byte)
            }
        }
        guard !out.contains(0) else { return nil }
        let text = String(decoding: out, as: UTF8.self)
        guard text.utf8.elementsEqual(out) else { return nil }  // repaired ⇒ was not UTF-8
        return text
    }

    /// `a=1&b=x+y&c` → [("a","1"), ("b","x y"), ("c","")]; empty pieces are skipped.
    static func query<C: Collection>(_ bytes: C) -> [(name: String, value: String)]? where C.Element == UInt8 {
        var pairs: [(name: String, value: String)] = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = piece.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusAsSpace: true) else { return nil }
            let value = parts.count > 1 ? decode(parts[1], plusAsSpace: true) : ""
            guard let value else { return nil }
            pairs.append((name: name, value: value))
        }
        return pairs
    }
}
