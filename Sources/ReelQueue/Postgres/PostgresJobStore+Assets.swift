extension PostgresJobStore {
    public func insert(_ a: Asset) throws {
        try locked { db in
            try db.query("""
                INSERT INTO assets (id, key_id, path, bytes, sha256, content_type, filename, probe, created_at, kind)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                """, [.text(a.id), .text(a.keyID), .text(a.path), .int(a.bytes), .text(a.sha256), a.contentType.map { .text($0) } ?? .null,
                      a.filename.map { .text($0) } ?? .null, .text(a.probe), .int(a.createdAt), .text(a.kind)])
        }
    }

    public func asset(_ id: String) throws -> Asset? { try locked { try fetchAsset(id, $0) } }

    public func asset(_ id: String, keyID: String) throws -> Asset? {
        try locked { try fetchAsset(id, $0).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    func fetchAsset(_ id: String, _ db: PostgresConnection, forUpdate: Bool = false) throws -> Asset? {
        let r = try db.query("""
            SELECT id, key_id, path, bytes, sha256, content_type, filename, probe, created_at, kind FROM assets WHERE id = $1\(forUpdate ? " FOR UPDATE" : "")
            """, [.text(id)])
        guard let row = r.first else { return nil }
        return Asset(id: try row.text("id"), path: try row.text("path"), bytes: try row.int64("bytes"), sha256: try row.text("sha256"),
                     contentType: try row.optionalText("content_type"), filename: try row.optionalText("filename"),
                     probe: try row.text("probe"), createdAt: try row.int64("created_at"), keyID: try row.text("key_id"),
                     kind: try row.text("kind"))
    }

    /// The asset's row is locked first: a submit naming it holds it `FOR SHARE` until it commits,
    /// so the job it creates is seen here, or the submit finds the asset gone.
    public func deleteAsset(_ id: String, keyID: String) throws -> AssetDeletion {
        try locked { db in
            try db.transaction {
                guard let asset = try fetchAsset(id, db, forUpdate: true), asset.keyID == keyID else { return .notFound }
                let users = try db.query("""
                    SELECT j.id AS id FROM job_assets ja JOIN jobs j ON j.id = ja.job_id
                    WHERE ja.asset_id = $1 AND j.status IN ('queued', 'running') ORDER BY j.seq
                    """, [.text(id)]).rows.map { try $0.text("id") }
                if !users.isEmpty { return .inUse(jobs: users) }
                try db.query("DELETE FROM job_assets WHERE asset_id = $1", [.text(id)])
                try db.query("DELETE FROM assets WHERE id = $1", [.text(id)])
                return .deleted(path: asset.path)
            }
        }
    }

    public func expireAssets(createdBefore cutoff: Int64) throws -> [String] {
        try locked { db in
            try db.transaction {
                let expired = try db.query("""
                    SELECT id, path FROM assets WHERE created_at < $1 AND NOT EXISTS (
                        SELECT 1 FROM job_assets ja JOIN jobs j ON j.id = ja.job_id
                        WHERE ja.asset_id = assets.id AND j.status IN ('queued', 'running'))
                    FOR UPDATE SKIP LOCKED
                    """, [.int(cutoff)]).rows.map { (id: try $0.text("id"), path: try $0.text("path")) }
                for a in expired {
                    try db.query("DELETE FROM job_assets WHERE asset_id = $1", [.text(a.id)])
                    try db.query("DELETE FROM assets WHERE id = $1", [.text(a.id)])
                }
                return expired.map(\.path)
            }
        }
    }
}
