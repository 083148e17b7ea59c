import Foundation
import ReelEngine
import ReelHTTP
import ReelStorage
import ReelSpec
import ReelStore

/// An `hls` output served: its master playlist at `/v1/jobs/{id}/output`, its files below it, and a
/// running progressive job's growing playlists (`HLSServing` holds the names and the rewriting).
extension APIHandler {
    /// `GET /v1/jobs/{id}/output` of an `hls` job: the master playlist, its URIs pointing below
    /// `output/`, with an ETag and conditional GET like any output.
    func hlsEntry(_ out: JobOutput, _ r: HTTPRequest, access: OutputAccess) throws -> HTTPResponse {
        let raw: [UInt8]
        do { raw = try outputs.read(out.path, file: RenderedOutput.hlsEntry) } catch {
            throw ProblemError(Self.readProblem("the output's master playlist", error))
        }
        let text = String(decoding: raw, as: UTF8.self)
        // Served at `/v1/jobs/{id}/output` its files are below `output/`; a named output's, at
        // `/v1/jobs/{id}/outputs/{name}`, below `{name}/`.
        let bytes = Array(HLSServing.rootedMaster(text, folder: out.name ?? "output", query: access.linkQuery).utf8)
        return try ImmutablePiece(body: .bytes(bytes), size: Int64(bytes.count), etag: "\"\(out.sha256)-entry\"",
                                  contentType: HLSServing.playlistType, noun: "playlist").response(to: r)
    }

    /// `GET /v1/jobs/{id}/output` of a progressive job while it renders (`name`: a progressive one of
    /// its named outputs, at `/v1/jobs/{id}/outputs/{name}`): its master playlist as far as it is
    /// (never cached: it is written again at the end), or 409 with `Retry-After` until every
    /// rendition has its first segment.
    func liveEntry(_ job: Job, location: String, _ r: HTTPRequest, access: OutputAccess, name: String? = nil) throws -> HTTPResponse {
        let raw: [UInt8]
        do { raw = try outputs.read(location, file: RenderedOutput.hlsEntry) } catch {
            if StorageOutage.isOutage(error) { throw ProblemError(Self.readProblem("the output's master playlist", error)) }
            var problem = Problem.conflict("output-not-ready", "job \(job.id) is running; its output can be played once the first segment of "
                                           + "every rendition is written")
            problem.headers = [("Retry-After", "1")]
            throw ProblemError(problem)
        }
        return Self.livePlaylist(HLSServing.rootedMaster(String(decoding: raw, as: UTF8.self), folder: name ?? "output", query: access.linkQuery))
    }

    /// A playlist of an output still rendering: it grows, so no client or cache may keep it.
    static func livePlaylist(_ text: String) -> HTTPResponse {
        var h = HTTPHeaders()
        h.set("Content-Type", HLSServing.playlistType)
        h.set("Cache-Control", "no-store")
        return HTTPResponse(status: 200, headers: h, body: .bytes(Array(text.utf8)))
    }

    /// Where a running job's progressive output is read (`OutputStore.liveLocation` of the attempt
    /// rendering it; `name`: one of its named outputs); nil for any other job or output.
    func liveLocation(_ job: Job, output name: String? = nil) -> String? {
        guard job.status == .running else { return nil }
        if let name {
            guard JobJSON.progressiveOutputs(job.spec).contains(name) else { return nil }
        } else if !JobJSON.isProgressive(job.spec) {
            return nil
        }
        return outputs.liveLocation(OutputName(jobID: job.id, attempt: job.attempts, output: name, fileExtension: OutputFormat.hls.rawValue))
    }

    /// `GET /v1/jobs/{id}/output/{name}`: one file of an `hls` output's folder, with `Range`,
    /// ETag and conditional GET. A file's ETag is the output's digest and its name: a folder's
    /// files never change once the job has succeeded. While a progressive job renders, its files
    /// so far: segments as they will stay, playlists never cached.
    /// `output`: of one of the job's named outputs (`/v1/jobs/{id}/outputs/{output}/{name}`).
    func hlsFile(_ id: String, _ name: String, _ r: HTTPRequest, access: OutputAccess, output: String? = nil) throws -> HTTPResponse {
        let job = try accessibleJob(id, access: access)
        let location: String, tag: String, live: Bool
        if let l = liveLocation(job, output: output) {
            (location, tag, live) = (l, "live-\(job.id)-\(job.attempts)" + (output.map { "-" + $0 } ?? ""), true)
        } else {
            let out = try finishedOutput(job, name: output)
            guard out.contentType == HLSServing.playlistType else {
                throw ProblemError(.notFound("job \(id)'s output is a single file; it is at \(JobJSON.outputURL(jobID: id, name: output))"))
            }
            (location, tag, live) = (out.path, out.sha256, false)
        }
        guard HLSServing.isServable(name), let type = HLSServing.contentType(of: name) else {
            throw ProblemError(.notFound("job \(id)'s output has no file \(name)"))
        }
        let path: String
        switch try served(location, file: name, noun: "job \(id)'s output file \(name)") {
        case .file(let p): path = p
        case .url(let url):
            guard type == HLSServing.playlistType else { return Self.redirect(to: url) }
            // A playlist in a bucket: served here with each URI the presigned URL of its file, since
            // a player resolving a relative URI against the presigned playlist would lose the signature.
            let bytes: [UInt8]
            do { bytes = try outputs.read(location, file: name) } catch {
                throw ProblemError(Self.readProblem("job \(id)'s output file \(name)", error))
            }
            let text = HLSServing.rewritingURIs(String(decoding: bytes, as: UTF8.self)) { uri in
                if case .url(let u) = outputs.fetch(location, file: uri, expires: links.seconds) { return u }
                return uri
            }
            return Self.livePlaylist(text)
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int64 else {
            throw ProblemError(.notFound("job \(id)'s output has no file \(name)"))
        }
        if type == HLSServing.playlistType, live || access.linkQuery != nil {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ProblemError(.notFound("job \(id)'s output has no file \(name)"))
            }
            let served = access.linkQuery.map { HLSServing.signed(text, query: $0) } ?? text
            if live { return Self.livePlaylist(served) }
            let bytes = Array(served.utf8)
            return try ImmutablePiece(body: .bytes(bytes), size: Int64(bytes.count), etag: "\"\(tag)-\(name)-linked\"",
                                      contentType: type, noun: "playlist").response(to: r)
        }
        return try ImmutablePiece(body: .file(path: path, offset: 0, length: size), size: size, etag: "\"\(tag)-\(name)\"",
                                  contentType: type, noun: "file").response(to: r)
    }
}
