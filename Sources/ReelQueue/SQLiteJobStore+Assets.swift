extension SQLiteJobStore {
    /// Records an uploaded asset.
    public func insert(_ a: Asset) throws {
        try locked { db in
            try db.prepare("""
                INSERT INTO assets (id, key_id, path, bytes, sha256, content_type, filename, probe, created_at, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.text(a.id), .text(a.keyID), .text(a.path), .int(a.bytes), .text(a.sha256), a.contentType.map { .text($0) } ?? .null,
                          a.filename.map { .text($0) } ?? .null, .text(a.probe), .int(a.createdAt), .text(a.kind)])
        }
    }

    /// The asset, of any key (the workers' view).
    public func asset(_ id: String) throws -> Asset? {
        try locked { db in try fetchAsset(id, db) }
    }

    /// The asset when it belongs to `keyID`; another key's asset is as absent as a missing one.
    public func asset(_ id: String, keyID: String) throws -> Asset? {
        try locked { db in try fetchAsset(id, db).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    func fetchAsset(_ id: String, _ db: SQLiteDatabase) throws -> Asset? {
        let s = try db.prepare("SELECT id, key_id, path, bytes, sha256, content_type, filename, probe, created_at, kind FROM assets WHERE id = ?")
            .bind([.text(id)])
        guard try s.step() else { return nil }
        return Asset(id: try s.text("id"), path: try s.text("path"), bytes: try s.int64("bytes"), sha256: try s.text("sha256"),
                     contentType: try s.optionalText("content_type"), filename: try s.optionalText("filename"),
                     probe: try s.text("probe"), createdAt: try s.int64("created_at"), keyID: try s.text("key_id"), kind: try s.text("kind"))
    }

    /// Deletes an asset of `keyID` unless a queued or running job names it (one transaction, so a
    /// job submitted at the same moment either sees the asset or is refused for its absence).
    public func deleteAsset(_ id: String, keyID: String) throws -> AssetDeletion {
        try locked { db in
            try db.transaction {
                guard let asset = try fetchAsset(id, db), asset.keyID == keyID else { return .notFound }
                let users = try activeJobs(using: id, db)
                if !users.isEmpty { return .inUse(jobs: users) }
                try db.prepare("DELETE FROM job_assets WHERE asset_id = ?").run([.text(id)])
                try db.prepare("DELETE FROM assets WHERE id = ?").run([.text(id)])
                return .deleted(path: asset.path)
            }
        }
    }

    /// Deletes the records of assets uploaded before `cutoff` (ms) that no queued or running job
    /// names, and returns their paths for the caller to remove.
    public func expireAssets(createdBefore cutoff: Int64) throws -> [String] {
        try locked { db in
            try db.transaction {
                let s = try db.prepare("""
                    SELECT id, path FROM assets WHERE created_at < ? AND NOT EXISTS (
                        SELECT 1 FROM job_assets ja JOIN jobs j ON j.id = ja.job_id
                        WHERE ja.asset_id = assets.id AND j.status IN ('queued', 'running'))
                    """).bind([.int(cutoff)])
                var expired: [(id: String, path: String)] = []
                while try s.step() { expired.append((try s.text("id"), try s.text("path"))) }
                for a in expired {
                    try db.prepare("DELETE FROM job_assets WHERE asset_id = ?").run([.text(a.id)])
                    try db.prepare("DELETE FROM assets WHERE id = ?").run([.text(a.id)])
                }
                return expired.map(\.path)
            }
        }
    }

    private func activeJobs(using asset: String, _ db: SQLiteDatabase) throws -> [String] {
        let s = try db.prepare("""
            SELECT j.id AS id FROM job_assets ja JOIN jobs j ON j.id = ja.job_id
            WHERE ja.asset_id = ? AND j.status IN ('queued', 'running') ORDER BY j.rowid
            """).bind([.text(asset)])
        var ids: [String] = []
        while try s.step() { ids.append(try s.text("id")) }
        return ids
    }
}
