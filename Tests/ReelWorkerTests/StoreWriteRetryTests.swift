import Foundation
import Logging
import ReelEngine
@testable import ReelStore
import ReelStorage
@testable import ReelWorker
import StoreFixtures
import Synchronization
import TestSupport
import XCTest

/// A store write that hands back a failed attempt is not given up at its first error: on a full
/// disk it is tried again until it fits, so the job is reported as failed as soon as the disk frees
/// up, not when its lease runs out (before: "running, progress 0" for the whole lease).
final class StoreWriteRetryTests: XCTestCase {
    /// Log messages, gathered from the worker's threads.
    final class Messages: Sendable {
        let all = Mutex<[String]>([])
        func contains(_ text: String) -> Bool { all.withLock { $0.contains { $0.contains(text) } } }
    }

    struct Capture: LogHandler {
        let messages: Messages
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            messages.all.withLock { $0.append(event.message.description) }
        }
    }

    func testAFailureWrittenToAFullStoreIsRetriedUntilItFits() throws {
        let dir = NSTemporaryDirectory() + "reel-retry-write-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", maxAttempts: 1, leaseSeconds: 30)
        let sqlite = try XCTUnwrap(store.backend as? SQLiteBackend)
        // A missing source with a long name (40 KB): claiming the job rewrites its row (the spec,
        // ten pages), which the room left allows; failing it adds an error as long again, which it
        // does not.
        let name = (0..<200).map { _ in String(repeating: "d", count: 200) }.joined(separator: "/") + "/missing.mp4"
        let spec = ##"{ "version": 1, "timeline": { "videos": [ { "src": "\##(name)" } ] } }"##
        let submitted = try store.submit(spec: spec, bodyHash: UUID().uuidString, idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        sqlite.simulateFullDisk(pages: try sqlite.pageCount() + (spec.utf8.count + 4095) / 4096 + 3)
        let messages = Messages()
        let pool = WorkerPool(store: store, workers: 1, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir),
                              chunks: DataDirectory(root: dir), resolver: SourceResolver(mediaRoot: dir + "/media"),
                              logger: Logger(label: "test") { _ in Capture(messages: messages) })
        pool.start()
        defer { pool.shutdown() }
        pool.wake()
        XCTAssertTrue(Poll.until(seconds: 20) { messages.contains("job store write failed; retrying") }, "\(messages.all.withLock { $0 })")
        XCTAssertEqual(try store.job(job.id)?.status, .running, "nothing could be written yet")
        sqlite.simulateFullDisk(pages: nil)
        let ended = try XCTUnwrap(try Poll.value(seconds: 10, every: 0.05) { try store.job(job.id).flatMap { $0.status == .failed ? $0 : nil } },
                                  "failed within seconds of the disk freeing up, not at the lease's end")
        XCTAssertTrue(ended.error?.message.contains("missing.mp4") ?? false, "\(String(describing: ended.error))")
        XCTAssertEqual(ended.attempts, 1)
    }
}
