extension JobStore {
    /// Records an uploaded asset.
    public func insert(_ a: Asset) throws {
        try locked {
            try db.prepare("""
                INSERT INTO assets (id, path, bytes, sha256, content_type, filename, probe, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.text(a.id), .text(a.path), .int(a.bytes), .text(a.sha256), a.contentType.map { .text($0) } ?? .null,
                          a.filename.map { .text($0) } ?? .null, .text(a.probe), .int(a.createdAt)])
        }
    }

    public func asset(_ id: String) throws -> Asset? {
        try locked {
            let s = try db.prepare("SELECT id, path, bytes, sha256, content_type, filename, probe, created_at FROM assets WHERE id = ?")
                .bind([.text(id)])
            guard try s.step() else { return nil }
            return Asset(id: try s.text("id"), path: try s.text("path"), bytes: try s.int64("bytes"), sha256: try s.text("sha256"),
                         contentType: try s.optionalText("content_type"), filename: try s.optionalText("filename"),
                         probe: try s.text("probe"), createdAt: try s.int64("created_at"))
        }
    }
}
