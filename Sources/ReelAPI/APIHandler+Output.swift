import Foundation
import ReelEngine
import ReelHTTP
import ReelQueue
import ReelSpec

extension APIHandler {
    /// The finished output, streamed from disk, with single byte ranges, ETag and conditional GET.
    func output(_ id: String, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (job, out) = try finishedOutput(id, key: key)
        if out.contentType == HLSServing.playlistType { return try hlsEntry(out, r) }
        let size = out.bytes
        var h = HTTPHeaders()
        let etag = "\"\(out.sha256)\""
        h.set("ETag", etag)
        h.set("Accept-Ranges", "bytes")
        h.set("Content-Type", out.contentType)
        h.set("Content-Disposition", "attachment; filename=\"\(job.id).\(URL(fileURLWithPath: out.path).pathExtension)\"")
        // A job's output never changes once written (a new render is a new job), so caches may
        // keep it; `private` because it belongs to an API key.
        h.set("Cache-Control", "private, max-age=31536000, immutable")
        var lastModified: String?
        if let mtime = (try? FileManager.default.attributesOfItem(atPath: out.path))?[.modificationDate] as? Date {
            lastModified = HTTPDate.format(mtime)
            h.set("Last-Modified", lastModified!)
        }
        if let inm = r.head.headers["If-None-Match"],
           inm.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(where: { $0 == etag || $0 == "*" || $0 == "W/" + etag }) {
            return HTTPResponse(status: 304, headers: h, body: .empty)
        }
        // If-Range (RFC 9110 §13.1.5): the range only while the client's copy is this one (the
        // strong ETag, or the exact Last-Modified date); otherwise the whole file.
        let rangeApplies = r.head.headers["If-Range"].map { $0 == etag || ($0 == lastModified && lastModified != nil) } ?? true
        if let range = r.head.headers["Range"], rangeApplies {
            switch ByteRange.parse(range, size: size) {
            case .satisfiable(let start, let end):
                h.set("Content-Range", "bytes \(start)-\(end)/\(size)")
                return HTTPResponse(status: 206, headers: h, body: .file(path: out.path, offset: start, length: end - start + 1))
            case .unsatisfiable:
                var p = Problem(status: 416, type: "range-not-satisfiable", title: "Range not satisfiable",
                                detail: "the output has \(size) bytes")
                p.headers = [("Content-Range", "bytes */\(size)")]
                throw ProblemError(p)
            case .ignored:
                break
            }
        }
        return HTTPResponse(status: 200, headers: h, body: .file(path: out.path, offset: 0, length: size))
    }

    /// A JPEG of the output at `time` seconds (default 0), `width` pixels wide (default the output's).
    func thumbnail(_ id: String, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (_, out) = try finishedOutput(id, key: key)
        var problems: [SpecProblem] = []
        var time = Time.zero
        if let t = r.head.queryValue("time") {
            switch TimeParser.parseString(t) {
            case .success(let v): time = v
            case .failure(let f): problems.append(SpecProblem(pointer: "/time", message: f.message))
            }
        }
        if let d = try? TimeParser.parseString(out.duration).get(), time.isNegative || !(time < d) {
            problems.append(SpecProblem(pointer: "/time", message: "must be from 0 to before the output's end (\(d) s)"))
        }
        var width: Int?
        if let w = r.head.queryValue("width") {
            if let v = Int(w), (16...3840).contains(v) { width = v } else { problems.append(SpecProblem(pointer: "/width", message: "must be a whole number from 16 to 3840")) }
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems, detail: "the query parameters are not valid")) }
        guard !out.contentType.hasPrefix("audio/") else {
            throw ProblemError(.conflict("no-picture", "job \(id) rendered audio only"))
        }
        let jpeg = try ThumbnailGenerator.jpeg(path: out.path, at: time, width: width)
        var h = HTTPHeaders()
        h.set("Content-Type", "image/jpeg")
        h.set("Cache-Control", "max-age=3600")
        return HTTPResponse(status: 200, headers: h, body: .bytes(jpeg))
    }

    /// The job and its output, or the right problem: 404, 409 not ready, 410 expired.
    func finishedOutput(_ id: String, key: String) throws -> (Job, JobOutput) {
        guard let job = try store.job(id, keyID: key) else { throw ProblemError(.notFound("no job \(id)")) }
        guard job.status == .succeeded, let out = job.output else {
            throw ProblemError(.conflict("output-not-ready", "job \(id) is \(job.status.rawValue); its output exists once it has succeeded"))
        }
        guard !out.expired, FileManager.default.fileExists(atPath: out.path) else {
            throw ProblemError(Problem(status: 410, type: "output-expired", title: "Output expired",
                                       detail: "the output of job \(id) was deleted after the retention period"))
        }
        return (job, out)
    }
}

/// A `Range: bytes=…` header against a file size (RFC 9110 §14): one range is honoured; several,
/// or a syntax Reel does not serve, fall back to the whole file.
enum ByteRange: Equatable {
    case satisfiable(start: Int64, end: Int64)
    case unsatisfiable
    case ignored

    static func parse(_ header: String, size: Int64) -> ByteRange {
        let h = header.trimmingCharacters(in: .whitespaces)
        guard h.lowercased().hasPrefix("bytes="), !h.contains(",") else { return .ignored }
        let spec = h.dropFirst(6)
        guard let dash = spec.firstIndex(of: "-") else { return .ignored }
        let a = spec[..<dash].trimmingCharacters(in: .whitespaces), b = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if a.isEmpty {
            guard let n = number(b) else { return .ignored }
            guard n > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(start: max(0, size - n), end: size - 1)
        }
        guard let start = number(a) else { return .ignored }
        guard start < size else { return .unsatisfiable }
        if b.isEmpty { return .satisfiable(start: start, end: size - 1) }
        guard let end = number(b), end >= start else { return .ignored }
        return .satisfiable(start: start, end: min(end, size - 1))
    }

    /// ASCII digits as a byte position; a value past Int64 is as far as a file can go.
    static func number(_ s: String) -> Int64? {
        guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(s) ?? .max
    }
}

/// IMF-fixdate for HTTP headers.
enum HTTPDate {
    static func format(_ d: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f.string(from: d)
    }
}
