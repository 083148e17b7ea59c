import Foundation
import ReelS3
import ReelFetch

/// Where a web source is read from: an http(s) URL, fetched safely (`WebFetch`), or
/// `s3://bucket/key` in one of the server's `sourceBuckets`, read with that bucket's account.
enum SourceOrigin {
    case web(String)
    case bucket(S3Client, key: String)

    init(_ url: String, buckets: [String: S3Account]) throws(WebFailure) {
        guard url.lowercased().hasPrefix("s3://") else {
            self = .web(url)
            return
        }
        let rest = url.dropFirst(5)
        guard let slash = rest.firstIndex(of: "/"), rest.index(after: slash) < rest.endIndex else {
            throw WebFailure(.refused, "must be s3://bucket/key")
        }
        let bucket = String(rest[..<slash])
        guard let account = buckets[bucket] else {
            throw WebFailure(.refused, "names the bucket \(bucket), which is not one of this server's sourceBuckets")
        }
        self = .bucket(account.client(bucket: bucket), key: String(rest[rest.index(after: slash)...]))
    }

    /// Fetches the source into `path`, unless `known` still describes it; held to `fetch`'s limits.
    func get(to path: String, known: WebFetch.Validators?, fetch: WebFetch,
             progress: (@Sendable (Int64, Int64) -> Void)?) throws(WebFailure) -> WebFetch.Outcome {
        switch self {
        case .web(let url): return try fetch.get(url, to: path, known: known, progress: progress)
        case .bucket(let client, let key):
            do {
                guard let head = try client.headObject(key) else { throw WebFailure(.answered(status: 404), "names no object in its bucket") }
                if let etag = known?.etag, etag == head.etag { return .notModified }
                guard head.bytes <= fetch.maxBytes else {
                    throw WebFailure(.refused, "is larger than \(fetch.maxBytes) bytes (limits.sourceBytes)")
                }
                try client.download(key, to: path)
                return .fetched(WebFetch.Validators(etag: head.etag))
            } catch let e as WebFailure {
                throw e
            } catch let e as S3Error {
                if e.isTransient { throw WebFailure(.unavailable, "could not be read from its bucket now: \(e)") }
                if e.kind == .noSuchKey { throw WebFailure(.answered(status: 404), "names no object in its bucket") }
                throw WebFailure(.refused, "cannot be read with this server's credentials: \(e.code.isEmpty ? "HTTP \(e.status)" : e.code)")
            } catch {
                throw WebFailure(.unavailable, "could not be kept on this node: \(error)")
            }
        }
    }
}
