import CLibPQ

/// Owns a query's result (`PGresult*`), cleared exactly once in deinit: every row is in memory,
/// read by row number and column name. Values arrive as text.
public final class PostgresResult {
    let handle: OpaquePointer
    private lazy var columns: [String: Int32] = {
        var names: [String: Int32] = [:]
        for i in 0..<PQnfields(handle) where names[String(cString: PQfname(handle, i))] == nil {
            names[String(cString: PQfname(handle, i))] = i
        }
        return names
    }()

    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { PQclear(handle) }

    public var count: Int { Int(PQntuples(handle)) }
    /// Rows an UPDATE, INSERT or DELETE touched.
    public var changes: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The rows, each read by column name.
    public var rows: [PostgresRow] { (0..<count).map { PostgresRow(result: self, row: Int32($0)) } }
    public var first: PostgresRow? { count > 0 ? PostgresRow(result: self, row: 0) : nil }

    func column(_ name: String) throws -> Int32 {
        if let i = columns[name] { return i }
        throw PostgresError(sqlstate: "42703", message: "no result column named \"\(name)\" (the query selects: "
                            + columns.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ") + ")", sql: "")
    }

    func value(_ row: Int32, _ column: Int32) -> String? {
        PQgetisnull(handle, row, column) == 1 ? nil : String(cString: PQgetvalue(handle, row, column))
    }
}

/// One row of a `PostgresResult`.
public struct PostgresRow {
    let result: PostgresResult
    let row: Int32

    public func optionalText(_ c: String) throws -> String? { result.value(row, try result.column(c)) }
    /// The column's text; "" for NULL.
    public func text(_ c: String) throws -> String { try optionalText(c) ?? "" }
    public func optionalInt(_ c: String) throws -> Int64? { try optionalText(c).flatMap { Int64($0) } }
    public func int64(_ c: String) throws -> Int64 { try optionalInt(c) ?? 0 }
    public func int(_ c: String) throws -> Int { Int(try int64(c)) }
    public func optionalDouble(_ c: String) throws -> Double? { try optionalText(c).flatMap { Double($0) } }
    public func double(_ c: String) throws -> Double { try optionalDouble(c) ?? 0 }
    public func bool(_ c: String) throws -> Bool { try optionalText(c) == "t" }
}
