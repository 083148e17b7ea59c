import Foundation
import ReelHTTP

/// One piece of a finished output as the API serves it — the output file, an HLS folder's files,
/// its rooted master playlist — with the rules they share: a strong ETag, `If-None-Match` (304),
/// one byte range (206, or 416 past the end) while `If-Range` names this copy (its ETag, or its
/// exact `Last-Modified` date, RFC 9110 §13.1.5), and caching for good: a job's output never
/// changes once written (a new render is a new job); `private` because it belongs to an API key.
struct ImmutablePiece {
    /// Makes the body of bytes `start…end` (inclusive), only for an answer that sends one (not for
    /// a 304, a 416 or a HEAD): a body that costs something to make (a copy from a bucket) is not
    /// made for them, and is made for the range asked.
    var load: (_ start: Int64, _ end: Int64) throws -> HTTPResponseBody
    var size: Int64
    var etag: String
    var lastModified: String?
    var contentType: String
    /// What the piece is called in a 416's detail ("the output has 1234 bytes").
    var noun: String

    init(body: HTTPResponseBody, size: Int64, etag: String, lastModified: String? = nil, contentType: String, noun: String) {
        self.init(size: size, etag: etag, lastModified: lastModified, contentType: contentType, noun: noun) { start, end in
            Self.part(body, start, end)
        }
    }

    init(size: Int64, etag: String, lastModified: String? = nil, contentType: String, noun: String,
         load: @escaping (_ start: Int64, _ end: Int64) throws -> HTTPResponseBody) {
        self.load = load
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.noun = noun
    }

    /// The answer to `r` (a GET or HEAD): 304, 206, 416 (thrown as a problem) or 200, with
    /// `headers` added to the piece's own.
    func response(to r: HTTPRequest, headers extra: HTTPHeaders = HTTPHeaders()) throws -> HTTPResponse {
        var h = extra
        h.set("ETag", etag)
        h.set("Accept-Ranges", "bytes")
        h.set("Content-Type", contentType)
        h.set("Cache-Control", "private, max-age=31536000, immutable")
        if let lastModified { h.set("Last-Modified", lastModified) }
        if let inm = r.head.headers["If-None-Match"],
           inm.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(where: { $0 == etag || $0 == "*" || $0 == "W/" + etag }) {
            return HTTPResponse(status: 304, headers: h, body: .empty)
        }
        let isHead = r.head.method == "HEAD"
        /// The answer with bytes `start…end` of the body: for a HEAD, only their count.
        func answer(_ status: Int, _ start: Int64, _ end: Int64) throws -> HTTPResponse {
            if isHead || end < start {
                h.set("Content-Length", String(max(0, end - start + 1)))
                return HTTPResponse(status: status, headers: h, body: .empty)
            }
            return HTTPResponse(status: status, headers: h, body: try load(start, end))
        }
        let rangeApplies = r.head.headers["If-Range"].map { $0 == etag || ($0 == lastModified && lastModified != nil) } ?? true
        guard rangeApplies, let range = r.head.headers["Range"] else { return try answer(200, 0, size - 1) }
        switch ByteRange.parse(range, size: size) {
        case .satisfiable(let start, let end):
            h.set("Content-Range", "bytes \(start)-\(end)/\(size)")
            return try answer(206, start, end)
        case .unsatisfiable:
            var p = Problem(status: 416, type: "range-not-satisfiable", title: "Range not satisfiable", detail: "the \(noun) has \(size) bytes")
            p.headers = [("Content-Range", "bytes */\(size)")]
            throw ProblemError(p)
        case .ignored:
            return try answer(200, 0, size - 1)
        }
    }

    /// Bytes `start…end` (inclusive) of `body`.
    static func part(_ body: HTTPResponseBody, _ start: Int64, _ end: Int64) -> HTTPResponseBody {
        switch body {
        case .file(let path, let offset, _): return .file(path: path, offset: offset + start, length: end - start + 1)
        case .growingFile(let file, let offset, _): return .growingFile(file, offset: offset + start, length: end - start + 1)
        case .bytes(let b): return .bytes(Array(b[Int(start)...Int(end)]))
        default: return body
        }
    }
}
