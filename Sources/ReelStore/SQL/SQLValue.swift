/// A value bound to a `?` parameter or read from a result column, whichever database it travels to.
/// SQLite binds each case natively (a bool as 0 or 1); PostgreSQL sends and returns text, which
/// `SQLRow`'s readers parse.
public enum SQLValue: Sendable, Equatable {
    case null, int(Int64), double(Double), text(String), bool(Bool)

    /// `.text`, or `.null` for nil.
    static func nullable(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    /// `.int`, or `.null` for nil.
    static func nullable(_ i: Int64?) -> SQLValue { i.map { .int($0) } ?? .null }
    /// `.double`, or `.null` for nil.
    static func nullable(_ d: Double?) -> SQLValue { d.map { .double($0) } ?? .null }
    /// `.int`, or `.null` for nil.
    static func nullable(_ i: Int?) -> SQLValue { i.map { .int(Int64($0)) } ?? .null }
}
