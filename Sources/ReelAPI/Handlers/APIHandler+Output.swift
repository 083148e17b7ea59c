import Foundation
import ReelEngine
import ReelHTTP
import ReelS3
import ReelStorage
import ReelStore
import ReelSpec

/// How a request for an output is allowed: by the caller's API key (the key's own jobs), or by an
/// output link (`OutputLinks`), whose query the HLS playlists served through it pass on.
enum OutputAccess {
    case key(String)
    case link(query: String)

    /// The link's query, which the playlists served through it carry on every URI; nil by key.
    var linkQuery: String? {
        if case .link(let q) = self { return q }
        return nil
    }
}

extension APIHandler {
    /// An output's `expires` that is not a whole number of Unix seconds, link or not: refused rather
    /// than ignored (a keyed request is served whatever its link words, so a malformed one would
    /// otherwise pass unnoticed). Asked of the routes that serve links (`RouteRow.servesLinks`).
    static func linkQueryProblem(_ head: HTTPRequestHead) -> SpecProblem? {
        guard let expires = head.queryValue("expires") else { return nil }
        let wholeSeconds = !expires.isEmpty && expires.utf8.count <= 18 && expires.utf8.allSatisfy { (48...57).contains($0) }
        if wholeSeconds { return nil }
        return SpecProblem(pointer: "/expires", message: "must be a whole number of Unix seconds")
    }

    /// Serves a link request to `route` (a row that serves links; `values`: the job's id, then a
    /// named output's name and an HLS file's name, as its path has them) once its signature holds
    /// for the job and has not expired: 403 otherwise.
    func linkedOutput(_ route: String, _ values: [String], _ r: HTTPRequest) throws -> HTTPResponse {
        let id = values[0]
        let expires = r.head.queryValue("expires"), signature = r.head.queryValue("signature")
        do {
            try links.check(jobID: id, expires: expires, signature: signature, now: Int64(Date().timeIntervalSince1970 * 1000))
        } catch {
            throw ProblemError(.linkRefused(error, expired: "this link to job \(id)'s output has expired; a new one is in the job's output.downloadUrl",
                                            invalid: "the link's signature does not match job \(id) and its expiry"))
        }
        let access = OutputAccess.link(query: "expires=\(expires ?? "")&signature=\(signature ?? "")")
        switch route {
        case RouteTable.outputFile: return try hlsFile(id, values[1], r, access: access)
        case RouteTable.namedOutput: return try output(id, r, access: access, name: values[1])
        case RouteTable.namedOutputFile: return try hlsFile(id, values[2], r, access: access, output: values[1])
        default: return try output(id, r, access: access)
        }
    }

