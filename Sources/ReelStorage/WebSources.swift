import Crypto
import Foundation
import ReelSync
import ReelS3
import ReelSpec
import ReelWeb

/// Sources from the web, fetched once per node into a bounded cache (`dataDir/sources`, keyed by
/// the SHA-256 of the URL, `sourceCacheBytes`, least recently used evicted): every probe, render,
/// retry and chunk on this node reads the local copy. A copy checked within `freshSeconds` is used
/// as it is; an older one is revalidated with its ETag / Last-Modified (a `304` keeps it, a new
/// body replaces it atomically). One fetch of a URL at a time in this process; two processes
/// fetching the same URL at once each write their own partial file and the later rename wins. The
/// copies of URLs a running render uses (`hold`) are never evicted.
public final class WebSources: Sendable {
    let cache: LocalCache
    let fetch: WebFetch
    /// The buckets `s3://` sources may name, with the account that reads each.
    let buckets: [String: S3Account]
    /// Where each copy's validators are kept (`<key>.json`), beside the cache, not in it.
    let validators: String
    let freshSeconds: TimeInterval
    /// Keys being fetched now, and keys held by renders (with counts).
    private let state = Guarded(State())
    private struct State {
        var fetching: Set<String> = []
        var held: [String: Int] = [:]
    }

    public init(folder: String, validators: String, limit: Int64, fetch: WebFetch, buckets: [String: S3Account] = [:],
                freshSeconds: TimeInterval = 600) {
        self.fetch = fetch
        self.buckets = buckets
        self.validators = validators
        self.freshSeconds = freshSeconds
        let pins = CachePins()
        cache = LocalCache(folder: folder, limit: limit, pins: pins)
        pins.install { [state] in Set(state.withLock { $0.held.keys }) }
    }

    /// The cache's key of `url`.
    static func key(_ url: String) -> String { Hex.lowercase(Array(SHA256.hash(data: Array(url.utf8)))) }

    /// The local copy of `url` (http(s), or `s3://bucket/key` in one of `buckets`), fetched or
    /// revalidated as needed.
    /// `progress` is told the bytes received and the total (0 when unknown) while a fetch runs.
    public func localCopy(_ url: String, progress: (@Sendable (_ received: Int64, _ total: Int64) -> Void)? = nil) throws(WebFailure) -> String {
        let source = try Self.source(url, buckets: buckets)
        let key = Self.key(url)
        state.wait(for: { !$0.fetching.contains(key) }) { $0.fetching.insert(key) }
        defer { state.withLock(waking: .all) { _ = $0.fetching.remove(key) } }
        let path = cache.folder + "/" + key
        let record = validators + "/" + key + ".json"
        do {
            if FileManager.default.fileExists(atPath: path), let known = Self.read(record) {
                if let checked = Self.modified(record), Date().timeIntervalSince(checked) < freshSeconds, utimes(path, nil) == 0 {
                    return path
                }
                return try revalidate(source, path: path, record: record, known: known, progress: progress)
            }
            return try cache.copy(key) { partial in
                guard case .fetched(let v) = try get(source, to: partial, known: nil, progress: progress) else { return }
                try Self.write(v, to: record)
            }
        } catch let e as WebFailure {
            throw e
        } catch {
            throw WebFailure(.unavailable, "could not be kept on this node: \(error)")
        }
    }

    /// Asks the server whether the copy at `path` is still current; replaces it when not.
    private func revalidate(_ source: Source, path: String, record: String, known: WebFetch.Validators,
                            progress: (@Sendable (Int64, Int64) -> Void)?) throws -> String {
        let partial = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        switch try get(source, to: partial, known: known, progress: progress) {
        case .notModified:
            _ = utimes(path, nil)
            _ = utimes(record, nil)
        case .fetched(let v):
            guard rename(partial, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            try Self.write(v, to: record)
            cache.trim(keeping: path)
        }
        return path
    }

    /// Where a source is read from.
    enum Source {
        case web(String)
        case bucket(S3Client, key: String)
    }

    static func source(_ url: String, buckets: [String: S3Account]) throws(WebFailure) -> Source {
        guard url.lowercased().hasPrefix("s3://") else { return .web(url) }
        let rest = url.dropFirst(5)
        guard let slash = rest.firstIndex(of: "/"), rest.index(after: slash) < rest.endIndex else {
            throw WebFailure(.refused, "must be s3://bucket/key")
        }
        let bucket = String(rest[..<slash])
        guard let account = buckets[bucket] else {
            throw WebFailure(.refused, "names the bucket \(bucket), which is not one of this server's sourceBuckets")
        }
        return .bucket(account.client(bucket: bucket), key: String(rest[rest.index(after: slash)...]))
    }

    /// Fetches `source` into `path`, unless `known` still describes it.
    private func get(_ source: Source, to path: String, known: WebFetch.Validators?,
                     progress: (@Sendable (Int64, Int64) -> Void)?) throws -> WebFetch.Outcome {
        switch source {
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
            } catch let e as S3Error {
                if e.isTransient { throw WebFailure(.unavailable, "could not be read from its bucket now: \(e)") }
                if e.kind == .noSuchKey { throw WebFailure(.answered(status: 404), "names no object in its bucket") }
                throw WebFailure(.refused, "cannot be read with this server's credentials: \(e.code.isEmpty ? "HTTP \(e.status)" : e.code)")
            }
        }
    }

    /// Keeps the copies of `urls` from eviction until `release` is called (a render holds its
    /// sources: it opens one only when its timeline reaches it).
    public func hold(_ urls: [String]) -> Hold {
        let keys = urls.map(Self.key)
        state.withLock { s in for k in keys { s.held[k, default: 0] += 1 } }
        return Hold { [state] in
            state.withLock { s in
                for k in keys {
                    s.held[k, default: 1] -= 1
                    if s.held[k] == 0 { s.held[k] = nil }
                }
            }
        }
    }

    /// Sources held from eviction; `release` lets them go (once).
    public final class Hold: Sendable {
        private let done: Guarded<(@Sendable () -> Void)?>

        init(_ release: @escaping @Sendable () -> Void) { done = Guarded(release) }

        public func release() {
            let release = done.withLock { d -> (@Sendable () -> Void)? in
                defer { d = nil }
                return d
            }
            release?()
        }
    }

    static func read(_ record: String) -> WebFetch.Validators? {
        guard let data = FileManager.default.contents(atPath: record) else { return nil }
        return try? JSONDecoder().decode(WebFetch.Validators.self, from: data)
    }

    static func write(_ v: WebFetch.Validators, to record: String) throws {
        try FileManager.default.createDirectory(atPath: (record as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try JSONEncoder().encode(v).write(to: URL(fileURLWithPath: record), options: .atomic)
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
