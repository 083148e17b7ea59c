import ReelBasics
import ReelEngine
import ReelHTTP

extension APIHandler {
    /// The served schema: docs/job-spec.schema.json's text, its `$id` this server's own address
    /// where `publicURL` says it (so an editor's `"$schema"` and the schema's identity agree), with
    /// the ETag of those bytes. Made once per server.
    struct SchemaDocument: Sendable {
        let body: [UInt8]
        let etag: String

        init(publicURL: String?) {
            var text = JobSpecSchema.text
            if let publicURL {
                text = text.replacingOccurrences(of: "\"$id\": \"\(JobSpecSchema.id)\"",
                                                 with: "\"$id\": \"\(publicURL)/v1/schema/job-spec.json\"")
            }
            body = Array(text.utf8) + [0x0A]
            etag = "\"" + Digests.sha256Hex(Array(text.utf8)).prefix(24) + "\""
        }
    }

    /// `GET /v1/schema/job-spec.json`: the job spec's JSON Schema (draft 2020-12), for editors that
    /// complete and check a spec naming it in `"$schema"` (no key: an editor cannot send one).
    /// Cached by `ETag`, revalidated.
    func jobSpecSchema(_ r: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": schema.etag]
        if r.head.headers["If-None-Match"] == schema.etag {
            headers.set("Content-Length", String(schema.body.count))
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(schema.body))
    }
}
