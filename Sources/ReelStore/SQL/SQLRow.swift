/// The names of a result's columns and their positions, built once per prepared statement (its
/// columns are fixed) and shared by its rows, so reading a row by name costs one lookup.
///
/// The lookup is a table of its own (FNV-1a over the name's bytes, open addressing) rather than a
/// `Dictionary`: a job's row is read by its 36 names on every status answer, and the standard
/// library's seeded SipHash made those lookups a fifth of that answer's store read. Names hash by
/// their UTF-8 bytes, so two spellings of one name in Unicode (composed or not) are two names: the
/// store's columns are ASCII identifiers, and a name not found is an error, never another column.
public final class SQLColumns: Sendable {
    public let names: [String]
    /// Each slot holds a position + 1, or 0 where empty; its size is a power of two at least twice
    /// the number of names, so a probe ends at an empty slot soon.
    private let slots: [Int32]
    private let mask: Int

    public init(_ names: [String]) {
        self.names = names
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (i, n) in names.enumerated() {
            var s = Self.slot(of: n, mask: size - 1)
            while true {
                if slots[s] == 0 { slots[s] = Int32(i + 1); break }
                if names[Int(slots[s]) - 1] == n { break }  // a repeated name keeps its first position
                s = (s + 1) & (size - 1)
            }
        }
        self.slots = slots
        mask = size - 1
    }

    private static func slot(of name: String, mask: Int) -> Int {
        var name = name
        let hash = name.withUTF8 { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    /// The position of `name`; a name the query does not select is an error naming the ones it
    /// does, so a misspelt column fails the call instead of reading another column.
    func position(_ name: String, sql: String) throws -> Int {
        var s = Self.slot(of: name, mask: mask)
        while slots[s] != 0 {
            let i = Int(slots[s]) - 1
            if names[i] == name { return i }
            s = (s + 1) & mask
        }
        throw SQLReadError(column: name, selected: names, sql: sql)
    }
}

/// A column a reader asked for that the query does not select.
public struct SQLReadError: Error, CustomStringConvertible, Sendable {
    public let column: String
    public let selected: [String]
    public let sql: String
    public var description: String {
        "no result column named \"\(column)\" (the query selects: \(selected.joined(separator: ", "))) in: \(sql)"
    }
}

/// One row of a result, read by column name. Values arrive as the database sent them (SQLite's
/// types, PostgreSQL's text); each reader accepts both.
public struct SQLRow: Sendable {
    let columns: SQLColumns
    let values: [SQLValue]
    let sql: String

    public init(columns: SQLColumns, values: [SQLValue], sql: String) {
        self.columns = columns
        self.values = values
        self.sql = sql
    }

    private func value(_ c: String) throws -> SQLValue { values[try columns.position(c, sql: sql)] }

    public func optionalText(_ c: String) throws -> String? {
        switch try value(c) {
        case .null: return nil
        case .text(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .bool(let b): return b ? "t" : "f"
        }
    }
    /// The column's text; "" for NULL (use `optionalText` where NULL means something).
    public func text(_ c: String) throws -> String { try optionalText(c) ?? "" }

    public func optionalInt(_ c: String) throws -> Int64? {
        switch try value(c) {
        case .null: return nil
        case .int(let i): return i
        case .double(let d): return Int64(d)
        case .text(let s): return Int64(s)
        case .bool(let b): return b ? 1 : 0
        }
    }
    public func int64(_ c: String) throws -> Int64 { try optionalInt(c) ?? 0 }
    public func int(_ c: String) throws -> Int { Int(try int64(c)) }

    public func optionalDouble(_ c: String) throws -> Double? {
        switch try value(c) {
        case .null: return nil
        case .double(let d): return d
        case .int(let i): return Double(i)
        case .text(let s): return Double(s)
        case .bool(let b): return b ? 1 : 0
        }
    }
    public func double(_ c: String) throws -> Double { try optionalDouble(c) ?? 0 }

    /// SQLite's 0/1 and PostgreSQL's `t`/`f`; NULL is false.
    public func bool(_ c: String) throws -> Bool {
        switch try value(c) {
        case .null: return false
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .text(let s): return s == "t" || s == "true" || s == "1"
        }
    }
}

/// What one statement returned: its rows, all read, and how many rows it changed.
public struct SQLResult: Sendable {
    public let rows: [SQLRow]
    /// Rows an UPDATE, INSERT or DELETE touched.
    public let changes: Int

    public init(rows: [SQLRow], changes: Int) {
        self.rows = rows
        self.changes = changes
    }

    public var first: SQLRow? { rows.first }
}
