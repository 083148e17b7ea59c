import ReelHTTP

/// The API's routes, one row each: method, path pattern, metrics name, scope, body rule, handler.
/// `APIHandler.admit` is the one step every request goes through to be matched against it; the
/// methods a path answers (`405` + `Allow`, CORS preflights) are its rows'.
enum RouteTable {
    static let rows: [RouteRow] = [
        RouteRow("GET", "/healthz", "healthz", .open, inline: { _, _, _ in APIHandler.healthy }) { _, _ in APIHandler.healthy },
        RouteRow("GET", "/readyz", "readyz", .open) { h, _ in h.readiness() },
        RouteRow("GET", "/metrics", "metrics", .read, limited: false) { h, _ in try h.metrics() },
        RouteRow("GET", "/console", "console", .open) { _, c in try APIHandler.console("", c.request) },
        RouteRow("GET", "/console/{name?}", "console", .open) { _, c in try APIHandler.console(c.id, c.request) },
        RouteRow("GET", "/console/{folder}/{name}", "console", .open) { _, c in try APIHandler.console(c.values.joined(separator: "/"), c.request) },
        RouteRow("GET", "/console/{folder}/{inner}/{name}", "console", .open) { _, c in
            try APIHandler.console(c.values.joined(separator: "/"), c.request)
        },
        RouteRow("GET", "/v1/schema/job-spec.json", "job_spec_schema", .open) { h, c in h.jobSpecSchema(c.request) },

        RouteRow("GET", "/v1/jobs", "jobs", .read) { h, c in try h.listJobs(c.request, key: c.project) },
        RouteRow("POST", "/v1/jobs", "jobs", .write, body: .json) { h, c in try h.submitJob(c.request, key: c.project) },
        RouteRow("GET", "/v1/jobs/{job_}", "job", .read, inline: { h, head, a in h.jobInline(a, head) }) { h, c in
            try h.getJob(c.id, key: c.project)
        },
        RouteRow("DELETE", "/v1/jobs/{job_}", "job", .write) { h, c in try h.deleteJob(c.id, key: c.project) },
        RouteRow("POST", "/v1/jobs/{job_}/cancel", "job_cancel", .write) { h, c in try h.cancelJob(c.id, key: c.project) },
        RouteRow("GET", "/v1/jobs/{job_}/output", "job_output", .read, servesLinks: true) { h, c in
            try h.output(c.id, c.request, access: .key(c.project))
        },
        RouteRow("GET", "/v1/jobs/{job_}/output/{name}", outputFile, .read, servesLinks: true) { h, c in
            try h.hlsFile(c.id, c.values[1], c.request, access: .key(c.project))
        },
        RouteRow("GET", "/v1/jobs/{job_}/outputs/{output}", namedOutput, .read, servesLinks: true) { h, c in
            try h.output(c.id, c.request, access: .key(c.project), name: c.values[1])
        },
        RouteRow("GET", "/v1/jobs/{job_}/outputs/{output}/{name}", namedOutputFile, .read, servesLinks: true) { h, c in
            try h.hlsFile(c.id, c.values[2], c.request, access: .key(c.project), output: c.values[1])
        },
        RouteRow("GET", "/v1/jobs/{job_}/thumbnail", "job_thumbnail", .read) { h, c in try h.thumbnail(c.id, c.request, key: c.project) },
        RouteRow("GET", "/v1/jobs/{job_}/timeline.otio", "job_timeline", .read) { h, c in try h.timeline(c.id, key: c.project) },
        RouteRow("GET", "/v1/jobs/{job_}/events", "job_events", .read) { h, c in try h.jobEvents(c.id, c.request, key: c.project) },
        RouteRow("GET", "/v1/events", "events", .read) { h, c in try h.keyEvents(c.request, key: c.project) },

        RouteRow("GET", "/v1/assets", "assets", .read) { h, c in try h.listAssets(c.request, key: c.project) },
        RouteRow("POST", "/v1/assets", "assets", .write, body: .upload) { h, c in
            APIHandler.isJSON(c.request.head) ? try h.importAsset(c.request, key: c.project) : try h.upload(c.request, key: c.project)
        },
        RouteRow("GET", "/v1/assets/{asset_}", "asset", .read) { h, c in try h.getAsset(c.id, key: c.project) },
        RouteRow("DELETE", "/v1/assets/{asset_}", "asset", .write) { h, c in try h.deleteAsset(c.id, key: c.project) },
        RouteRow("POST", "/v1/assets/{asset_}/complete", "asset_complete", .write) { h, c in try h.completeAsset(c.id, key: c.project) },
        RouteRow("POST", "/v1/uploads", "uploads", .write, body: .json) { h, c in try h.createUpload(c.request, key: c.project) },
        RouteRow("PUT", "/v1/uploads/{asset_}", "upload", .open, body: .signedUpload) { h, c in try h.putUpload(c.id, c.request) },

        RouteRow("POST", "/v1/probe", "probe", .read, body: .json) { h, c in try h.probe(c.request, key: c.project) },
        RouteRow("POST", "/v1/validate", "validate", .read, body: .json) { h, c in try h.validate(c.request, key: c.project) },
        RouteRow("POST", "/v1/waveform", "waveform", .read, body: .json) { h, c in try h.waveform(c.request, key: c.project) },
        RouteRow("POST", "/v1/preview", "preview", .read, body: .json) { h, c in try h.preview(c.request, key: c.project) },

        RouteRow("POST", "/v1/batches", "batches", .write, body: .batch) { h, c in try h.submitBatch(c.request, key: c.project) },
        RouteRow("GET", "/v1/batches/{bat_}", "batch", .read) { h, c in try h.getBatch(c.id, key: c.project) },
        RouteRow("DELETE", "/v1/batches/{bat_}", "batch", .write) { h, c in try h.deleteBatch(c.id, key: c.project) },
        RouteRow("POST", "/v1/batches/{bat_}/cancel", "batch_cancel", .write) { h, c in try h.cancelBatch(c.id, key: c.project) },

        RouteRow("GET", "/v1/keys", "keys", .read) { h, c in try h.listKeys(project: c.project, caller: c.key) },
        RouteRow("POST", "/v1/keys", "keys", .write, body: .json) { h, c in try h.createKey(c.request, project: c.project) },
        RouteRow("DELETE", "/v1/keys/{key_}", "key", .write) { h, c in try h.deleteKey(c.id, project: c.project) },

        RouteRow("GET", "/v1/templates", "templates", .read) { h, c in try h.listTemplates(c.request, key: c.project) },
        RouteRow("POST", "/v1/templates", "templates", .write, body: .json) { h, c in try h.createTemplate(c.request, key: c.project) },
        RouteRow("GET", "/v1/templates/{tpl_}", "template", .read) { h, c in try h.getTemplate(c.id, key: c.project) },
        RouteRow("DELETE", "/v1/templates/{tpl_}", "template", .write) { h, c in try h.deleteTemplate(c.id, key: c.project) },
    ]

