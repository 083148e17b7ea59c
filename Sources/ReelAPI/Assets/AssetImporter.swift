import Foundation
import Logging
import ReelStorage
import ReelStore
import ReelSync
import ReelWeb

/// Imports assets from the web (`POST /v1/assets` with `{"url": …}`) off the request's thread: the
/// URL fetched under the rules of sources (`WebFetch`: public hosts or `allowedHosts`, redirects
/// checked hop by hop, `limits.sourceBytes` and `limits.sourceSeconds`) into a temporary file,
/// examined like an upload, kept where uploads are kept, and the asset made `ready` or `failed`
/// with the reason. At most `concurrent` imports run at once; the others wait their turn. An import
/// whose process dies is failed by the retention pass (`expireUploads`).
final class AssetImporter: Sendable {
    let store: any AssetStore
    let uploads: any UploadStore
    let fetch: WebFetch
    /// Where the fetched files are written before they are examined.
    let temp: String
    let logger: Logger
    let concurrent: Int
    private let running = Guarded(0)

    init(store: any AssetStore, uploads: any UploadStore, fetch: WebFetch, temp: String, logger: Logger, concurrent: Int = 2) {
        self.store = store
        self.uploads = uploads
        self.fetch = fetch
        self.temp = temp
        self.logger = logger
        self.concurrent = concurrent
    }

    /// Starts importing `asset` (status `importing`, its `sourceURL` set).
    func start(_ asset: Asset) {
        let t = Thread { [self] in
            running.wait(for: { $0 < concurrent }) { $0 += 1 }
            defer { running.withLock(waking: .all) { $0 -= 1 } }
            run(asset)
        }
        t.name = "reel-import"
        t.start()
    }

    private func run(_ asset: Asset) {
        let file = temp + "/" + asset.id + ".import"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var checked: Asset?
        var reason: String?
        do {
            guard let url = asset.sourceURL else { throw WebFailure(.refused, "has no URL") }
            _ = try fetch.get(url, to: file)
            let found = try AssetExamination.examine(file)
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
