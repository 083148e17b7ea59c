import Foundation
import ReelHTTP
import ReelSpec
import ReelStorage
import ReelStore
import ReelFetch

/// Uploads that bypass the API server (docs/API.md): `POST /v1/uploads` makes an asset that waits
/// for its bytes at a signed URL (a presigned PUT of the bucket on S3, Reel's own
/// `/v1/uploads/{id}?expires=…&signature=…` on local disk), `POST /v1/assets/{id}/complete` checks
/// them and makes the asset `ready` (or `failed`, with the reason), and `POST /v1/assets` with
/// `{"url": …}` imports a file from the web. Only `ready` assets are sources.
extension APIHandler {
    /// `POST /v1/uploads` `{filename?, contentType?, bytes}` → 201, the asset (`uploading`) and its `upload`.
    func createUpload(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let fields = try jsonObject(r, allowed: ["filename", "contentType", "bytes"])
        var problems: [SpecProblem] = []
        var bytes: Int64 = 0
        if case .number(let t)? = fields["bytes"], let n = Int64(t), (1...config.uploadBytes).contains(n) {
            bytes = n
        } else {
            problems.append(SpecProblem(pointer: "/bytes", message: "is required: the file's size, a whole number from 1 to \(config.uploadBytes) (limits.uploadBytes)"))
        }
        let filename = text(fields["filename"], at: "/filename", &problems)
        let contentType = text(fields["contentType"], at: "/contentType", &problems)
        if let contentType, !APIHandler.isMediaType(contentType) {
            problems.append(SpecProblem(pointer: "/contentType", message: "must be a media type such as video/mp4 (type/subtype)"))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let id = "asset_" + ULID.make(millis: now)
        let expires = now / 1000 + Int64(config.linkSeconds)
        let (location, presigned) = uploads.directUpload(id, contentType: contentType, expires: config.linkSeconds)
        var asset = Asset(id: id, path: location, bytes: bytes, sha256: "", contentType: contentType, filename: filename, probe: "null",
                          createdAt: now, keyID: key)
        asset.status = .uploading
        asset.uploadExpiresAt = expires * 1000
        try store.insert(asset)
        logger.info("upload opened", metadata: ["assetId": "\(id)", "bytes": .stringConvertible(bytes), "requestId": "\(r.head.requestID)"])
        let upload: JSONValue = .object([
            ("url", .string(presigned ?? links.uploadURL(assetID: id, expires: expires))), ("method", .string("PUT")),
            ("headers", .object(contentType.map { [("Content-Type", JSONValue.string($0))] } ?? [])),
            ("expiresAt", .string(JobJSON.timestamp(expires * 1000))),
        ])
        return JSONValue.object(JobJSON.assetMembers(asset, retentionHours: config.assetRetentionHours) + [("upload", upload)])
            .response(201, headers: [("Location", "/v1/assets/\(id)")])
    }

    /// `PUT /v1/uploads/{id}?expires=…&signature=…` on local storage: the bytes of a direct upload,
    /// authorised by the URL's signature (no key; CORS as everywhere). Exactly the size announced.
    func putUpload(_ id: String, _ r: HTTPRequest) throws -> HTTPResponse {
        do {
            try links.checkUpload(assetID: id, expires: r.head.queryValue("expires"), signature: r.head.queryValue("signature"),
                                  now: Int64(Date().timeIntervalSince1970 * 1000))
        } catch {
            throw ProblemError(.linkRefused(error, expired: "this upload URL has expired; ask POST /v1/uploads for a new asset",
                                            invalid: "the upload URL's signature does not match asset \(id) and its expiry"))
        }
        guard let asset = try store.asset(id) else { throw ProblemError(.notFound("no asset \(id)")) }
        guard asset.status == .uploading else {
            throw ProblemError(.conflict("asset-not-uploading", "asset \(id) is \(asset.status.rawValue), not waiting for an upload"))
        }
        if let announced = asset.contentType, r.head.headers["Content-Type"] != announced {
            let sent = r.head.headers["Content-Type"].map { "not \($0)" } ?? "and this PUT sends none"
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the upload announced Content-Type \(announced), \(sent)")],
                                           detail: "send the Content-Type announced, as upload.headers says"))
        }
        guard case .file(let temp, let bytes) = r.body, bytes == asset.bytes else {
            let got: Int64 = if case .file(_, let n) = r.body { n } else { 0 }
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the body has \(got) bytes; the upload announced \(asset.bytes)")],
                                           detail: "send exactly the bytes announced"))
        }
        // Being completed on this server: the bytes being checked are the ones the asset gets.
        guard !completing.withLock({ $0.contains(id) }) else {
            throw ProblemError(.conflict("asset-completing", "asset \(id) is being completed; its upload can no longer change"))
        }
        try uploads.receiveUpload(asset.path, from: temp)
        // Completed (or deleted) while the body arrived: these bytes would never be read.
        guard try store.asset(id)?.status == .uploading, !completing.withLock({ $0.contains(id) }) else {
            uploads.discardIncoming(asset.path)
            throw ProblemError(.conflict("asset-not-uploading", "asset \(id) stopped waiting for an upload while this one arrived"))
        }
        return HTTPResponse(status: 204)
    }

    /// `POST /v1/assets/{id}/complete`: the uploaded bytes are checked like any upload; the asset
    /// becomes `ready` (200), or `failed` with the reason (422). Completing a settled asset again
    /// answers it as it is; completions of one asset in this process take turns.
    func completeAsset(_ id: String, key: String) throws -> HTTPResponse {
        completing.wait(for: { !$0.contains(id) }) { $0.insert(id) }
        defer { completing.withLock(waking: .all) { _ = $0.remove(id) } }
        guard let asset = try store.asset(id, keyID: key) else { throw ProblemError(.notFound("no asset \(id)")) }
        guard asset.status == .uploading else { return try settledAnswer(asset) }
        // The size first, as the store sees it (a HEAD on a bucket): bytes of another size are
        // refused without being downloaded.
        guard let sent = try uploads.uploadedBytes(asset.path) else { return try nothingUploaded(asset, key: key) }
        guard sent == asset.bytes else {
            let problem = ProblemError(.validation([SpecProblem(pointer: "", message: "\(sent) bytes were uploaded; the upload announced \(asset.bytes)")],
                                                   detail: "the uploaded file is not the size announced"))
            guard try store.settle(id, checked: nil, error: problem.problem.detail) else { return try settledAnswer(store.asset(id, keyID: key)) }
            uploads.discardIncoming(asset.path)
            throw problem
        }
        // The bytes are taken away from the upload URL, so a PUT during the check cannot change
        // what is kept (`UploadStore.claimUpload`).
        guard let claim = try uploads.claimUpload(asset.path, id: id, contentType: asset.contentType, maxBytes: asset.bytes) else {
            return try nothingUploaded(asset, key: key)
        }
        var end = ClaimEnd.returned
        defer {
            switch end {
            case .kept, .dropped:
                uploads.finish(claim, id: id, kept: end == .kept)
                uploads.discardIncoming(asset.path)  // a PUT that arrived during the check
            case .returned:
                // The completion failed before the asset settled (the store, the disk): unless the
                // settle did commit (its reply lost), the bytes go back for the next completion.
                if let now = try? store.asset(id), now.status == .ready, now.path == claim.location {
                    uploads.finish(claim, id: id, kept: true)
                    uploads.discardIncoming(asset.path)
                } else {
                    uploads.returnClaim(claim, to: asset.path, id: id)
                }
            }
        }
        let checked: Result<Asset, ProblemError>
        do {
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: claim.file))?[.size] as? NSNumber)?.int64Value ?? 0
            guard bytes == asset.bytes else {
                throw ProblemError(.validation([SpecProblem(pointer: "", message: "\(bytes) bytes were uploaded; the upload announced \(asset.bytes)")],
                                               detail: "the uploaded file is not the size announced"))
            }
            checked = .success(try AssetExamination.examine(claim.file, in: engine).applied(to: asset, location: claim.location))
        } catch let p as ProblemError {
            checked = .failure(p)
        }
        switch checked {
        case .success(let ready):
            let settled = try store.settle(id, checked: ready, error: nil)
            end = settled ? .kept : .dropped
            guard settled else { return try settledAnswer(store.asset(id, keyID: key)) }
            logger.info("upload completed", metadata: ["assetId": "\(id)", "bytes": .stringConvertible(ready.bytes)])
            var shown = ready
            shown.status = .ready
            shown.uploadExpiresAt = nil
            return JSONValue.object(JobJSON.assetMembers(shown, retentionHours: config.assetRetentionHours)).response(200)
        case .failure(let problem):
            let settled = try store.settle(id, checked: nil, error: problem.problem.detail)
            end = .dropped
            guard settled else { return try settledAnswer(store.asset(id, keyID: key)) }
            throw problem
        }
    }

    /// How a completion's claim ends: kept (the asset is ready with it), dropped (the asset failed,
    /// or another completion settled it), or returned (nothing settled: an error of the store).
    private enum ClaimEnd { case kept, dropped, returned }

    /// `complete` when nothing is where the upload URL puts bytes: another completion (perhaps on
    /// another server) may have settled the asset meanwhile, else nothing was sent.
    private func nothingUploaded(_ asset: Asset, key: String) throws -> HTTPResponse {
        if let now = try store.asset(asset.id, keyID: key), now.status != .uploading { return try settledAnswer(now) }
        throw ProblemError(.conflict("upload-missing", "nothing has been uploaded to asset \(asset.id)'s URL yet (or another server is completing it)"))
    }

    /// What `complete` answers for an asset no longer waiting for its upload (settled by another
    /// completion, perhaps on another server), or gone.
    private func settledAnswer(_ asset: Asset?) throws -> HTTPResponse {
        guard let asset else { throw ProblemError(.notFound("no asset")) }
        switch asset.status {
        case .ready: return JSONValue.object(JobJSON.assetMembers(asset, retentionHours: config.assetRetentionHours)).response(200)
        case .importing: throw ProblemError(.conflict("asset-importing", "asset \(asset.id) is being imported from its URL; it completes itself"))
        case .failed: throw ProblemError(.conflict("asset-failed", "asset \(asset.id) failed: \(asset.error ?? "")"))
        case .uploading: throw ProblemError(.conflict("upload-missing", "asset \(asset.id) is still waiting for its upload"))
        }
    }

    /// `POST /v1/assets` with `{"url": "https://…", filename?, contentType?}`: 202 and the asset
    /// (`importing`); `AssetImporter` fetches it. A Lottie file sent as `application/json` is told
    /// how to upload it instead of being refused member by member.
    func importAsset(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let fields: [String: JSONValue]
        do {
            fields = try jsonObject(r, allowed: ["url", "filename", "contentType"])
        } catch is ProblemError where isLottieDocument(r) {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "is a Lottie file, and application/json asks for an import from a URL")],
                                           detail: "upload a Lottie file with another Content-Type, such as application/octet-stream"))
        }
        var problems: [SpecProblem] = []
        let url = text(fields["url"], at: "/url", &problems)
        if url == nil && !problems.contains(where: { $0.pointer == "/url" }) {
            problems.append(SpecProblem(pointer: "/url", message: "is required: the http(s) URL to import"))
        }
        if let url, let why = importer.fetch.refusal(url) { problems.append(SpecProblem(pointer: "/url", message: why)) }
        let filename = text(fields["filename"], at: "/filename", &problems)
        let contentType = text(fields["contentType"], at: "/contentType", &problems)
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        var asset = Asset(id: "asset_" + ULID.make(millis: now), path: "", bytes: 0, sha256: "", contentType: contentType,
                          filename: filename ?? url.flatMap { URL(string: $0)?.lastPathComponent }.flatMap { $0.isEmpty || $0 == "/" ? nil : $0 },
                          probe: "null", createdAt: now, keyID: key)
        asset.status = .importing
        asset.sourceURL = url
        try store.insert(asset)
        guard importer.start(asset) else {
            _ = try store.settle(asset.id, checked: nil, error: "the server had too many imports waiting; import it again later")
            var p = Problem(status: 429, type: "too-many-imports", title: "Too many imports",
                            detail: "\(importer.maxQueued) imports are waiting on this server; try again shortly")
            p.headers = [("Retry-After", "30")]
            throw ProblemError(p)
        }
        logger.info("asset import started", metadata: ["assetId": "\(asset.id)", "requestId": "\(r.head.requestID)"])
        return JSONValue.object(JobJSON.assetMembers(asset, retentionHours: config.assetRetentionHours))
            .response(202, headers: [("Location", "/v1/assets/\(asset.id)")])
    }

    /// `type/subtype` of RFC 9110's token characters (no parameters): what a signed upload's
    /// `Content-Type` may be.
    static func isMediaType(_ s: String) -> Bool {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(token.contains) }
    }

    /// Whether a JSON body is a Lottie document (a frame rate, in and out points and layers) rather
    /// than an import's `{"url": …}`.
    private func isLottieDocument(_ r: HTTPRequest) -> Bool {
        guard let bytes = try? jsonBody(r), case .object(let members)? = try? JSONParser.parse(bytes) else { return false }
        return Set(members.map { $0.key }).isSuperset(of: ["fr", "ip", "op", "layers"])
    }

    /// The members of a JSON object body, unknown ones a 422.
    private func jsonObject(_ r: HTTPRequest, allowed: Set<String>) throws -> [String: JSONValue] {
        let json: JSONValue
        do { json = try JSONParser.parse(try jsonBody(r)) } catch let p as ProblemError { throw p } catch {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "\(error)")]))
        }
        guard case .object(let members) = json else { throw ProblemError(.validation([SpecProblem(pointer: "", message: "must be an object")])) }
        let unknown = members.filter { !allowed.contains($0.key) }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        if !unknown.isEmpty { throw ProblemError(.validation(unknown)) }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// An optional string member of 1 to 255 characters without control characters.
    private func text(_ value: JSONValue?, at pointer: String, _ problems: inout [SpecProblem]) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value, (1...(pointer == "/url" ? 2048 : 255)).contains(s.count),
              !s.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) else {
            problems.append(SpecProblem(pointer: pointer, message: "must be a string of 1 to \(pointer == "/url" ? 2048 : 255) characters without control characters"))
            return nil
        }
        return s
    }
}
