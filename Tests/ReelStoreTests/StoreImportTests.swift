import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// A node's SQLite store moved into an empty PostgreSQL store (`StoreImport`): every row of every
/// table arrives, the jobs read back the same through the store's own calls, the queue keeps its
/// order, a webhook outbox and change numbers go on from where they were; a store in use is left
/// alone, a missing file is refused.
final class StoreImportTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A SQLite store with a bit of everything: finished, canceled and queued jobs (a webhook
    /// delivery pending, a copy to a bucket pending), an asset, a template, a batch.
    func filledSQLite() throws -> (SQLJobStore, [String]) {
        let lite = try SQLJobStore.sqlite(path: dir + "/reel.db")
        var ids: [String] = []
        func submit(_ sub: JobSubmission) throws -> Job {
            guard case .created(let job) = try lite.submit(sub) else { throw CocoaError(.featureUnsupported) }
            ids.append(job.id)
            return job
        }
        let done = try submit(JobSubmission(spec: #"{"n":1}"#, bodyHash: "a", keyID: "k1",
                                            webhook: JobWebhook(url: "http://127.0.0.1:9/hook", events: ["succeeded"])))
        XCTAssertEqual(try lite.claim(owner: "w")?.id, done.id)
        XCTAssertTrue(try lite.complete(done.id, owner: "w", output: JobOutput(
            path: dir + "/out.mp4", bytes: 42, duration: "1", sha256: "ab", contentType: "video/mp4",
            destinations: [OutputDestination(url: "s3://b/x.mp4", profile: nil)])))
        for n in 2...4 { _ = try submit(JobSubmission(spec: #"{"n":\#(n)}"#, bodyHash: "h\(n)", idempotencyKey: "idem-\(n)", keyID: "k\(n % 2)")) }
        // A canceled job whose webhook is still to be sent (the finished one's waits for its copy).
        let canceled = try submit(JobSubmission(spec: #"{"n":5}"#, bodyHash: "h5", keyID: "k1",
                                                webhook: JobWebhook(url: "http://127.0.0.1:9/hook", events: ["canceled"])))
        guard case .canceled = try lite.cancel(canceled.id, keyID: nil) else { throw CocoaError(.featureUnsupported) }
        var asset = Asset(id: "asset_ONE", path: dir + "/a.mp4", bytes: 7, sha256: "cd", contentType: "video/mp4", filename: "a.mp4",
                          probe: "{}", createdAt: 1_700_000_000_000, keyID: "k1")
        asset.status = .ready
        try lite.insert(asset)
        _ = try lite.insertTemplate(keyID: "k1", name: "Promo", spec: #"{"x":"{{name}}"}"#, placeholders: ["name"],
                                    declarations: #"{"name":{"type":"text","default":"Reel"}}"#)
        guard case .created(let batch, let jobs) = try lite.submitBatch(BatchSubmission(
            keyID: "k2", bodyHash: "batch", idempotencyKey: nil, jobs: [JobSubmission(spec: #"{"b":1}"#, bodyHash: "b1", keyID: "k2"),
                                                                      JobSubmission(spec: #"{"b":2}"#, bodyHash: "b2", keyID: "k2")],
            queuedLimit: nil)) else { throw CocoaError(.featureUnsupported) }
        XCTAssertEqual(jobs.count, 2, "batch \(batch.id)")
        ids += jobs
        return (lite, ids)
    }

    func testEveryRowArrivesAndTheStoreGoesOnFromWhereItWas() throws {
        let (lite, ids) = try filledSQLite()
        let url = try TestPostgres.shared().createDatabase()
        let pg = try SQLJobStore.postgres(url: url, dataDirectory: dir)
        let rows = try XCTUnwrap(try StoreImport.importSQLite(path: dir + "/reel.db", into: pg), "an empty store takes the import")

        // Every table, row for row (counted on both sides by the databases themselves).
        for (table, n) in rows {
            let inLite = try lite.connected { try $0.query("SELECT COUNT(*) AS n FROM \(table)").first?.int("n") }
            let inPG = try pg.connected { try $0.query("SELECT COUNT(*) AS n FROM \(table)").first?.int("n") }
            XCTAssertEqual(inLite, n, table)
            XCTAssertEqual(inPG, n, table)
        }
        XCTAssertEqual(rows["jobs"], 7)
        XCTAssertGreaterThanOrEqual(rows["webhook_deliveries"] ?? 0, 1)
        XCTAssertEqual(rows["output_destinations"], 1)

        // The same jobs, field for field, through the store's own reads.
        for id in ids { XCTAssertEqual(try pg.job(id), try lite.job(id), id) }
        XCTAssertEqual(try pg.asset("asset_ONE"), try lite.asset("asset_ONE"))
        XCTAssertEqual(try pg.listTemplates(keyID: "k1", limit: 10, cursor: nil).templates,
                       try lite.listTemplates(keyID: "k1", limit: 10, cursor: nil).templates)
        XCTAssertEqual(try pg.listTemplates(keyID: "k1", limit: 10, cursor: nil).templates.first?.declarations,
                       #"{"name":{"type":"text","default":"Reel"}}"#, "a template's typed placeholders travel with it")
        XCTAssertEqual(try pg.counts(), try lite.counts())
        XCTAssertEqual(try pg.list(keyID: nil, status: nil, batchID: nil, metadata: nil, limit: 50, cursor: nil).jobs.map(\.id),
                       try lite.list(keyID: nil, status: nil, batchID: nil, metadata: nil, limit: 50, cursor: nil).jobs.map(\.id))

        // It goes on: an idempotency key is still known, the queue gives its jobs in the order
        // SQLite would, and a new change is numbered after the imported ones.
        guard case .existing(let again) = try pg.submit(JobSubmission(spec: #"{"n":2}"#, bodyHash: "h2", idempotencyKey: "idem-2", keyID: "k0")) else {
            return XCTFail("the idempotency key was lost")
        }
        XCTAssertEqual(again.id, ids[1])
        var fromLite: [String] = [], fromPG: [String] = []
        while let j = try lite.claim(owner: "a") { fromLite.append(j.id) }
        while let j = try pg.claim(owner: "a") { fromPG.append(j.id) }
        XCTAssertEqual(fromPG, fromLite, "the same claims in the same order")
        XCTAssertEqual(fromPG.count, 5)
        let newest = try ids.compactMap { try pg.job($0)?.changeSeq }.max() ?? 0
        XCTAssertGreaterThan(newest, 0)
        guard case .created(let fresh) = try pg.submit(JobSubmission(spec: "{}", bodyHash: "fresh")) else { return XCTFail("not created") }
        XCTAssertGreaterThan(try XCTUnwrap(try pg.job(fresh.id)?.changeSeq), newest, "numbered after every imported change")
    }

    func testAStoreInUseIsLeftAloneAndAMissingFileIsRefused() throws {
        _ = try filledSQLite()
        let url = try TestPostgres.shared().createDatabase()
        let pg = try SQLJobStore.postgres(url: url, dataDirectory: dir)
        guard case .created(let own) = try pg.submit(JobSubmission(spec: "{}", bodyHash: "own")) else { return XCTFail("not created") }
        XCTAssertNil(try StoreImport.importSQLite(path: dir + "/reel.db", into: pg), "a store with jobs takes no import")
        XCTAssertEqual(try pg.list(keyID: nil, status: nil, batchID: nil, metadata: nil, limit: 50, cursor: nil).jobs.map(\.id), [own.id])
        XCTAssertThrowsError(try StoreImport.importSQLite(path: dir + "/nothing.db", into: pg)) { error in
            XCTAssertEqual("\(error)", "there is no SQLite store at \(dir)/nothing.db")
        }
    }
}
