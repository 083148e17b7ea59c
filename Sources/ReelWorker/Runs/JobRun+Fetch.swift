import Foundation
import Logging
import ReelEngine
import ReelStorage
import ReelStore
import Synchronization

extension JobRun {
    /// The share of a job's progress its sources' downloads take, when it has any to download.
    static let fetchShare = 0.1

    /// Fetches the job's remote sources into the node's cache before it is planned, under a lease
    /// keeper of its own: a download longer than the lease must not lose the job to another
    /// worker, and the job's progress moves through the first `fetchShare` as the bytes arrive. A
    /// source that cannot be fetched is left for the planner, which says why. Returns the share
    /// the render's progress starts at (0 when nothing had to be downloaded), or nil when the job
    /// was cancelled (recorded here) or its lease lost meanwhile.
    func prefetch(_ urls: [String], log: Logger) -> Double? {
        guard !urls.isEmpty, let sources = pool.webSources else { return 0 }
        let bytes = FetchProgress()
        let token = CancellationToken()
        let reason = StopReason()
        let keeper = LeaseKeeper(store: pool.store, jobID: job.id, owner: owner, progress: ProgressBox(), token: token,
                                 reason: reason, logger: log, progressSource: { JobRun.fetchShare * bytes.fraction })
        keeper.start()
        for url in urls where !token.isCancelled {
            _ = try? sources.localCopy(url) { received, total in bytes.update(url, received: received, total: total) }
            bytes.finish(url)
        }
        keeper.stop()
        switch reason.current {
        case .cancel:
            record { try pool.store.markCanceled(job.id, owner: owner) }
            log.info("job stopped", metadata: ["jobId": "\(job.id)", "why": "cancel"])
            return nil
        case .lost:
            log.info("job stopped", metadata: ["jobId": "\(job.id)", "why": "lost"])
            return nil
        case .keepGoing:
            return bytes.downloaded ? JobRun.fetchShare : 0
        }
    }
}

/// The bytes of a job's source downloads, by URL: what the job's progress shows while they run.
final class FetchProgress: Sendable {
    private let state = Mutex<[String: (received: Int64, total: Int64, done: Bool)]>([:])

    func update(_ url: String, received: Int64, total: Int64) {
        state.withLock { $0[url] = (received, total, false) }
    }

    func finish(_ url: String) {
        state.withLock { s in
            let r = s[url]?.received ?? 0
            s[url] = (r, max(r, s[url]?.total ?? 0), true)
        }
    }

    /// Whether any byte was downloaded (everything found in the cache downloads nothing).
    var downloaded: Bool { state.withLock { $0.values.contains { $0.received > 0 } } }

    /// Bytes received over bytes expected, where the totals are known (0 until one is).
    var fraction: Double {
        state.withLock { s in
            let known = s.values.filter { $0.total > 0 }
            let total = known.reduce(Int64(0)) { $0 + $1.total }
            guard total > 0 else { return 0 }
            return min(1, Double(known.reduce(Int64(0)) { $0 + min($1.received, $1.total) }) / Double(total))
        }
    }
}
