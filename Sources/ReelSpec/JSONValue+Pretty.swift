extension JSONValue {
    /// Serialises with two-space indentation, for output people read (`reel probe`).
    public var prettyPrinted: String {
        var out = ""
        writePretty(to: &out, indent: 0)
        return out
    }

    private func writePretty(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch self {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += pad
                v.writePretty(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += end + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += pad
                JSONValue.writeString(m.key, to: &out)
                out += ": "
                m.value.writePretty(to: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += end + "}"
        default:
            write(to: &out)
        }
    }
}
