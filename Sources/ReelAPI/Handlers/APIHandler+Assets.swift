import Foundation
import ReelEngine
import ReelHTTP
import ReelStore
import ReelWorker
import ReelSpec
import ReelStorage

extension APIHandler {
    /// Stores an uploaded file (already streamed to a temporary file by the server), hashes and
    /// probes it by its kind (media, font or captions, told by its first bytes); a file its kind's
    /// probe cannot read is refused and deleted.
    func upload(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        guard case .file(let temp, let bytes) = r.body, bytes > 0 else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the body is empty; send the file as the request body")]))
        }
        let kind = AssetKind.of(file: temp)
        let probe: JSONValue
        do {
            switch kind {
            case .media: probe = try MediaProbe.probe(path: temp).json
            case .font: probe = try FontProbe.probe(path: temp)
            case .captions: probe = try CaptionProbe.probe(path: temp)
            }
        } catch {
            logger.info("upload refused", metadata: ["requestId": "\(r.head.requestID)", "kind": "\(kind.rawValue)", "error": "\(error)"])
            switch error {
            case let e as TextError:
                throw ProblemError(Problem(status: 422, type: "not-a-font", title: "Not a readable font",
                                           detail: "the upload looks like a font but \(e)"))
            case let e as CaptionParseError:
                throw ProblemError(Problem(status: 422, type: "not-captions", title: "Not a readable caption file",
                                           detail: "the upload looks like SRT or WebVTT but does not parse: \(e)"))
            default:
                // FFmpeg's words only: the error's own description names the temporary file's path.
                let why = (error as? FFmpegError)?.message ?? "it holds no stream Reel can read"
                throw ProblemError(Problem(status: 422, type: "not-media", title: "Not readable media",
                                           detail: "the upload is not a media file, font or caption file Reel can read: \(why)"))
            }
        }
        let id = "asset_" + ULID.make()
        let sha256 = try SHA256.hex(ofFile: temp)
        let path = try uploads.keep(id, from: temp, contentType: r.head.headers["Content-Type"])
        let filename = r.head.headers["X-Filename"].flatMap { $0.isEmpty ? nil : String($0.prefix(255)) }
        do {
            let asset = Asset(id: id, path: path, bytes: bytes, sha256: sha256,
                              contentType: r.head.headers["Content-Type"], filename: filename,
                              probe: probe.serialized, createdAt: Int64(Date().timeIntervalSince1970 * 1000), keyID: key,
                              kind: kind.rawValue)
            try store.insert(asset)
            logger.info("asset stored", metadata: ["assetId": "\(id)", "bytes": .stringConvertible(bytes), "key": "\(APIKeys.fingerprint(ofKeyID: key))",
                                                  "requestId": "\(r.head.requestID)"])
            return JSONValue.object(JobJSON.assetMembers(asset, retentionHours: config.assetRetentionHours)).response(201, headers: [("Location", "/v1/assets/\(id)")])
        } catch {
            uploads.removeUpload(path, id: id)
            throw error
        }
    }

    func getAsset(_ id: String, key: String) throws -> HTTPResponse {
        guard let a = try store.asset(id, keyID: key) else { throw ProblemError(.notFound("no asset \(id)")) }
        return JSONValue.object(JobJSON.assetMembers(a, retentionHours: config.assetRetentionHours)).response(200)
    }

    /// `DELETE /v1/assets/{id}`: the record and the file, unless a queued or running job uses it.
    func deleteAsset(_ id: String, key: String) throws -> HTTPResponse {
        switch try store.deleteAsset(id, keyID: key) {
        case .deleted(let path):
            uploads.removeUpload(path, id: id)
            logger.info("asset deleted", metadata: ["assetId": "\(id)"])
            return HTTPResponse(status: 204)
        case .inUse(let jobs):
            throw ProblemError(.conflict("asset-in-use", "asset \(id) is used by queued or running job\(jobs.count == 1 ? "" : "s") "
                                         + jobs.joined(separator: ", ") + "; cancel or delete them first"))
        case .notFound:
            throw ProblemError(.notFound("no asset \(id)"))
        }
    }

    /// `{ "src": … }` → the source's probe, with the same source rules as a spec.
    func probe(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let body = try jsonBody(r)
        let json: JSONValue
        do { json = try JSONParser.parse(body) } catch {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "\(error)")]))
        }
        guard case .object(let members) = json else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "must be an object with src")]))
        }
        var problems = members.filter { $0.key != "src" }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        guard case .string(let src)? = members.first(where: { $0.key == "src" })?.value else {
            problems.append(SpecProblem(pointer: "/src", message: "is required and must be a string"))
            throw ProblemError(.validation(problems))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        do {
            let path = try resolver(for: key).resolve(src)
            return try MediaProbe.probe(path: path).json.response(200)
        } catch let refusal as SourceResolver.Refusal {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: refusal.description)]))
        } catch let f as FFmpegError {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: "\"\(src)\" cannot be read as media: \(f.message)")]))
        }
    }
}
