import Foundation
import ReelEngine
import ReelHTTP
import ReelQueue
import ReelSpec

extension APIHandler {
    /// Stores an uploaded file (already streamed to a temporary file by the server), hashes and
    /// probes it; a file that is not readable media is refused and deleted.
    func upload(_ r: HTTPRequest) throws -> HTTPResponse {
        guard case .file(let temp, let bytes) = r.body, bytes > 0 else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the body is empty; send the file as the request body")]))
        }
        let info: MediaInfo
        do {
            info = try MediaProbe.probe(path: temp)
        } catch {
            throw ProblemError(Problem(status: 422, type: "not-media", title: "Not readable media",
                                       detail: "the upload is not a media file Reel can read: \(error)"))
        }
        let id = "asset_" + ULID.make()
        let path = paths.assets + "/" + id
        try FileManager.default.moveItem(atPath: temp, toPath: path)
        let filename = r.head.headers["X-Filename"].map { String($0.prefix(255)) }
        do {
            let asset = Asset(id: id, path: path, bytes: bytes, sha256: try SHA256.hex(ofFile: path),
                              contentType: r.head.headers["Content-Type"], filename: filename,
                              probe: info.json.serialized, createdAt: Int64(Date().timeIntervalSince1970 * 1000))
            try store.insert(asset)
            logger.info("asset stored", metadata: ["assetId": "\(id)", "bytes": "\(bytes)", "requestId": "\(r.head.requestID)"])
            return JobJSON.asset(asset).response(201, headers: [("Location", "/v1/assets/\(id)")])
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    func getAsset(_ id: String) throws -> HTTPResponse {
        guard let a = try store.asset(id) else { throw ProblemError(.notFound("no asset \(id)")) }
        return JobJSON.asset(a).response(200)
    }

    /// `{ "src": … }` → the source's probe, with the same source rules as a spec.
    func probe(_ r: HTTPRequest) throws -> HTTPResponse {
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
            let path = try resolver.resolve(src)
            return try MediaProbe.probe(path: path).json.response(200)
        } catch let refusal as SourceResolver.Refusal {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: refusal.description)]))
        } catch let f as FFmpegError {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: "\"\(src)\" cannot be read as media: \(f.message)")]))
        }
    }
}
