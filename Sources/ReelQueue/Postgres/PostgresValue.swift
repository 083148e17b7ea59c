/// A value bound to a `$n` parameter, sent as text.
public enum PostgresValue: Sendable {
    case null, int(Int64), double(Double), text(String), bool(Bool)

    /// The parameter's text form; nil for SQL NULL.
    var text: String? {
        switch self {
        case .null: return nil
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .text(let s): return s
        case .bool(let b): return b ? "t" : "f"
        }
    }
}
