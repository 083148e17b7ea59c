/// Projects' API keys (`KeyStore`): hashes only, looked up on every request.
extension SQLJobStore {
    private static let keyColumns = "id, project_id, scope, hash, configured, created_at, last_used_at, deleted_at"

    /// The tables whose rows a project owns (`key_id` holds the owner: a project's id).
    private static let ownedTables = ["jobs", "assets", "templates", "batches"]

    public func registerConfiguredKeys(_ keys: [ConfiguredKey]) throws -> [StoredKey] {
        try write { db in
            let t = now()
            return try keys.map { k in
                // Configuration says which project and scope a configured key has now; a deletion
                // through the API (deleted_at) is kept, so a deleted key does not come back.
                try db.query("""
                    INSERT INTO api_keys (id, project_id, scope, hash, configured, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (hash) DO UPDATE SET project_id = excluded.project_id, scope = excluded.scope, configured = excluded.configured
                    """, [.text(k.id), .text(k.project), .text(k.scope.rawValue), .text(k.hash), .bool(true), .int(t)])
                if let old = k.adopts, old != k.project {
                    for table in Self.ownedTables {
                        try db.query("UPDATE \(table) SET key_id = ? WHERE key_id = ?", [.text(k.project), .text(old)])
                    }
                    // The fair queue's turn of the old owner: the project takes its turns from now on.
                    try db.query("DELETE FROM key_turns WHERE key_id = ?", [.text(old)])
                }
                guard let row = try db.query("SELECT \(Self.keyColumns) FROM api_keys WHERE hash = ?", [.text(k.hash)]).first else {
                    throw StoreRaceError(message: "a configured key was not stored")
                }
                return try Self.storedKey(row)
            }
        }
    }

    public func key(hash: String) throws -> StoredKey? {
        try connected { db in try Self.key(hash: hash, db) }
    }

    static func key(hash: String, _ db: any SQLConnection) throws -> StoredKey? {
        try db.query("SELECT \(keyColumns) FROM api_keys WHERE hash = ?", [.text(hash)]).first.map(storedKey)
    }

    public func insertKey(_ key: StoredKey) throws {
        try write { db in
            try db.query("""
                INSERT INTO api_keys (id, project_id, scope, hash, configured, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(key.id), .text(key.project), .text(key.scope.rawValue), .text(key.hash), .bool(key.configured), .int(key.createdAt)])
        }
    }

    public func keys(project: String) throws -> [StoredKey] {
        try connected { db in
            try db.query("SELECT \(Self.keyColumns) FROM api_keys WHERE project_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
                         [.text(project)]).rows.map(Self.storedKey)
        }
    }

    public func deleteKey(_ id: String, project: String) throws -> KeyDeletion {
        try write { db in
            // Two deletions of a project's last two full keys on two nodes: one waits for the other.
            try db.serialize(on: "keys:" + project)
            let live = try db.query("SELECT \(Self.keyColumns) FROM api_keys WHERE project_id = ? AND deleted_at IS NULL",
                                    [.text(project)]).rows.map(Self.storedKey)
            guard let key = live.first(where: { $0.id == id }) else { return .notFound }
            if key.scope == .full && !live.contains(where: { $0.id != id && $0.scope == .full }) { return .lastFullKey }
            try db.query("UPDATE api_keys SET deleted_at = ? WHERE id = ?", [.int(now()), .text(id)])
            return .deleted
        }
    }

    public func touchKey(_ id: String, at millis: Int64) throws {
        try connected { db in
            try db.query("UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
                         [.int(millis), .text(id), .int(millis)])
        }
    }

    private static func storedKey(_ r: SQLRow) throws -> StoredKey {
        // A scope this version does not know (written by a newer node) grants the least.
        let scope = StoredKey.Scope(rawValue: try r.text("scope")) ?? .read
        return StoredKey(id: try r.text("id"), project: try r.text("project_id"), scope: scope, hash: try r.text("hash"),
                         configured: try r.bool("configured"), createdAt: try r.int64("created_at"),
                         lastUsedAt: try r.optionalInt("last_used_at"), deletedAt: try r.optionalInt("deleted_at"))
    }
}
