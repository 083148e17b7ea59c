extension SQLJobStore {
    /// Records an uploaded asset.
    public func insert(_ a: Asset) throws {
        try connected { db in
            try db.query("""
                INSERT INTO assets (\(StoreRows.assetColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(a.id), .text(a.keyID), .text(a.path), .int(a.bytes), .text(a.sha256), .nullable(a.contentType),
                      .nullable(a.filename), .text(a.probe), .int(a.createdAt), .text(a.kind), .text(a.status.rawValue),
                      .nullable(a.error), .nullable(a.uploadExpiresAt), .nullable(a.sourceURL)])
        }
    }

    /// Ends an asset that is uploading or importing: `ready` with its checked bytes (`checked`'s
    /// bytes, digest, kind, probe and location), or `failed` with `error`. False when it is not
    /// waiting any more (completed meanwhile, or deleted).
    public func settle(_ id: String, checked: Asset?, error: String?) throws -> Bool {
        try write { db in
            if let c = checked {
                return try db.query("""
                    UPDATE assets SET status = 'ready', error = NULL, upload_expires_at = NULL, path = ?, bytes = ?, sha256 = ?,
                    kind = ?, probe = ?, content_type = COALESCE(?, content_type) WHERE id = ? AND status IN ('uploading', 'importing')
                    """, [.text(c.path), .int(c.bytes), .text(c.sha256), .text(c.kind), .text(c.probe), .nullable(c.contentType), .text(id)]).changes == 1
            }
            return try db.query("""
                UPDATE assets SET status = 'failed', error = ?, upload_expires_at = NULL WHERE id = ? AND status IN ('uploading', 'importing')
                """, [.nullable(error), .text(id)]).changes == 1
        }
    }

    /// Deletes the records of uploads whose URL expired before `cutoff` (ms) without being
    /// completed, and fails imports begun before `importsBefore` (their process is gone); returns
    /// the deleted uploads' ids and locations for the caller to remove.
    public func expireUploads(before cutoff: Int64, importsBefore: Int64) throws -> [(id: String, path: String)] {
        try write { db in
            try db.query("""
                UPDATE assets SET status = 'failed', error = 'the import was interrupted; import the URL again'
                WHERE status = 'importing' AND created_at < ?
                """, [.int(importsBefore)])
            let expired = try db.query("""
                SELECT id, path FROM assets WHERE status = 'uploading' AND upload_expires_at < ?\(dialect.forUpdateSkipLocked)
                """, [.int(cutoff)]).rows.map { (id: try $0.text("id"), path: try $0.text("path")) }
            for a in expired { try forget(asset: a.id, db) }
            return expired
        }
    }

    /// The asset, of any key (the workers' view).
    public func asset(_ id: String) throws -> Asset? { try connected { try fetchAsset(id, $0) } }

    /// The asset when it belongs to `keyID`; another key's asset is as absent as a missing one.
    public func asset(_ id: String, keyID: String) throws -> Asset? {
        try connected { try fetchAsset(id, $0).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    /// Ids are ULIDs, time first, so the newest come first in descending id order, and an id is
    /// the cursor. `kinds`: those of any of these kinds (nil: every kind).
    public func listAssets(keyID: String, kinds: [String]?, limit: Int, cursor: String?) throws -> (assets: [Asset], nextCursor: String?) {
        try connected { db in
            var sql = "SELECT \(StoreRows.assetColumns) FROM assets WHERE key_id = ?"
            var args: [SQLValue] = [.text(keyID)]
            if let kinds, !kinds.isEmpty {
                sql += " AND kind IN (" + Array(repeating: "?", count: kinds.count).joined(separator: ", ") + ")"
                args += kinds.map { .text($0) }
            }
            if let cursor { sql += " AND id < ?"; args.append(.text(cursor)) }
            sql += " ORDER BY id DESC LIMIT ?"
            args.append(.int(Int64(limit + 1)))
            let out = try db.query(sql, args).rows.map(StoreRows.asset)
            guard out.count > limit else { return (out, nil) }
            return (Array(out.prefix(limit)), out[limit - 1].id)
        }
    }

    private func fetchAsset(_ id: String, _ db: any SQLConnection, forUpdate: Bool = false) throws -> Asset? {
        try db.query("SELECT \(StoreRows.assetColumns) FROM assets WHERE id = ?\(forUpdate ? dialect.forUpdate : "")", [.text(id)])
            .first.map(StoreRows.asset)
    }

    /// Deletes an asset of `keyID` unless a queued or running job names it. The asset's row is
    /// locked first and a submit naming it holds it `FOR SHARE` until it commits, so the job it
    /// creates is seen here, or the submit finds the asset gone.
    public func deleteAsset(_ id: String, keyID: String) throws -> AssetDeletion {
        try write { db in
            guard let asset = try fetchAsset(id, db, forUpdate: true), asset.keyID == keyID else { return .notFound }
            let users = try db.query("""
                SELECT j.id AS id FROM job_assets AS ja JOIN jobs AS j ON j.id = ja.job_id
                WHERE ja.asset_id = ? AND j.status IN ('queued', 'running') ORDER BY j.\(dialect.sequence)
                """, [.text(id)]).rows.map { try $0.text("id") }
            if !users.isEmpty { return .inUse(jobs: users) }
            try forget(asset: id, db)
            return .deleted(path: asset.path)
        }
    }

    /// Deletes the records of assets uploaded before `cutoff` (ms) that no queued or running job
    /// names, and returns their paths for the caller to remove.
    public func expireAssets(createdBefore cutoff: Int64) throws -> [String] {
        try write { db in
            let expired = try db.query("""
                SELECT id, path FROM assets WHERE created_at < ? AND NOT EXISTS (
                    SELECT 1 FROM job_assets AS ja JOIN jobs AS j ON j.id = ja.job_id
                    WHERE ja.asset_id = assets.id AND j.status IN ('queued', 'running'))\(dialect.forUpdateSkipLocked)
                """, [.int(cutoff)]).rows.map { (id: try $0.text("id"), path: try $0.text("path")) }
            for a in expired { try forget(asset: a.id, db) }
            return expired.map(\.path)
        }
    }

    public func assetsInUse() throws -> Set<String> {
        try connected { db in
            Set(try db.query("""
                SELECT DISTINCT ja.asset_id AS id FROM job_assets AS ja JOIN jobs AS j ON j.id = ja.job_id
                WHERE j.status IN ('queued', 'running')
                """, []).rows.map { try $0.text("id") })
        }
    }

    private func forget(asset id: String, _ db: any SQLConnection) throws {
        try db.query("DELETE FROM job_assets WHERE asset_id = ?", [.text(id)])
        try db.query("DELETE FROM assets WHERE id = ?", [.text(id)])
    }
}
