import Crypto
import Foundation
import ReelBasics
import ReelS3
import ReelBasics
import ReelFetch

/// Sources from the web, fetched once per node into a bounded, content-addressed cache: every
/// probe, render, retry and chunk on this node reads the local copy.
///
/// - The copies are named by the SHA-256 of their bytes (`sources/<digest>`): two URLs that serve
///   the same bytes share one copy, and a copy never changes once it is in place (a new version of
///   a URL is a new file, so a render that opened the old one reads it to the end).
/// - What the node knows of each URL is its `SourceRecord` (`source-validators/<sha256 of URL>.json`):
///   the validators to revalidate with and the digest of its copy. A copy checked within
///   `freshSeconds` is used as it is; an older one is revalidated with its ETag / Last-Modified
///   (a `304` keeps it, a new body becomes a new copy and the record moves to it).
/// - Bounded by `sourceCacheBytes`, least recently used evicted (`LocalCache`); the copies of URLs
///   a running render holds (`hold`) are never evicted: neither the URL's copy now nor any version
///   this node handed out for it while held (another node sharing the folder may have moved the
///   record meanwhile). A record whose copy was evicted just means the URL is fetched again.
/// - One fetch of a URL at a time in this process. Processes sharing the folder share no lock:
///   each writes its own partial file and moves it into place atomically; equal bytes have equal
///   names, so whichever move comes last leaves the same copy.
public final class WebSources: Sendable {
    let cache: LocalCache
    let fetch: WebFetch
    /// The buckets `s3://` sources may name, with the account that reads each.
    let buckets: [String: S3Account]
    /// Where each URL's record is kept (`<key>.json`), beside the cache, not in it.
    let records: String
    let freshSeconds: TimeInterval
    private let state = Guarded(State())
    private struct State {
        /// URL keys being fetched now.
        var fetching: Set<String> = []
        /// URL keys held by renders, with counts.
        var held: [String: Int] = [:]
        /// Every digest handed out for a held URL while it was held: kept while it is held.
        var handedOut: [String: Set<String>] = [:]
    }

    public init(folder: String, validators: String, limit: Int64, fetch: WebFetch, buckets: [String: S3Account] = [:],
                freshSeconds: TimeInterval = 600) {
        self.fetch = fetch
        self.buckets = buckets
        self.records = validators
        self.freshSeconds = freshSeconds
        let pins = CachePins()
        cache = LocalCache(folder: folder, limit: limit, pins: pins)
        pins.install { [state, records] in
            let (held, handedOut) = state.withLock { s in (Array(s.held.keys), s.handedOut.values.reduce(Set<String>()) { $0.union($1) }) }
            return handedOut.union(held.compactMap { SourceRecord.read(records + "/" + $0 + ".json")?.digest })
        }
    }

    /// The key of `url`'s record.
    static func key(_ url: String) -> String { Hex.lowercase(Array(SHA256.hash(data: Array(url.utf8)))) }

    /// The local copy of `url` (http(s), or `s3://bucket/key` in one of `buckets`), fetched or
    /// revalidated as needed.
    /// `progress` is told the bytes received and the total (0 when unknown) while a fetch runs.
    public func localCopy(_ url: String, progress: (@Sendable (_ received: Int64, _ total: Int64) -> Void)? = nil) throws(WebFailure) -> String {
        let origin = try SourceOrigin(url, buckets: buckets)
        let key = Self.key(url)
        state.wait(for: { !$0.fetching.contains(key) }) { $0.fetching.insert(key) }
        defer { state.withLock(waking: .all) { _ = $0.fetching.remove(key) } }
        let recordPath = records + "/" + key + ".json"
        do {
            var known = SourceRecord.read(recordPath)
            if let record = known {
                let path = cache.folder + "/" + record.digest
                if utimes(path, nil) == 0 {  // there, and now used last
                    if let checked = SourceRecord.checked(recordPath), Date().timeIntervalSince(checked) < freshSeconds {
                        return handOut(record.digest, of: key)
                    }
                } else {
                    known = nil  // evicted: fetch it whole
                }
            }
            try FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
            let partial = PartialName.path(beside: cache.folder + "/" + key)
            defer { try? FileManager.default.removeItem(atPath: partial) }
            switch try origin.get(to: partial, known: known?.validators, fetch: fetch, progress: progress) {
            case .notModified:
                // `WebFetch` and the bucket answer "not modified" only to a conditional request.
                guard let record = known else { throw WebFailure(.unavailable, "answered 304 Not Modified to an unconditional GET") }
                _ = utimes(recordPath, nil)
                return handOut(record.digest, of: key)
            case .fetched(let validators):
                return try keep(partial, as: SourceRecord(validators: validators, digest: try FileDigest.sha256(partial)),
                                of: key, at: recordPath)
            }
        } catch let e as WebFailure {
            throw e
        } catch {
            throw WebFailure(.unavailable, "could not be kept on this node: \(error)")
        }
    }

    /// Moves a fetched body into place under its digest (or drops it when that copy is there
    /// already) and points the URL's record at it.
    private func keep(_ partial: String, as record: SourceRecord, of key: String, at recordPath: String) throws -> String {
        let path = cache.folder + "/" + record.digest
        if utimes(path, nil) != 0 {
            guard rename(partial, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        }
        try record.write(to: recordPath)
        cache.trim(keeping: path)
        return handOut(record.digest, of: key)
    }

    /// The path of copy `digest`, noted as handed out for URL `key` when a render holds it.
    private func handOut(_ digest: String, of key: String) -> String {
        state.withLock { s in if s.held[key] != nil { s.handedOut[key, default: []].insert(digest) } }
        return cache.folder + "/" + digest
    }

    /// The local copy `url` has now, if any (without fetching or checking it).
    public func copyPath(of url: String) -> String? {
        SourceRecord.read(records + "/" + Self.key(url) + ".json").map { cache.folder + "/" + $0.digest }
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
                    if s.held[k] == 0 {
                        s.held[k] = nil
                        s.handedOut[k] = nil
                    }
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
}
