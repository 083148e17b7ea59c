import ReelBasics
import ReelEngine
import ReelHTTP

extension APIHandler {
    /// The schema's bytes and their ETag, made once.
    private static let schemaFile = (body: Array(JobSpecSchema.text.utf8) + [0x0A],
                                     etag: "\"" + Digests.sha256Hex(Array(JobSpecSchema.text.utf8)).prefix(24) + "\"")

    /// `GET /v1/schema/job-spec.json`: the job spec's JSON Schema (draft 2020-12), the text of
    /// docs/job-spec.schema.json, for editors that complete and check a spec naming it in
    /// `"$schema"` (no key: an editor cannot send one). Cached by `ETag`, revalidated.
    static func jobSpecSchema(_ r: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": schemaFile.etag]
        if r.head.headers["If-None-Match"] == schemaFile.etag {
            headers.set("Content-Length", String(schemaFile.body.count))
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(schemaFile.body))
    }
}
