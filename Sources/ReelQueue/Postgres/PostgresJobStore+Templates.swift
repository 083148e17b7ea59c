extension PostgresJobStore {
    public func insertTemplate(keyID: String, name: String?, spec: String, placeholders: [String]) throws -> Template {
        try locked { db in
            let t = now()
            let template = Template(id: "tpl_" + ULID.make(millis: t), keyID: keyID, name: name, spec: spec,
                                    placeholders: placeholders, createdAt: t)
            try db.query("INSERT INTO templates (id, key_id, name, spec, placeholders, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                         [.text(template.id), .text(keyID), name.map { .text($0) } ?? .null, .text(spec),
                          .text(placeholders.joined(separator: ",")), .int(t)])
            return template
        }
    }

    public func template(_ id: String, keyID: String) throws -> Template? {
        try locked { db in
            try db.query("SELECT \(Self.templateColumns) FROM templates WHERE id = $1 AND key_id = $2", [.text(id), .text(keyID)])
                .first.map(Self.template)
        }
    }

    public func listTemplates(keyID: String, limit: Int, cursor: String?) throws -> (templates: [Template], nextCursor: String?) {
        try locked { db in
            var sql = "SELECT \(Self.templateColumns) FROM templates WHERE key_id = $1"
            var args: [PostgresValue] = [.text(keyID)]
            if let cursor, let seq = Int64(cursor) { args.append(.int(seq)); sql += " AND seq < $2" }
            args.append(.int(Int64(limit + 1)))
            sql += " ORDER BY seq DESC LIMIT $\(args.count)"
            let rows = try db.query(sql, args).rows
            let out = try rows.map(Self.template)
            guard out.count > limit else { return (out, nil) }
            return (Array(out.prefix(limit)), try rows[limit - 1].text("seq"))
        }
    }

    public func deleteTemplate(_ id: String, keyID: String) throws -> Bool {
        try locked { db in
            try db.query("DELETE FROM templates WHERE id = $1 AND key_id = $2", [.text(id), .text(keyID)]).changes == 1
        }
    }

    static let templateColumns = "id, key_id, name, spec, placeholders, created_at, seq"

    static func template(_ r: PostgresRow) throws -> Template {
        let names = try r.text("placeholders")
        return Template(id: try r.text("id"), keyID: try r.text("key_id"), name: try r.optionalText("name"), spec: try r.text("spec"),
                        placeholders: names.isEmpty ? [] : names.split(separator: ",").map(String.init),
                        createdAt: try r.int64("created_at"))
    }
}
