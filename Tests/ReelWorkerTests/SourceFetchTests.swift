import Foundation
import Logging
import ReelEngine
import ReelStorage
import ReelStore
import ReelFetch
@testable import ReelWorker
import StoreFixtures
import TestSupport
import XCTest

/// A worker that must download a job's source first keeps the job's lease meanwhile (the download
/// outlasts the lease several times over) and shows the download in the job's progress, within
/// its first tenth; the render then starts from there.
final class SourceFetchTests: XCTestCase {
    func testADownloadLongerThanTheLeaseKeepsTheJobAndMovesItsProgress() throws {
        let dir = NSTemporaryDirectory() + "reel-fetch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = dir + "/clip.mp4"
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-y", clip])
        let server = try WebTestServer(folder: dir)
        defer { withExtendedLifetime(server) {} }

        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", leaseSeconds: 1)
        let web = WebSources(folder: dir + "/sources", validators: dir + "/validators", limit: 1 << 30,
                             fetch: WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: 1 << 30, maxSeconds: 60))
        let url = server.url("/trickle/clip.mp4")
        // Two workers: had the first let its lease run out while downloading, the second would take the job.
        let pool = WorkerPool(store: store, workers: 2, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir),
                              chunks: DataDirectory(root: dir), resolver: SourceResolver(mediaRoot: dir, web: SourceResolver.web(web)),
                              webSources: web, logger: Logger(label: "test"))
        pool.start()
        defer { pool.shutdown() }
        let spec = ##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "\##(url)" } ] } }"##
        let submitted = try store.submit(spec: spec, bodyHash: UUID().uuidString, idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        pool.wake()
        let seen = Collected<Double>()
        let done = try XCTUnwrap(try Poll.value(seconds: 60, every: 0.05) { () -> Job? in
            guard let j = try store.job(job.id) else { return nil }
            if j.status == .running { seen.append(j.progress) }
            return j.status.isFinished ? j : nil
        })
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.attempts, 1, "the lease held through a download three times its length")
        let during = seen.all.filter { $0 > 0 && $0 < JobRun.fetchShare }
        XCTAssertGreaterThanOrEqual(Set(during).count, 3, "the download moved the progress: \(seen.all)")
        XCTAssertEqual(seen.all, seen.all.sorted(), "and it never went back")
    }

    /// A web source whose header is sound but whose pictures are not fails its job while rendering,
    /// with a reason that names the URL the client gave, never the node's copy in its data folder
    /// (`SourceNaming`: the engine's message names the copy it opened).
    func testAWebSourceThatFailsWhileRenderingIsNamedByItsURLInTheJobsError() throws {
        let dir = NSTemporaryDirectory() + "reel-fetch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=2", "-c:v", "libx264", "-y", dir + "/clip.mp4"])
        var clip = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/clip.mp4")))
        for i in 64..<(clip.count * 2 / 3) { clip[i] = 0 }  // the media data, before the index at the end
        try Data(clip).write(to: URL(fileURLWithPath: dir + "/damaged.mp4"))
        let server = try WebTestServer(folder: dir)
        defer { withExtendedLifetime(server) {} }
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", leaseSeconds: 5)
        let web = WebSources(folder: dir + "/sources", validators: dir + "/validators", limit: 1 << 30,
                             fetch: WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: 1 << 30, maxSeconds: 60))
        let pool = WorkerPool(store: store, workers: 1, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir),
                              chunks: DataDirectory(root: dir), resolver: SourceResolver(mediaRoot: dir + "/media", web: SourceResolver.web(web)),
                              webSources: web, logger: Logger(label: "test"))
        pool.start()
        defer { pool.shutdown() }
        let url = server.url("/trickle/damaged.mp4")
        let spec = ##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "\##(url)?sig=1" } ] } }"##
        let submitted = try store.submit(spec: spec, bodyHash: UUID().uuidString, idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        pool.wake()
        let done = try XCTUnwrap(try Poll.value(seconds: 60, every: 0.05) { () -> Job? in
            guard let j = try store.job(job.id) else { return nil }
            return j.status.isFinished ? j : nil
        })
        XCTAssertEqual(done.status, .failed)
        let error = try XCTUnwrap(done.error).message
        XCTAssertTrue(error.contains(url), error)
        XCTAssertFalse(error.contains(dir), error)
    }
}
