import Foundation
import ReelBasics
import ReelFetch

/// The calls Reel makes to an S3-compatible service, over libcurl, each signed with `SigV4` and
/// tried again with exponential backoff and jitter while the failure may pass (503 SlowDown, 5xx,
/// a dropped connection or a timeout); other failures are thrown at once as an `S3Error` with the
/// service's code. Bodies stream from and to files, so memory does not grow with object size.
public final class S3Client: Sendable {
    /// Asked while a request runs: true aborts it, and no retry follows (a stopping server).
    let cancelled: (@Sendable () -> Bool)?
    public let endpoint: S3Endpoint
    let signer: SigV4
    let retry: RetryPolicy
    let now: @Sendable () -> Date

    /// How often and how patiently a transient failure is tried again.
    public struct RetryPolicy: Sendable {
        public var attempts: Int
        public var baseDelay: Double
        public var maxDelay: Double
        /// The most one exchange may take, start to end (nil: only the stall limit bounds it).
        public var exchangeSeconds: Int?
        public init(attempts: Int = 5, baseDelay: Double = 0.1, maxDelay: Double = 5, exchangeSeconds: Int? = nil) {
            self.attempts = attempts
            self.baseDelay = baseDelay
            self.maxDelay = maxDelay
            self.exchangeSeconds = exchangeSeconds
        }
    }

    public init(endpoint: S3Endpoint, credentials: S3Credentials, retry: RetryPolicy = RetryPolicy(),
                now: @escaping @Sendable () -> Date = { Date() }, cancelled: (@Sendable () -> Bool)? = nil) {
        self.cancelled = cancelled
        self.endpoint = endpoint
        signer = SigV4(credentials: credentials, region: endpoint.region)
        self.retry = retry
        self.now = now
    }

    /// The same client trying each request once, within `seconds`: for a check that must answer
    /// promptly (readiness), even of a bucket that drops packets.
    public func tryingOnce(within seconds: Int = 2) -> S3Client {
        S3Client(endpoint: endpoint, credentials: signer.credentials, retry: RetryPolicy(attempts: 1, exchangeSeconds: seconds), now: now,
                 cancelled: cancelled)
    }

    /// An object's size, ETag and type.
    public struct ObjectInfo: Sendable, Equatable {
        public let key: String
        public let bytes: Int64
        public let etag: String
        public let contentType: String?
    }

    // MARK: Buckets

    /// Creates the bucket (for set-up and tests; an existing bucket of this account is fine).
    public func createBucket() throws {
        do {
            _ = try send("PUT", "", body: .none, sink: .discard)
        } catch let e as S3Error where e.code == "BucketAlreadyOwnedByYou" {
        }
    }

    /// Deletes the bucket, which must be empty (for tests of a bucket that goes away).
    public func deleteBucket() throws {
        _ = try send("DELETE", "", body: .none, sink: .discard)
    }

    // MARK: Objects

    /// Stores `body` (bytes, or a file's range) under `key` in one PUT; returns the ETag.
    @discardableResult
    func put(_ key: String, body: CurlEasy.Body, contentType: String?) throws -> String {
        let (answer, _) = try send("PUT", key, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body, sink: .discard)
        return answer.headers["etag"] ?? ""
    }

    /// Stores `bytes` under `key`; returns the ETag.
    @discardableResult
    public func putObject(_ key: String, bytes: [UInt8], contentType: String? = nil) throws -> String {
        try put(key, body: .bytes(bytes), contentType: contentType)
    }

