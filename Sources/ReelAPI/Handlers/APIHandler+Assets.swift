import Foundation
import ReelEngine
import ReelHTTP
import ReelStore
import ReelSpec
import ReelWorker
import ReelStorage

extension APIHandler {
    /// Stores an uploaded file (already streamed to a temporary file by the server), hashes and
    /// probes it by its kind (`AssetExamination`); a file its kind's probe cannot read is refused
    /// and deleted. A JSON body `{"url": …}` imports the file from the web instead
    /// (`APIHandler+Uploads`).
    func upload(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        guard case .file(let temp, let bytes) = r.body, bytes > 0 else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the body is empty; send the file as the request body")]))
        }
        let found: AssetExamination
        do {
            found = try AssetExamination.examine(temp, in: engine)
        } catch {
            logger.info("upload refused", metadata: ["requestId": "\(r.head.requestID)", "error": "\(error)"])
            throw error
        }
        let id = "asset_" + ULID.make()
        let contentType = AssetContentType.chosen(declared: r.head.headers["Content-Type"], found: found.contentType)
        let path = try uploads.keep(id, from: temp, contentType: contentType)
        let filename = r.head.headers["X-Filename"].flatMap { $0.isEmpty ? nil : String($0.prefix(255)) }
        do {
            let asset = found.applied(to: Asset(id: id, path: path, bytes: bytes, sha256: "", contentType: r.head.headers["Content-Type"],
                                                filename: filename, probe: "null", createdAt: Int64(Date().timeIntervalSince1970 * 1000),
                                                keyID: key), location: path)
            try store.insert(asset)
            logger.info("asset stored", metadata: ["assetId": "\(id)", "bytes": .stringConvertible(bytes), "project": "\(KeyRing.logName(key))",
                                                  "requestId": "\(r.head.requestID)"])
            return JSONValue.object(JobJSON.assetMembers(asset, retentionHours: config.assetRetentionHours)).response(201, headers: [("Location", "/v1/assets/\(id)")])
        } catch {
            uploads.removeUpload(path, id: id)
            throw error
        }
    }

    /// `GET /v1/assets?kind=&limit=&cursor=`: the key's uploads, newest first, each as `GET
    /// /v1/assets/{id}` shows it (its `filename` among its members).
    func listAssets(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        var problems: [SpecProblem] = []
        let (limit, cursor) = pageParameters(r, &problems, decode: Cursor.decodeAsset)
        let kind = r.head.queryValue("kind")
        let kinds = kind.flatMap(AssetKind.stored(matching:))
        if kind != nil, kinds == nil {
            problems.append(SpecProblem(pointer: "/kind", message: "must be one of video, audio, image, media (the three), font, captions or lottie"))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems, detail: "the query parameters are not valid")) }
        let page = try store.listAssets(keyID: key, kinds: kinds, limit: limit, cursor: cursor)
        return JSONValue.object([
            ("assets", .array(page.assets.map { .object(JobJSON.assetMembers($0, retentionHours: config.assetRetentionHours)) })),
            ("nextCursor", page.nextCursor.map { .string(Cursor.encodeAsset($0)) } ?? .null),
        ]).response(200)
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
        let members = try jsonObject(r)
        var problems = members.filter { $0.key != "src" }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        guard case .string(let src)? = members.first(where: { $0.key == "src" })?.value else {
            problems.append(SpecProblem(pointer: "/src", message: "is required and must be a string"))
            throw ProblemError(.validation(problems))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let path: String
        do {
            path = try resolver(for: key).resolve(src)
        } catch let refusal as SourceResolver.Refusal {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: refusal.description)]))
        }
        // Probed in an engine child: the file's bytes are untrusted.
        return .json(200, try fileAnswer(engineAnswer { try engine.file("probe", path: path, src: src) }))
    }
}

extension APIHandler {
    /// `POST /v1/waveform` `{src, pointsPerSecond (1–1000, default 100)}`: the source's audio as
    /// min/max peaks per channel (`Waveform`), for any source a job could read; answered from
    /// `waveforms` when the same file was asked for at the same density.
    func waveform(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let members = try jsonObject(r)
        var problems = members.filter { $0.key != "src" && $0.key != "pointsPerSecond" }
            .map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        let src: String? = if case .string(let s)? = members.first(where: { $0.key == "src" })?.value, !s.isEmpty { s } else { nil }
        if src == nil { problems.append(SpecProblem(pointer: "/src", message: "is required and must be a non-empty string")) }
        var pps = 100
        if let v = members.first(where: { $0.key == "pointsPerSecond" })?.value {
            if case .number(let text) = v, let n = Int(text), Waveform.pointsPerSecondRange.contains(n) {
                pps = n
            } else {
                problems.append(SpecProblem(pointer: "/pointsPerSecond", message: "must be an integer from 1 to 1000"))
            }
        }
        guard let src, problems.isEmpty else { throw ProblemError(.validation(problems)) }
        let path: String
        do {
            path = try resolver(for: key).resolve(src)
        } catch let refusal as SourceResolver.Refusal {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: refusal.description)]))
        }
        // Decoded in an engine child: the file's bytes are untrusted.
        let body = try waveforms.body(path: path, pointsPerSecond: pps) {
            try fileAnswer(engineAnswer { try engine.file("waveform", path: path, src: src, pointsPerSecond: pps) })
        }
        return .json(200, body)
    }
}

extension APIHandler {
    /// A probe's or a waveform's JSON from an engine child, or its problems at `/src` (a 422).
    func fileAnswer(_ answer: (reply: EngineReply, bytes: [UInt8])) throws -> [UInt8] {
        if let problems = answer.reply.problems {
            throw ProblemError(.validation(problems.map { SpecProblem(pointer: $0.first ?? "/src", message: $0.dropFirst().first ?? "") }))
        }
        guard answer.reply.bytes != nil else {
            throw ProblemError(.validation([SpecProblem(pointer: "/src", message: answer.reply.failure ?? "cannot be read")]))
        }
        return answer.bytes
    }
}
