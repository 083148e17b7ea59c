import Foundation
import ReelWorker
import Logging
import ReelStorage
import ReelStore
import ReelBasics
import ReelFetch

/// Imports assets from the web (`POST /v1/assets` with `{"url": …}`) off the request's thread: the
/// URL fetched under the rules of sources (`WebFetch`: public hosts or `allowedHosts`, redirects
/// checked hop by hop, `limits.sourceBytes` and `limits.sourceSeconds`) into a temporary file,
/// examined like an upload, kept where uploads are kept, and the asset made `ready` or `failed`
/// with the reason. At most `concurrent` imports run at once, on as many threads, and at most
/// `maxQueued` wait their turn (more are refused: a burst of requests must not become a thread
/// each). An import whose process dies is failed by the retention pass (`expireUploads`); one the
/// pass failed while it waited is skipped.
final class AssetImporter: Sendable {
    let store: any AssetStore
    let uploads: any UploadStore
    let fetch: WebFetch
    /// Where the fetched files are written before they are examined.
    let temp: String
    /// Where an imported file is examined (`AssetExamination`).
    let engine: EngineChildren
    let logger: Logger
    let concurrent: Int
    let maxQueued: Int
    private struct State {
        var queue: [Asset] = []
        var workers = 0
    }
    private let state = Guarded(State())

    init(store: any AssetStore, uploads: any UploadStore, fetch: WebFetch, temp: String, engine: EngineChildren, logger: Logger, concurrent: Int = 2,
         maxQueued: Int = 1000) {
        self.maxQueued = maxQueued
        self.store = store
        self.uploads = uploads
        self.fetch = fetch
        self.temp = temp
        self.engine = engine
        self.logger = logger
        self.concurrent = concurrent
    }

    /// Queues `asset` (status `importing`, its `sourceURL` set) for import; false when `maxQueued`
    /// imports wait already.
    func start(_ asset: Asset) -> Bool {
        let spawn: Bool? = state.withLock { s in
            guard s.queue.count < maxQueued else { return nil }
            s.queue.append(asset)
            guard s.workers < concurrent else { return false }
            s.workers += 1
            return true
        }
        guard let spawn else { return false }
        if spawn {
            // A worker takes imports until none waits; the count and the queue change under one lock,
            // so a queued import always has a worker.
            let t = Thread { [self] in
                while let next = state.withLock({ s -> Asset? in
                    if s.queue.isEmpty {
                        s.workers -= 1
                        return nil
                    }
                    return s.queue.removeFirst()
                }) {
                    run(next)
                }
            }
            t.name = "reel-import"
            t.start()
        }
        return true
    }

    private func run(_ asset: Asset) {
        // Failed by the retention pass while it waited, or deleted: nothing to do.
        guard (try? store.asset(asset.id))??.status == .importing else { return }
        let file = temp + "/" + asset.id + ".import"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var checked: Asset?
        var reason: String?
        do {
            guard let url = asset.sourceURL else { throw WebFailure(.refused, "has no URL") }
            _ = try fetch.get(url, to: file)
            let found = try AssetExamination.examine(file, in: engine)
            let location = try uploads.keep(asset.id, from: file, contentType: asset.contentType)
            checked = found.applied(to: asset, location: location)
        } catch let e as WebFailure {
            reason = "the URL " + e.reason
        } catch let p as ProblemError {
            reason = p.problem.detail
        } catch {
            logger.error("an imported file could not be kept", metadata: ["assetId": "\(asset.id)", "error": "\(error)"])
            reason = "the file could not be kept on the server; import it again"  // the cause names server paths: logged only
        }
        do {
            let settled = try store.settle(asset.id, checked: checked, error: reason)
            if !settled, let checked { uploads.removeUpload(checked.path, id: asset.id) }  // deleted meanwhile
            logger.info(reason == nil ? "asset imported" : "asset import failed",
                        metadata: ["assetId": "\(asset.id)", "error": "\(reason ?? "")"])
        } catch {
            // Nothing records the file: it goes now (the sweep fails the row, which names no file).
            if let checked { uploads.removeUpload(checked.path, id: asset.id) }
            logger.error("asset import could not be recorded", metadata: ["assetId": "\(asset.id)", "error": "\(error)"])
        }
    }
}
