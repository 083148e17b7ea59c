import Foundation

/// Moves a node's SQLite store into an empty PostgreSQL store (`importSQLite`), so a service that
/// outgrew one machine becomes a cluster with everything it had: jobs (queued ones stay queued, in
/// their order), their outputs' records, assets, templates, batches, both outboxes and the events'
/// change numbers.
///
/// Both stores are opened at this build's schema (each migrates itself), then every table of the
/// SQLite file is copied row for row into the same table of PostgreSQL, in one transaction:
/// all or nothing. The tables and their columns must be the same on both sides (PostgreSQL's `seq`
/// aside, which stands for SQLite's row order and is assigned in that order here); anything else
/// is refused, naming what differs. A PostgreSQL store that already holds jobs, assets, templates
/// or batches is left alone (nil: nothing done), so the setting may stay in a node's configuration
/// and its restarts, or other nodes starting at the same moment, import nothing twice.
public enum StoreImport {
    /// Why the import cannot be made.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The tables whose rows say a store is in use.
    static let contentTables = ["jobs", "assets", "templates", "batches"]
    /// PostgreSQL's own bookkeeping, not a table of the store's.
    static let versionTable = "reel_schema"

    /// Copies the SQLite store at `path` into `target` (a PostgreSQL store); answers the rows copied
    /// by table, or nil when `target` was in use and nothing was done.
    public static func importSQLite(path: String, into target: SQLJobStore) throws -> [String: Int]? {
        guard FileManager.default.fileExists(atPath: path) else { throw Refusal(description: "there is no SQLite store at \(path)") }
        let source = try SQLJobStore.sqlite(path: path)
        return try source.connected { lite in
            try target.connected { pg in
                try pg.transaction {
                    // One node at a time: another waits here and then finds the store in use.
                    try pg.serialize(on: "store-import")
                    for table in contentTables {
                        if try count(table, pg) > 0 { return nil }
                    }
                    return try copyTables(from: lite, to: pg)
                }
            }
        }
    }

    /// Copies every table of `lite` into `pg` (whose rows are deleted first: a new store's seeded
    /// counters), after checking both have the same tables and columns.
    private static func copyTables(from lite: any SQLConnection, to pg: any SQLConnection) throws -> [String: Int] {
        let liteTables = try Dictionary(uniqueKeysWithValues: lite.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").rows.map {
                (try $0.text("name"), try $0.text("sql"))
            })
        let pgTables = try Set(pg.query(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
            .rows.map { try $0.text("table_name") }).subtracting([versionTable])
        guard Set(liteTables.keys) == pgTables else {
            throw Refusal(description: "the stores' tables differ (only in SQLite: \(Set(liteTables.keys).subtracting(pgTables).sorted()); "
                          + "only in PostgreSQL: \(pgTables.subtracting(liteTables.keys).sorted()))")
        }
        var copied: [String: Int] = [:]
        for (table, definition) in liteTables.sorted(by: { $0.key < $1.key }) {
            let columns = try lite.query("PRAGMA table_info(\"\(table)\")").rows.map { try $0.text("name") }
            let pgColumns = try Set(pg.query(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?",
                [.text(table)]).rows.map { try $0.text("column_name") }).subtracting(["seq"])
            guard Set(columns) == pgColumns else {
                throw Refusal(description: "the columns of \(table) differ (SQLite: \(columns.sorted()); PostgreSQL: \(pgColumns.sorted()))")
            }
            try pg.query("DELETE FROM \(table)")
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            // Row order is what `seq` (PostgreSQL's) and `rowid` (SQLite's) stand for: a queue's order.
            let order = definition.uppercased().contains("WITHOUT ROWID") ? "" : " ORDER BY rowid"
            let rows = try lite.query("SELECT \(list) FROM \(table)\(order)").rows
            let insert = "INSERT INTO \(table) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            for row in rows { try pg.query(insert, row.values) }
            copied[table] = rows.count
        }
        return copied
    }

    private static func count(_ table: String, _ db: any SQLConnection) throws -> Int64 {
        try db.query("SELECT COUNT(*) AS n FROM \(table)").first?.int64("n") ?? 0
    }
}
