extension SQLiteJobStore {
    /// Stores a template with a new id `tpl_<ULID>` and returns it.
    public func insertTemplate(keyID: String, name: String?, spec: String, placeholders: [String]) throws -> Template {
        try locked { db in
            let t = now()
            let template = Template(id: "tpl_" + ULID.make(millis: t), keyID: keyID, name: name, spec: spec,
                                    placeholders: placeholders, createdAt: t)
            try db.prepare("INSERT INTO templates (id, key_id, name, spec, placeholders, created_at) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(template.id), .text(keyID), name.map { .text($0) } ?? .null, .text(spec),
                      .text(placeholders.joined(separator: ",")), .int(t)])
            return template
        }
    }

    /// The template when it belongs to `keyID`; another key's is as absent as a missing one.
    public func template(_ id: String, keyID: String) throws -> Template? {
        try locked { db in
            let s = try db.prepare("SELECT \(Self.templateColumns) FROM templates WHERE id = ? AND key_id = ?").bind([.text(id), .text(keyID)])
            return try s.step() ? try Self.template(s) : nil
        }
    }

    /// The key's templates, newest first; `cursor` continues a previous page.
    public func listTemplates(keyID: String, limit: Int, cursor: String?) throws -> (templates: [Template], nextCursor: String?) {
        try locked { db in
            var sql = "SELECT \(Self.templateColumns) FROM templates WHERE key_id = ?"
            var args: [SQLiteStatement.Value] = [.text(keyID)]
            if let cursor, let row = Int64(cursor) { sql += " AND rowid < ?"; args.append(.int(row)) }
            sql += " ORDER BY rowid DESC LIMIT ?"
            args.append(.int(Int64(limit + 1)))
            let s = try db.prepare(sql).bind(args)
            var out: [Template] = []
            var rowids: [Int64] = []
            while try s.step() {
                out.append(try Self.template(s))
                rowids.append(try s.int64("rowid"))
            }
            guard out.count > limit else { return (out, nil) }
            return (Array(out.prefix(limit)), String(rowids[limit - 1]))
        }
    }

    /// Deletes a template of `keyID`; false when there was none. Jobs made from it keep their spec.
    public func deleteTemplate(_ id: String, keyID: String) throws -> Bool {
        try locked { db in
            try db.prepare("DELETE FROM templates WHERE id = ? AND key_id = ?").run([.text(id), .text(keyID)])
            return db.changes == 1
        }
    }

    static let templateColumns = "id, key_id, name, spec, placeholders, created_at, rowid AS rowid"

    static func template(_ s: SQLiteStatement) throws -> Template {
        let names = try s.text("placeholders")
        return Template(id: try s.text("id"), keyID: try s.text("key_id"), name: try s.optionalText("name"), spec: try s.text("spec"),
                        placeholders: names.isEmpty ? [] : names.split(separator: ",").map(String.init),
                        createdAt: try s.int64("created_at"))
    }
}