    /// The finished output (`name`: one of the job's named outputs): streamed from disk, with single
    /// byte ranges, ETag and conditional GET; or, kept in a bucket, a redirect to a fresh presigned
    /// URL of it.
    func output(_ id: String, _ r: HTTPRequest, access: OutputAccess, name: String? = nil) throws -> HTTPResponse {
        let job = try accessibleJob(id, access: access)
        if let location = liveLocation(job, output: name) { return try liveEntry(job, location: location, r, access: access, name: name) }
        let out = try finishedOutput(job, name: name)
        if out.contentType == HLSServing.playlistType { return try hlsEntry(out, r, access: access) }
        let load: (Int64, Int64) throws -> HTTPResponseBody
        let mtime: Date?
        switch outputs.fetch(out.path, file: nil, expires: links.seconds) {
        case .url(let url) where !config.proxyOutputs: return Self.redirect(to: url)
        case .url:
            // Through this node, sent as the copy into its cache arrives (made only for an answer
            // with a body). A copy's modification time is its last use: the job's end is the output's.
            load = { [self] start, end in
                do { return try proxied.body(out.path, range: start...end, outputs: outputs) } catch {
                    throw ProblemError(Self.readProblem("job \(id)'s output", error))
                }
            }
            mtime = job.finishedAt.map { Date(timeIntervalSince1970: Double($0 / 1000)) }
        case .file(let path):
            load = { start, end in .file(path: path, offset: start, length: end - start + 1) }
            mtime = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        var extra = HTTPHeaders()
        let file = job.id + (name.map { "-" + $0 } ?? "") + "." + URL(fileURLWithPath: out.path).pathExtension
        extra.set("Content-Disposition", "attachment; filename=\"\(file)\"")
        let piece = ImmutablePiece(size: out.bytes, etag: "\"\(out.sha256)\"",
                                   lastModified: mtime.map { HTTPDate.format(Int($0.timeIntervalSince1970)) },
                                   contentType: out.contentType, noun: "output", load: load)
        return try piece.response(to: r, headers: extra)
    }

    /// A JPEG of the output (`output`: one of the job's named outputs) at `time` seconds (default
    /// 0), `width` pixels wide (default the output's).
    func thumbnail(_ id: String, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (_, out) = try finishedOutput(id, access: .key(key), name: r.head.queryValue("output"))
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
        var source: String
        var scratch: String?
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        switch outputs.fetch(out.path, file: nil, expires: 600) {
        case .file(let path):
            source = path  // a file, or an HLS folder, whose piece at `time` HLSFolder reads
        case .url where out.contentType == HLSServing.playlistType:
            // An HLS folder in a bucket: the few files the picture needs, copied into a local folder.
            // Under the data directory's temporaries, which the engine children may read.
            let folder = locations.uploadsTemp + "/reel-thumb-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            scratch = folder
            for name in try HLSFolder.filesNeeded(at: time, read: { String(decoding: try outputs.read(out.path, file: $0), as: UTF8.self) }) {
                try outputs.copy(out.path, file: name, to: folder + "/" + name)
            }
            source = folder
        case .url:
            // FFmpeg reads local files only: the node's cached copy of the object (cacheBytes).
            source = try outputs.localCopy(out.path, file: nil)
        }
        // Drawn in an engine child: decoding an output made from untrusted input is untrusted work.
        let (answer, jpeg) = try engineAnswer { try engine.thumbnail(path: source, timeValue: time.value, timeScale: time.timescale, width: width) }
        if let problems = answer.problems {
            throw ProblemError(.validation(problems.map { SpecProblem(pointer: $0.first ?? "", message: $0.dropFirst().first ?? "") },
                                           detail: "the query parameters are not valid"))
        }
        if let failure = answer.failure {
            logger.error("thumbnail failed", metadata: ["jobId": "\(id)", "error": "\(failure)"])
            throw ProblemError(.internalError("the thumbnail could not be made; see the server log for request \(r.head.requestID)"))
        }
        var h = HTTPHeaders()
        h.set("Content-Type", "image/jpeg")
        h.set("Cache-Control", "max-age=3600")
        return HTTPResponse(status: 200, headers: h, body: .bytes(jpeg))
    }

    /// The job and its output (`name`: a named one), or the right problem: 404, 409 not ready, 410 expired.
    func finishedOutput(_ id: String, access: OutputAccess, name: String? = nil) throws -> (Job, JobOutput) {
        let job = try accessibleJob(id, access: access)
        return (job, try finishedOutput(job, name: name))
    }

    /// Job `id` as the caller may see it (its key's project's, or any a link names), or 404.
    func accessibleJob(_ id: String, access: OutputAccess) throws -> Job {
        let found: Job?
        switch access {
        case .key(let key): found = try store.job(id, keyID: key)
        case .link: found = try store.job(id)  // the link's signature names the job
        }
        guard let job = found else { throw ProblemError(.notFound("no job \(id)")) }
        return job
    }

    /// The job's output, or the right problem: 409 not ready; 410 `output-expired` when retention
    /// deleted it (or its retention period is over), 410 `output-gone` when its file went from where
    /// outputs are kept before that: deleted outside Reel.
    /// A job with `outputs` has no one output: asked for it (`name` nil) it answers 404 naming
    /// where each is; a name it has not is 404 too.
    func finishedOutput(_ job: Job, name: String? = nil) throws -> JobOutput {
        let id = job.id
        guard job.status == .succeeded else {
            throw ProblemError(.conflict("output-not-ready", "job \(id) is \(job.status.rawValue); its output exists once it has succeeded"))
        }
        guard let out = name.map({ n in job.outputs.first { $0.name == n } }) ?? job.output else {
            if job.output != nil {
                throw ProblemError(.notFound("job \(id) has one output, at /v1/jobs/\(id)/output; it has no output named \(name ?? "")"))
            }
            let names = job.outputs.compactMap(\.name)
            if let name, !names.isEmpty {
                throw ProblemError(.notFound("job \(id) has no output named \(name); its outputs are \(names.joined(separator: ", "))"))
            }
            throw ProblemError(.notFound("job \(id) has several outputs, each at /v1/jobs/\(id)/outputs/{name}: \(names.joined(separator: ", "))"))
        }
        let exists: Bool
        do { exists = try outputs.exists(out.path) } catch { throw ProblemError(Self.readProblem("job \(id)'s output", error)) }
        if out.expired || (!exists && retentionIsOver(job)) {
            throw ProblemError(Problem(status: 410, type: "output-expired", title: "Output expired",
                                       detail: "the output of job \(id) was deleted after the retention period"))
        }
        guard exists else {
            let place = outputs.keepsOutputsLocally ? "the data directory's outputs folder" : "the bucket outputs are kept in"
            throw ProblemError(Problem(status: 410, type: "output-gone", title: "Output gone",
                                       detail: "the output of job \(id) is no longer in \(place): it was deleted outside Reel, "
                                           + "not by retention; render the job's spec again"))
        }
        return out
    }

    /// Whether `job`'s output has outlived `outputRetentionHours` (never, when outputs are kept
    /// forever): the retention sweep deletes it, if it has not yet.
    private func retentionIsOver(_ job: Job) -> Bool {
        guard config.outputRetentionHours > 0, let finished = job.finishedAt else { return false }
        return finished + Int64(config.outputRetentionHours * 3_600_000) <= Int64(Date().timeIntervalSince1970 * 1000)
    }

    /// How the API hands out a file of the output at `location`: a presigned URL to redirect to, or
    /// a local file it streams (the output itself; with `proxyOutputs`, a copy of the bucket's
    /// object in the node's cache). A copy that cannot be made is 404 when the object is gone and
    /// 503 when the bucket cannot be read.
    func served(_ location: String, file: String?, noun: String) throws -> OutputFetch {
        let fetch = outputs.fetch(location, file: file, expires: links.seconds)
        guard case .url = fetch, config.proxyOutputs else { return fetch }
        do { return .file(path: try outputs.localCopy(location, file: file)) } catch { throw ProblemError(Self.readProblem(noun, error)) }
    }

    /// Why `noun` of an output could not be read, as a client should see it: 404 when the bucket no
    /// longer has it, 507 when this node's disk is full, else 503 with `Retry-After` (the bucket
    /// does not answer for now).
    static func readProblem(_ noun: String, _ error: Error) -> Problem {
        if let e = error as? S3Error, e.kind == .noSuchKey { return .notFound("\(noun) is not in the bucket") }
        if let full = Problem.storage(error) { return full }
        return Problem(status: 503, type: "storage-unavailable", title: "Storage unavailable",
                       detail: "\(noun) cannot be read from the bucket for now: \(error)", headers: [("Retry-After", "5")])
    }

    /// `302` to a presigned URL, not to be cached: the URL expires.
    static func redirect(to url: String) -> HTTPResponse {
        var h = HTTPHeaders()
        h.set("Location", url)
        h.set("Cache-Control", "no-store")
        return HTTPResponse(status: 302, headers: h, body: .bytes([]))
    }
}
