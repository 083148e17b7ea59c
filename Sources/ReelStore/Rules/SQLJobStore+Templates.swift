extension SQLJobStore {
    /// Stores a template with a new id `tpl_<ULID>` and returns it.
    public func insertTemplate(keyID: String, name: String?, description: String? = nil, spec: String, placeholders: [String],
                               declarations: String? = nil) throws -> Template {
        try connected { db in
            let t = now()
            let template = Template(id: "tpl_" + ULID.make(millis: t), keyID: keyID, name: name, description: description, spec: spec,
                                    placeholders: placeholders, declarations: declarations, createdAt: t)
            try db.query("""
                INSERT INTO templates (id, key_id, name, description, spec, placeholders, declarations, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                         [.text(template.id), .text(keyID), .nullable(name), .nullable(description), .text(spec),
                          .text(placeholders.joined(separator: ",")), .nullable(declarations), .int(t)])
            return template
        }
    }

    /// The template when it belongs to `keyID`; another key's is as absent as a missing one.
    public func template(_ id: String, keyID: String) throws -> Template? {
        try connected { db in
            try db.query("SELECT \(StoreRows.templateColumns(dialect)) FROM templates WHERE id = ? AND key_id = ?", [.text(id), .text(keyID)])
                .first.map(StoreRows.template)
        }
    }

    /// The key's templates, newest first; `cursor` continues a previous page.
    public func listTemplates(keyID: String, limit: Int, cursor: String?) throws -> (templates: [Template], nextCursor: String?) {
        try connected { db in
            var sql = "SELECT \(StoreRows.templateColumns(dialect)) FROM templates WHERE key_id = ?"
            var args: [SQLValue] = [.text(keyID)]
            if let cursor, let seq = Int64(cursor) { sql += " AND \(dialect.sequence) < ?"; args.append(.int(seq)) }
            sql += " ORDER BY \(dialect.sequence) DESC LIMIT ?"
            args.append(.int(Int64(limit + 1)))
            let rows = try db.query(sql, args).rows
            let out = try rows.map(StoreRows.template)
            guard out.count > limit else { return (out, nil) }
            return (Array(out.prefix(limit)), try rows[limit - 1].text("seq"))
        }
    }

    /// Deletes a template of `keyID`; false when there was none. Jobs made from it keep their spec.
    public func deleteTemplate(_ id: String, keyID: String) throws -> Bool {
        try connected { db in
            try db.query("DELETE FROM templates WHERE id = ? AND key_id = ?", [.text(id), .text(keyID)]).changes == 1
        }
    }
}
