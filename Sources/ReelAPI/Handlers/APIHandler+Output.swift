import Foundation
import ReelEngine
import ReelHTTP
import ReelStore
import ReelWorker
import ReelSpec

extension APIHandler {
    /// The finished output, streamed from disk, with single byte ranges, ETag and conditional GET.
    func output(_ id: String, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (job, out) = try finishedOutput(id, key: key)
        if out.contentType == HLSServing.playlistType { return try hlsEntry(out, r) }
        var extra = HTTPHeaders()
        extra.set("Content-Disposition", "attachment; filename=\"\(job.id).\(URL(fileURLWithPath: out.path).pathExtension)\"")
        let mtime = (try? FileManager.default.attributesOfItem(atPath: out.path))?[.modificationDate] as? Date
        let piece = ImmutablePiece(body: .file(path: out.path, offset: 0, length: out.bytes), size: out.bytes,
                                   etag: "\"\(out.sha256)\"", lastModified: mtime.map { HTTPDate.format(Int($0.timeIntervalSince1970)) },
                                   contentType: out.contentType, noun: "output")
        return try piece.response(to: r, headers: extra)
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
