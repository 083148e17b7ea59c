import Crypto
import Foundation
import ReelSync
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
    /// Where each copy's validators are kept (`<key>.json`), beside the cache, not in it.
    let validators: String
    let freshSeconds: TimeInterval
    /// Keys being fetched now, and keys held by renders (with counts).
    private let state = Guarded(State())
    private struct State {
        var fetching: Set<String> = []
        var held: [String: Int] = [:]
    }

    public init(folder: String, validators: String, limit: Int64, fetch: WebFetch, freshSeconds: TimeInterval = 600) {
        self.fetch = fetch
        self.validators = validators
        self.freshSeconds = freshSeconds
        let pins = CachePins()
        cache = LocalCache(folder: folder, limit: limit, pins: pins)
        pins.install { [state] in Set(state.withLock { $0.held.keys }) }
    }

    /// The cache's key of `url`.
    static func key(_ url: String) -> String { Hex.lowercase(Array(SHA256.hash(data: Array(url.utf8)))) }

    /// The local copy of `url`, fetched or revalidated as needed.
    public func localCopy(_ url: String) throws(WebFailure) -> String {
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
                return try revalidate(url, path: path, record: record, known: known)
            }
            return try cache.copy(key) { partial in
                guard case .fetched(let v) = try fetch.get(url, to: partial) else { return }
                try Self.write(v, to: record)
            }
        } catch let e as WebFailure {
            throw e
        } catch {
            throw WebFailure(.unavailable, "could not be kept on this node: \(error)")
        }
    }

    /// Asks the server whether the copy at `path` is still current; replaces it when not.
    private func revalidate(_ url: String, path: String, record: String, known: WebFetch.Validators) throws -> String {
        let partial = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        switch try fetch.get(url, to: partial, known: known) {
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
