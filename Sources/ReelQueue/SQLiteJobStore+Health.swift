import Foundation

extension SQLiteJobStore {
    /// Whether a write could start now: takes the database's write lock and lets it go, waiting at
    /// most `waitMillis` for another connection's lock. Throws the `SQLiteError` that a write would
    /// meet (busy, locked, read-only, unopenable).
    public func checkWritable(waitMillis: Int32 = 1000) throws {
        try locked { db in
            db.setBusyTimeout(millis: waitMillis)
            defer { db.setBusyTimeout(millis: busyTimeoutMillis) }
            try db.execute("BEGIN IMMEDIATE")
            try db.execute("ROLLBACK")
        }
    }

    /// Free bytes on the file system holding the database, for readiness; nil when unknown.
    public var freeBytes: Int64? {
        var info = statvfs()
        let dir = (databasePath as NSString).deletingLastPathComponent
        guard statvfs(dir.isEmpty ? "." : dir, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// For tests: makes writes that need more than `pages` database pages fail with SQLITE_FULL, as
    /// on a full disk. nil lifts the limit for connections opened afterwards.
    func simulateFullDisk(pages: Int?) {
        connections.maxPageCount = pages
    }

    /// The database's size in pages now.
    func pageCount() throws -> Int {
        try locked { db in
            let s = try db.prepare("PRAGMA page_count")
            return try s.step() ? try s.int("page_count") : 0
        }
    }
}

extension SQLiteJobStore {
    /// Another process on the same file finds its jobs by polling: SQLite has no notifications.
    public var idlePollSeconds: Double { 0.5 }
    public func startWakeups(_ wake: @escaping @Sendable () -> Void) {}
    public func stopWakeups() {}

    /// One process (this one) owns the file's retention: the body always runs.
    @discardableResult
    public func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool {
        try body()
        return true
    }
}