    /// The names of the rows that serve an output's files, which a link request is told apart by.
    static let outputFile = "job_output_file"
    static let namedOutput = "job_named_output"
    static let namedOutputFile = "job_named_output_file"

    /// A path's rows (one per method, in the table's order) and its variable segments' values.
    struct Resource: Sendable {
        let rows: [RouteRow]
        /// The rows' pattern and name, kept apart from them: `match` reads every resource's pattern.
        let pattern: RoutePattern
        let name: String

        init(rows: [RouteRow]) {
            self.rows = rows
            pattern = rows[0].pattern
            name = rows[0].name
        }

        /// The row of `method` (HEAD is GET's).
        func row(_ method: String) -> RouteRow? {
            let m = method == "HEAD" ? "GET" : method
            return rows.first { $0.method == m }
        }

        /// The `Allow` header: the methods (HEAD beside GET) and OPTIONS.
        var allow: String {
            (rows.flatMap { $0.method == "GET" ? ["GET", "HEAD"] : [$0.method] } + ["OPTIONS"]).joined(separator: ", ")
        }
    }

    /// The rows grouped by path, in the table's order.
    static let resources: [Resource] = {
        var order: [String] = []
        var byPattern: [String: [RouteRow]] = [:]
        for row in rows {
            if byPattern[row.pattern.text] == nil { order.append(row.pattern.text) }
            byPattern[row.pattern.text, default: []].append(row)
        }
        return order.map { Resource(rows: byPattern[$0]!) }
    }()

    /// The resource at `path` and the values of its variable segments; nil when no route has it.
    static func match(_ path: String) -> (resource: Resource, values: [String])? {
        // Split on the bytes: no Character segmentation on the status path.
        var parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
            .map { Substring($0) }
        if parts.isEmpty { parts = [""] }
        for resource in resources {
            if let values = resource.pattern.match(parts) { return (resource, values) }
        }
        return nil
    }
}
