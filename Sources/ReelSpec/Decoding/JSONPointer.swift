/// RFC 6901 JSON pointers, built as the decoder descends so every problem names its field exactly.
public enum JSONPointer {
    /// Escapes one reference token: `~` becomes `~0` and `/` becomes `~1` (in that order, RFC 6901 §3),
    /// so a member named `a/b` cannot be mistaken for a nested path.
    public static func escape(_ token: String) -> String {
        // Scalar by scalar: a "/" followed by a combining mark is one Character but still a "/".
        var out = String.UnicodeScalarView()
        for u in token.unicodeScalars {
            switch u {
            case "~": out.append(contentsOf: "~0".unicodeScalars)
            case "/": out.append(contentsOf: "~1".unicodeScalars)
            default: out.append(u)
            }
        }
        return String(out)
    }

    /// The pointer to member `key` of the value at `pointer`.
    public static func appending(_ key: String, to pointer: String) -> String {
        pointer + "/" + escape(key)
    }

    /// The pointer to element `index` of the array at `pointer`.
    public static func appending(_ index: Int, to pointer: String) -> String {
        pointer + "/" + String(index)
    }
}
