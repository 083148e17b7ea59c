import Foundation
import Logging
import ReelBasics
import ReelEngine
import ReelHTTP
@testable import ReelWorker
import ReelStore
import ReelStorage
import ReelFetch
import StoreFixtures
import TestSupport
import XCTest

/// A job is tried again only when its failure may pass: a source server answering 503 is retried
/// up to the job's attempts, one answering 404 fails at once. The jobs go straight into the store,
/// so the worker is the first to read their sources.
final class RetryTests: XCTestCase {
    /// Answers every request with one status.
    final class StatusHost: HTTPHandler, @unchecked Sendable {
        let status: Int
        init(status: Int) { self.status = status }
        func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .none }
        func handle(_ r: HTTPRequest) -> HTTPResponse { HTTPResponse(status: status) }
    }

    func run(status: Int) throws -> Job {
        let dir = NSTemporaryDirectory() + "reel-retry-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: StatusHost(status: status))
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let web = WebSources(folder: dir + "/sources", validators: dir + "/validators", limit: 1 << 30,
                             fetch: WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: 1 << 20, maxSeconds: 20))
        let pool = WorkerPool(store: store, workers: 1, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir), chunks: DataDirectory(root: dir),
                              resolver: SourceResolver(mediaRoot: dir, web: SourceResolver.web(web)), webSources: web, logger: Logger(label: "test"))
        pool.start()
        defer { pool.shutdown() }
        let spec = ##"{ "version": 1, "timeline": { "videos": [ { "src": "http://127.0.0.1:\##(host.port)/clip.mp4" } ] } }"##
        let submitted = try store.submit(spec: spec, bodyHash: Digests.sha256Hex(Array(spec.utf8)), idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        pool.wake()
        if let j = try Poll.value(seconds: 60, every: 0.05, { try store.job(job.id).flatMap { $0.status.isFinished ? $0 : nil } }) { return j }
        XCTFail("the job did not finish")
        throw CocoaError(.userCancelled)
    }

    func testASourceServerErrorIsRetriedToTheLastAttempt() throws {
        let job = try run(status: 503)
        XCTAssertEqual(job.status, .failed)
        XCTAssertEqual(job.error?.code, .sourceUnavailable, "\(String(describing: job.error))")
        XCTAssertEqual(job.attempts, job.maxAttempts, "every attempt was used")
        XCTAssertGreaterThan(job.maxAttempts, 1)
    }

    func testAMissingSourceFailsAtOnce() throws {
        let job = try run(status: 404)
        XCTAssertEqual(job.status, .failed)
        XCTAssertEqual(job.error?.code, .invalid, "\(String(describing: job.error))")
        XCTAssertEqual(job.attempts, 1, "a 404 will not pass")
    }
}