    /// The object's bytes (`range`: an inclusive byte range), kept in memory up to `limit`.
    public func getObject(_ key: String, range: ClosedRange<Int64>? = nil, limit: Int = 64 << 20) throws -> [UInt8] {
        try send("GET", key, headers: range.map { [("Range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? [],
                 body: .none, sink: .memory(limit: limit)).1
    }

    /// Writes the object (or its `range`) to the file at `path`.
    /// `written` is told how many bytes the file holds after each write (a reader may read that
    /// far); a retried attempt writes the file again from its start.
    public func download(_ key: String, to path: String, range: ClosedRange<Int64>? = nil,
                         written: (@Sendable (Int64) -> Void)? = nil) throws {
        _ = try send("GET", key, headers: range.map { [("Range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? [],
                     body: .none, sink: .file(path: path), written: written)
    }

    /// The object's size, ETag and type; nil when there is no such key.
    public func headObject(_ key: String) throws -> ObjectInfo? {
        do {
            let (answer, _) = try send("HEAD", key, body: .none, sink: .discard)
            return ObjectInfo(key: key, bytes: Int64(answer.headers["content-length"] ?? "") ?? 0, etag: answer.headers["etag"] ?? "",
                              contentType: answer.headers["content-type"])
        } catch let e as S3Error where e.status == 404 {
            return nil
        }
    }

    /// Deletes the object (deleting a missing key succeeds, as in S3).
    public func deleteObject(_ key: String) throws {
        _ = try send("DELETE", key, body: .none, sink: .discard)
    }

    /// One page of the keys under `prefix` (ListObjectsV2), and the token of the next page.
    public func list(prefix: String, continuation: String? = nil, maxKeys: Int = 1000) throws -> (objects: [ObjectInfo], next: String?) {
        var query = [("list-type", "2"), ("prefix", prefix), ("max-keys", String(maxKeys))]
        if let continuation { query.append(("continuation-token", continuation)) }
        let xml = XMLFields(try send("GET", "", query: query, body: .none, sink: .memory(limit: 16 << 20)).1)
        let keys = xml.all("Contents/Key"), sizes = xml.all("Contents/Size"), etags = xml.all("Contents/ETag")
        let objects = keys.indices.map { i in
            ObjectInfo(key: keys[i], bytes: i < sizes.count ? Int64(sizes[i]) ?? 0 : 0, etag: i < etags.count ? etags[i] : "", contentType: nil)
        }
        return (objects, xml.first("IsTruncated") == "true" ? xml.first("NextContinuationToken") : nil)
    }

    // MARK: Multipart uploads

    /// Starts a multipart upload of `key`; returns its upload id.
    public func createMultipartUpload(_ key: String, contentType: String? = nil) throws -> String {
        let body = try send("POST", key, query: [("uploads", "")], headers: contentType.map { [("Content-Type", $0)] } ?? [],
                            body: .none, sink: .memory(limit: 1 << 20)).1
        guard let id = XMLFields(body).first("UploadId"), !id.isEmpty else {
            throw S3Error(status: 200, code: "", message: "no UploadId in the answer", request: "POST \(endpoint.bucket)/\(key)?uploads")
        }
        return id
    }

    /// Uploads part `number` (from 1) of an upload from a range of a file; returns its ETag.
    public func uploadPart(_ key: String, uploadID: String, number: Int, file: String, offset: Int64, length: Int64) throws -> String {
        let (answer, _) = try send("PUT", key, query: [("partNumber", String(number)), ("uploadId", uploadID)],
                                   body: .file(path: file, offset: offset, length: length), sink: .discard)
        return answer.headers["etag"] ?? ""
    }

    /// Joins the parts (number, ETag) into the object; it appears under `key` only now. Returns
    /// the object's ETag.
    @discardableResult
    public func completeMultipartUpload(_ key: String, uploadID: String, parts: [(number: Int, etag: String)]) throws -> String {
        var xml = "<CompleteMultipartUpload>"
        for p in parts.sorted(by: { $0.number < $1.number }) {
            xml += "<Part><PartNumber>\(p.number)</PartNumber><ETag>\(Self.escape(p.etag))</ETag></Part>"
        }
        xml += "</CompleteMultipartUpload>"
        let body = try send("POST", key, query: [("uploadId", uploadID)], headers: [("Content-Type", "application/xml")],
                            body: .bytes(Array(xml.utf8)), sink: .memory(limit: 1 << 20)).1
        // S3 may answer 200 with an error in the body when the join fails late.
        let fields = XMLFields(body)
        if let code = fields.first("Error/Code") {
            throw S3Error(status: 200, code: code, message: fields.first("Error/Message") ?? "", request: "POST \(endpoint.bucket)/\(key)?uploadId")
        }
        return fields.first("ETag") ?? ""
    }

    /// Abandons an upload: its parts are deleted and nothing appears under `key`.
    public func abortMultipartUpload(_ key: String, uploadID: String) throws {
        _ = try send("DELETE", key, query: [("uploadId", uploadID)], body: .none, sink: .discard)
    }

    /// Uploads the file at `path` to `key`: one PUT up to `singlePutLimit`, else a multipart upload
    /// of `partSize` parts, `parallel` of them in flight at once (memory: none held, parts stream
    /// from the file). A failed multipart upload is aborted, so nothing appears under `key`. One PUT
    /// is the faster below a few tens of MiB (make bench-s3: 4 requests instead of 1 for two parts);
    /// above, parallel parts are, and a failed part is retried alone. Returns the object's ETag.
    @discardableResult
    public func upload(file path: String, to key: String, contentType: String? = nil,
                       partSize: Int64 = 16 << 20, parallel: Int = 4, singlePutLimit: Int64 = 64 << 20) throws -> String {
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        if size <= max(partSize, singlePutLimit) {
            return try put(key, body: .file(path: path, offset: 0, length: size), contentType: contentType)
        }
        return try multipart(key, contentType: contentType, parts: Int((size + partSize - 1) / partSize), parallel: parallel) { id, number in
            let offset = Int64(number - 1) * partSize
            return try uploadPart(key, uploadID: id, number: number, file: path, offset: offset, length: min(partSize, size - offset))
        }
    }

    /// A multipart upload of `key` whose `parts` are made by `part(uploadID, number)` (each
    /// returning its ETag), `parallel` at once; joined when all are there, else aborted, so
    /// nothing appears under `key`. Returns the object's ETag.
    private func multipart(_ key: String, contentType: String?, parts count: Int, parallel: Int,
                           part: @Sendable (String, Int) throws -> String) throws -> String {
        let uploadID = try createMultipartUpload(key, contentType: contentType)
        let results = PartResults(count: count)
        let lanes = max(1, min(parallel, count))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var number = lane + 1
            while number <= count, !results.failed {
                do {
                    results.set(number, try part(uploadID, number))
                } catch {
                    results.fail(error)
                }
                number += lanes
            }
        }
        do {
            if let error = results.error { throw error }
            return try completeMultipartUpload(key, uploadID: uploadID, parts: results.parts)
        } catch {
            try? abortMultipartUpload(key, uploadID: uploadID)
            throw error
        }
    }

    // MARK: Copies inside the service

    /// Whether this client and `other` sign as the same account at the same service: an object of
    /// one's bucket can then be copied into the other's by the service itself.
    public func sharesAccount(with other: S3Client) -> Bool {
        endpoint.service == other.endpoint.service && endpoint.region == other.endpoint.region
            && signer.credentials == other.signer.credentials
    }

    /// Copies `sourceKey` of `source`'s bucket (same account: `sharesAccount`) to `key` of this
    /// one's, inside the service: no byte passes through this machine. One CopyObject up to
    /// `singleCopyLimit` (S3's own limit for it is 5 GiB), else a multipart upload whose parts are
    /// `partSize` ranges of the source (UploadPartCopy), `parallel` at once; a failed one is aborted,
    /// so nothing appears under `key`. The copy takes `contentType`, not the source's metadata.
    /// Returns the new object's ETag.
    @discardableResult
    public func copyObject(from source: S3Client, key sourceKey: String, to key: String, contentType: String?,
                          partSize: Int64 = 512 << 20, parallel: Int = 4, singleCopyLimit: Int64 = 5 << 30) throws -> String {
        guard let info = try source.headObject(sourceKey) else {
            throw S3Error(status: 404, code: "NoSuchKey", message: "the object to copy does not exist", request: "HEAD \(source.endpoint.bucket)/\(sourceKey)")
        }
        let from = ("x-amz-copy-source", SigV4.encode("/\(source.endpoint.bucket)/\(sourceKey)", keepSlash: true))
        if info.bytes <= max(partSize, singleCopyLimit) {
            var headers = [from, ("x-amz-metadata-directive", "REPLACE")]
            if let contentType { headers.append(("Content-Type", contentType)) }
            let body = try send("PUT", key, headers: headers, body: .none, sink: .memory(limit: 1 << 20)).1
            return try Self.copiedETag(body, request: "PUT \(endpoint.bucket)/\(key) (copy)")
        }
        let count = Int((info.bytes + partSize - 1) / partSize)
        return try multipart(key, contentType: contentType, parts: count, parallel: parallel) { [self] id, number in
            let first = Int64(number - 1) * partSize
            let last = min(first + partSize, info.bytes) - 1
            let body = try send("PUT", key, query: [("partNumber", String(number)), ("uploadId", id)],
                                headers: [from, ("x-amz-copy-source-range", "bytes=\(first)-\(last)")],
                                body: .none, sink: .memory(limit: 1 << 20)).1
            return try Self.copiedETag(body, request: "PUT \(endpoint.bucket)/\(key)?partNumber=\(number) (copy)")
        }
    }

    /// The ETag of a copy's answer (`CopyObjectResult` or `CopyPartResult`). S3 may answer a copy
    /// 200 and still fail it, with the error in the body.
    static func copiedETag(_ body: [UInt8], request: String) throws -> String {
        let fields = XMLFields(body)
        if let code = fields.first("Error/Code") {
            throw S3Error(status: 200, code: code, message: fields.first("Error/Message") ?? "", request: request)
        }
        guard let etag = fields.first("ETag"), !etag.isEmpty else {
            throw S3Error(status: 200, code: "", message: "no ETag in the copy's answer", request: request)
        }
        return etag
    }

    // MARK: Presigned URLs

    /// A URL that performs `method` on `key` without credentials until `expires` seconds from now.
    /// `headers` are signed too: the request must carry them exactly (a direct upload's `Content-Type`).
    public func presignedURL(_ method: String, key: String, expires: Int, query: [(String, String)] = [],
                             headers: [(String, String)] = []) -> String {
        let request = SigV4.Request(method: method, path: endpoint.path(key), query: query, headers: headers, payloadHash: SigV4.unsignedPayload)
        return endpoint.url(key, query: signer.presignedQuery(request, host: endpoint.host, date: now(), expires: expires))
    }

    // MARK: Sending

    /// Signs and sends one request, trying again while the failure may pass.
    func send(_ method: String, _ key: String, query: [(String, String)] = [], headers: [(String, String)] = [],
              body: CurlEasy.Body, sink: CurlEasy.Sink, written: (@Sendable (Int64) -> Void)? = nil) throws -> (CurlEasy.Answer, [UInt8]) {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try sendOnce(method, key, query: query, headers: headers, body: body, sink: sink, written: written)
            } catch let e as S3Error where e.isTransient && attempt < retry.attempts && cancelled?() != true {
                // Full jitter, so clients that failed together do not come back together.
                Thread.sleep(forTimeInterval: Backoff(first: retry.baseDelay, limit: retry.maxDelay).jitteredPause(after: attempt))
            }
        }
    }

    private func sendOnce(_ method: String, _ key: String, query: [(String, String)], headers: [(String, String)],
                          body: CurlEasy.Body, sink: CurlEasy.Sink, written: (@Sendable (Int64) -> Void)?) throws -> (CurlEasy.Answer, [UInt8]) {
        let date = now()
        var all = headers
        all.append(("Host", endpoint.host))
        all.append(("x-amz-content-sha256", SigV4.unsignedPayload))
        all.append(("x-amz-date", SigV4.timestamp(date)))
        if let token = signer.credentials.sessionToken { all.append(("x-amz-security-token", token)) }
        let request = SigV4.Request(method: method, path: endpoint.path(key), query: query, headers: all, payloadHash: SigV4.unsignedPayload)
        all.append(("Authorization", signer.authorization(request, date: date)))
        let url = endpoint.url(key, query: SigV4.canonicalQuery(query))
        let what = "\(method) \(endpoint.bucket)/\(key)"
        let answer: CurlEasy.Answer, received: [UInt8]
        do {
            (answer, received) = try CurlEasy().perform(method: method, url: url, headers: all, body: body, sink: sink,
                                                        limits: .init(totalSeconds: retry.exchangeSeconds, cancelled: cancelled, written: written))
        } catch let e as CurlEasy.TransportError {
            throw S3Error(status: 0, code: "", message: e.description, request: what)
        }
        guard (200..<300).contains(answer.status) else {
            // The error's body is in `received`, never in a file sink. A file a reader follows
            // (`written`) keeps its inode for the next attempt; another is removed.
            if case .file(let path) = sink, written == nil { try? FileManager.default.removeItem(atPath: path) }
            let xml = XMLFields(received)
            throw S3Error(status: answer.status, code: xml.first("Code") ?? "", message: xml.first("Message") ?? "", request: what)
        }
        return (answer, received)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
