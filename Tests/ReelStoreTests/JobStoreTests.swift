import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest
import ReelBasics

final class JobStoreTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Which implementation `store()` opens: each test body runs on SQLite, then on PostgreSQL.
    var backend = StoreBackend.sqlite

    func store(maxAttempts: Int = 2) throws -> any JobStore {
        try backend.open(dir: dir, maxAttempts: maxAttempts, leaseSeconds: 10, clock: clock)
    }

    func onBothStores(_ body: () throws -> Void) throws {
        for b in [StoreBackend.sqlite, try .postgres()] {
            backend = b
            try b.run(body)
        }
    }

    func created(_ r: SubmitResult) throws -> Job {
        guard case .created(let j) = r else { throw SubmitDidNotCreate(result: r) }
        return j
    }

    func testSubmitIsDurableAndListsNewestFirstWithCursor() throws {
        try onBothStores {
            var ids: [String] = []
            do {
                let s = try store()
                for i in 0..<5 {
                    ids.append(try created(try s.submit(spec: "{\"n\":\(i)}", bodyHash: "h\(i)", idempotencyKey: nil)).id)
                    clock.advance(seconds: 1)
                }
            }
            let s = try store()  // a new connection sees everything
            let page1 = try s.list(status: nil, limit: 2, cursor: nil)
            XCTAssertEqual(page1.jobs.map(\.id), [ids[4], ids[3]])
            let page2 = try s.list(status: nil, limit: 2, cursor: page1.nextCursor)
            XCTAssertEqual(page2.jobs.map(\.id), [ids[2], ids[1]])
            let page3 = try s.list(status: nil, limit: 2, cursor: page2.nextCursor)
            XCTAssertEqual(page3.jobs.map(\.id), [ids[0]])
            XCTAssertNil(page3.nextCursor)
            XCTAssertEqual(try s.list(status: .queued, limit: 10, cursor: nil).jobs.count, 5)
            XCTAssertEqual(try s.list(status: .running, limit: 10, cursor: nil).jobs.count, 0)
            XCTAssertTrue(ids.allSatisfy { $0.hasPrefix("job_") && $0.count == 30 })
        }
    }

    func testVersion1DatabaseKeepsItsJobsAndOrderAfterTheKeyMigration() throws {
        do {
            let db = try SQLiteDatabase(path: dir + "/reel.db")
            try db.migrate(Array(SQLiteSchema.migrations.prefix(1)))
            for (i, id) in ["job_b", "job_a"].enumerated() {
                try db.prepare("""
                    INSERT INTO jobs (id, status, spec, body_hash, idempotency_key, max_attempts, created_at, updated_at)
                    VALUES (?, 'queued', '{}', 'h', ?, 3, ?, ?)
                    """).run([.text(id), .text("k\(i)"), .int(Int64(i)), .int(Int64(i))])
            }
        }
        let s = try store()
        let jobs = try s.list(status: nil, limit: 10, cursor: nil).jobs
        XCTAssertEqual(jobs.map(\.id), ["job_a", "job_b"], "newest (highest rowid) first, as before")
        XCTAssertEqual(jobs.map(\.keyID), ["", ""])
        guard case .existing(let again) = try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: "k0") else { return XCTFail() }
        XCTAssertEqual(again.id, "job_b", "idempotency keys survive, now scoped to the key \"\"")
        XCTAssertEqual(try s.job("job_a", keyID: "someone")?.id, nil)
    }

    func testQuotaAndAssetsAreCheckedWithTheInsert() throws {
        try onBothStores {
            let s = try store()
            let sub = JobSubmission(spec: "{}", bodyHash: "h", keyID: "K", queuedLimit: 1)
            _ = try created(try s.submit(sub))
            guard case .overQuota(let queued, let retry) = try s.submit(sub) else { return XCTFail("a second queued job of K") }
            XCTAssertEqual(queued, 1)
            XCTAssertEqual(retry, 30, "no job of K has ended yet: the default wait")
            // A running job leaves the queue: its place is free.
            XCTAssertNotNil(try s.claim(owner: "w"))
            let second = try created(try s.submit(sub))
            guard case .overQuota = try s.submit(sub) else { return XCTFail("a third job of K, one queued") }
            // Jobs ending give the wait its pace: two ended within the last 10 minutes → 300 s a job.
            let running = try XCTUnwrap(try s.claim(owner: "w"))
            XCTAssertEqual(running.id, second.id)
            for job in try s.list(keyID: "K", status: .running, batchID: nil, metadata: nil, limit: 10, cursor: nil).jobs {
                XCTAssertTrue(try s.fail(job.id, owner: "w", error: JobError(code: .renderFailed, message: "x"), retry: false))
            }
            _ = try created(try s.submit(sub))
            guard case .overQuota(_, let paced) = try s.submit(sub) else { return XCTFail("a second queued job of K") }
            XCTAssertEqual(paced, 300)
            _ = try created(try s.submit(JobSubmission(spec: "{}", bodyHash: "h", keyID: "L", queuedLimit: 1)))
            try s.insert(Asset(id: "asset_1", path: "/a", bytes: 1, sha256: "", contentType: nil, filename: nil, probe: "{}", createdAt: 0, keyID: "L"))
            guard case .assetsMissing(let ids) = try s.submit(JobSubmission(spec: "{}", bodyHash: "h", keyID: "M", assets: ["asset_1"])) else {
                return XCTFail("M names L's asset")
            }
            XCTAssertEqual(ids, ["asset_1"])
        }
    }

    /// Every field of an asset comes back as written, its kind included (a migration in each store).
    func testAssetsRoundTripWithTheirKind() throws {
        try onBothStores {
            let s = try store()
            for (id, kind) in [("asset_m", "media"), ("asset_f", "font"), ("asset_c", "captions")] {
                try s.insert(Asset(id: id, path: "/d/" + id, bytes: 7, sha256: "ab", contentType: "font/ttf", filename: "x.ttf",
                                   probe: #"{"k":1}"#, createdAt: 42, keyID: "K", kind: kind))
            }
            for (id, kind) in [("asset_m", "media"), ("asset_f", "font"), ("asset_c", "captions")] {
                let a = try XCTUnwrap(try s.asset(id, keyID: "K"))
                XCTAssertEqual(a.kind, kind)
                XCTAssertEqual([a.path, a.sha256, a.contentType, a.filename, a.probe], ["/d/" + id, "ab", "font/ttf", "x.ttf", #"{"k":1}"#])
                XCTAssertEqual([a.bytes, a.createdAt], [7, 42])
            }
            XCTAssertNil(try s.asset("asset_f", keyID: "other"))
        }
    }

    /// A key's assets page newest first (ids are time-ordered ULIDs), by kind, without another
    /// key's; the cursor continues exactly after the page.
    func testAssetsAreListedNewestFirstByKindAndPage() throws {
        try onBothStores {
            let s = try store()
            let kinds = ["media", "font", "media", "captions", "media"]
            for (i, kind) in kinds.enumerated() {
                try s.insert(Asset(id: "asset_0000\(i)", path: "/d/\(i)", bytes: 1, sha256: "", contentType: nil, filename: "f\(i)",
                                   probe: "{}", createdAt: Int64(i), keyID: "K", kind: kind))
            }
            try s.insert(Asset(id: "asset_00009", path: "/d/9", bytes: 1, sha256: "", contentType: nil, filename: nil, probe: "{}",
                               createdAt: 9, keyID: "other"))
            let first = try s.listAssets(keyID: "K", kinds: nil, limit: 2, cursor: nil)
            XCTAssertEqual(first.assets.map(\.id), ["asset_00004", "asset_00003"])
            XCTAssertEqual(first.assets.map(\.filename), ["f4", "f3"])
            let second = try s.listAssets(keyID: "K", kinds: nil, limit: 2, cursor: first.nextCursor)
            XCTAssertEqual(second.assets.map(\.id), ["asset_00002", "asset_00001"])
            let last = try s.listAssets(keyID: "K", kinds: nil, limit: 2, cursor: second.nextCursor)
            XCTAssertEqual(last.assets.map(\.id), ["asset_00000"])
            XCTAssertNil(last.nextCursor)
            XCTAssertEqual(try s.listAssets(keyID: "K", kinds: ["media"], limit: 10, cursor: nil).assets.map(\.id),
                           ["asset_00004", "asset_00002", "asset_00000"])
            XCTAssertEqual(try s.listAssets(keyID: "other", kinds: nil, limit: 10, cursor: nil).assets.map(\.id), ["asset_00009"])
        }
    }

    /// Media assets stored before video, audio and image were told apart are told apart by the
    /// migration, from the probe each keeps; one whose probe says nothing stays `media` (which a
    /// `media` listing still finds), and other kinds are left alone.
    func testMediaAssetsOfAnEarlierVersionAreToldApartByTheirProbes() throws {
        try onBothStores {
            let s = try XCTUnwrap(try store() as? SQLJobStore)
            let probes = [
                ("asset_0000v", "media", #"{"format":"mov,mp4,m4a,3gp,3g2,mj2","still":false,"streams":[{"index":0,"type":"audio"},{"index":1,"type":"video"}]}"#),
                ("asset_0000a", "media", #"{"format":"wav","still":false,"streams":[{"index":0,"type":"audio"}]}"#),
                ("asset_0000i", "media", #"{"format":"png_pipe","still":true,"streams":[{"index":0,"type":"video"}]}"#),
                ("asset_0000n", "media", "null"),
                ("asset_0000f", "font", #"{"family":"Sans","streams":[{"type":"video"}]}"#),
            ]
            for (id, kind, probe) in probes {
                try s.insert(Asset(id: id, path: "/d/" + id, bytes: 1, sha256: "", contentType: nil, filename: nil, probe: probe,
                                   createdAt: 1, keyID: "K", kind: kind))
            }
            // The migration's step run again over these rows, as it ran over an earlier Reel's.
            let steps: [String]
            switch backend {
            case .sqlite: steps = SQLiteSchema.migrations
            case .postgres: steps = PostgresSchema.migrations
            }
            let step = try XCTUnwrap(steps.first { $0.contains("WHERE kind = 'media'") })
            try s.connected { db in try db.query(step) }
            let migrated = try store()
            let kinds = Dictionary(uniqueKeysWithValues: try probes.map { ($0.0, try XCTUnwrap(try migrated.asset($0.0, keyID: "K")).kind) })
            XCTAssertEqual(kinds, ["asset_0000v": "video", "asset_0000a": "audio", "asset_0000i": "image", "asset_0000n": "media",
                                   "asset_0000f": "font"])
            XCTAssertEqual(Set(try migrated.listAssets(keyID: "K", kinds: ["video", "audio", "image", "media"], limit: 10, cursor: nil).assets.map(\.id)),
                           ["asset_0000v", "asset_0000a", "asset_0000i", "asset_0000n"])
        }
    }

    /// The job list filtered by a string member of the spec's `metadata`, on both databases: equal
    /// strings only (a number, a nested value or another key's job never match), newest first, paged.
    func testJobsAreFoundByAStringOfTheirMetadata() throws {
        try onBothStores {
            let s = try store()
            func submit(_ key: String, _ metadata: String?) throws -> Job {
                try created(try s.submit(JobSubmission(spec: "{}", bodyHash: UUID().uuidString, keyID: key, metadata: metadata)))
            }
            let a = try submit("K", #"{"name":"Holiday","n":1}"#)
            _ = try submit("K", #"{"name":"Work"}"#)
            let b = try submit("K", #"{"name":"Holiday"}"#)
            _ = try submit("K", #"{"name":{"nested":"Holiday"}}"#)
            _ = try submit("K", #"{"n":"Holiday"}"#)
            _ = try submit("K", nil)
            _ = try submit("other", #"{"name":"Holiday"}"#)
            let holiday = MetadataFilter(key: "name", value: "Holiday")
            XCTAssertEqual(try s.list(keyID: "K", status: nil, batchID: nil, metadata: holiday, limit: 10, cursor: nil).jobs.map(\.id), [b.id, a.id])
            let first = try s.list(keyID: "K", status: nil, batchID: nil, metadata: holiday, limit: 1, cursor: nil)
            XCTAssertEqual(first.jobs.map(\.id), [b.id])
            XCTAssertEqual(try s.list(keyID: "K", status: nil, batchID: nil, metadata: holiday, limit: 1, cursor: first.nextCursor).jobs.map(\.id), [a.id])
            XCTAssertEqual(try s.list(keyID: "K", status: nil, batchID: nil, metadata: MetadataFilter(key: "n", value: "1"), limit: 10, cursor: nil).jobs, [],
                           "a number is not the string 1")
            XCTAssertEqual(try s.list(keyID: "K", status: .queued, batchID: nil, metadata: holiday, limit: 10, cursor: nil).jobs.count, 2)
            XCTAssertEqual(try s.list(keyID: "K", status: .running, batchID: nil, metadata: holiday, limit: 10, cursor: nil).jobs.count, 0)
            // Contained, ASCII letters in either case; a nested value, another member or key never.
            func containing(_ text: String) throws -> [String] {
                try s.list(keyID: "K", status: nil, batchID: nil, metadata: MetadataFilter(key: "name", value: text, match: .contains), limit: 10, cursor: nil).jobs.map(\.id)
            }
            XCTAssertEqual(try containing("OLID"), [b.id, a.id])
            XCTAssertEqual(try containing("day"), [b.id, a.id])
            XCTAssertEqual(try containing("ork").count, 1)
            XCTAssertEqual(try containing("nested"), [], "the text of a nested object is not a name")
            XCTAssertEqual(try containing("%"), [], "no pattern characters")
            let accented = try submit("K", #"{"name":"Été Promo"}"#)
            XCTAssertEqual(try containing("été"), [], "only ASCII letters fold, alike on both databases")
            XCTAssertEqual(try containing("Été promo"), [accented.id])
        }
    }

    func testWebhookEventsAreWrittenWithTheStateChange() throws {
        try onBothStores {
            let s = try store(maxAttempts: 1)
            let all = JobWebhook(url: "http://h/x", events: ["succeeded", "failed", "canceled", "progress"])
            func submit(_ hook: JobWebhook?) throws -> Job {
                try created(try s.submit(JobSubmission(spec: "{}", bodyHash: UUID().uuidString, webhook: hook)))
            }
            func events(_ id: String) throws -> [String] { try s.deliveries(jobID: id).map(\.event) }

            let a = try submit(all)
            XCTAssertEqual(try s.job(a.id)?.webhook, all)
            _ = try s.claim(owner: "W")
            XCTAssertEqual(try s.heartbeat(a.id, owner: "W", progress: 0.1, eta: nil), .keepGoing)
            clock.advance(seconds: 1)
            XCTAssertEqual(try s.heartbeat(a.id, owner: "W", progress: 0.2, eta: nil), .keepGoing)
            XCTAssertEqual(try events(a.id), ["progress"], "progress at most every 5 s")
            clock.advance(seconds: 5)
            XCTAssertEqual(try s.heartbeat(a.id, owner: "W", progress: 0.8, eta: nil), .keepGoing)
            XCTAssertTrue(try s.complete(a.id, owner: "W", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4",
                                                                          copiedFrames: 7, encodedFrames: 3,
                                                                          loudness: MeasuredLoudness(integrated: -14.02, truePeak: -1.37, range: nil))))
            XCTAssertEqual(try s.job(a.id)?.output?.copiedFrames, 7, "passthrough's counts are stored")
            XCTAssertEqual(try s.job(a.id)?.output?.loudness, MeasuredLoudness(integrated: -14.02, truePeak: -1.37, range: nil), "and the loudness")
            XCTAssertEqual(try s.job(a.id)?.output?.encodedFrames, 3)
            XCTAssertEqual(try events(a.id), ["progress", "progress", "succeeded"])
            XCTAssertTrue(try s.deliveries(jobID: a.id).allSatisfy { $0.status == .pending && $0.url == "http://h/x" && $0.id.hasPrefix("dlv_") })

            let b = try submit(JobWebhook(url: "http://h/y", events: ["failed"]))
            _ = try s.claim(owner: "W")
            XCTAssertFalse(try s.complete(b.id, owner: "other", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
            XCTAssertEqual(try events(b.id), [], "no change, no event")
            clock.advance(seconds: 11)  // W died on its only attempt
            XCTAssertNil(try s.claim(owner: "V"))
            XCTAssertEqual(try events(b.id), ["failed"])

            let c = try submit(all)
            guard case .canceled = try s.cancel(c.id) else { return XCTFail() }
            XCTAssertEqual(try events(c.id), ["canceled"])
            let d = try submit(all)
            XCTAssertEqual(try s.deleteJob(d.id, keyID: nil), .deleted(outputs: [], wasRunning: false))
            XCTAssertEqual(try events(d.id), ["canceled"], "a deleted job's cancel is still delivered")
            XCTAssertEqual(try events(try submit(nil).id), [])
        }
    }

    func testDeliveriesAreClaimedOnceRetriedAndReleased() throws {
        try onBothStores {
            let s = try store()
            let j = try created(try s.submit(JobSubmission(spec: "{}", bodyHash: "h", webhook: JobWebhook(url: "http://h", events: ["canceled"]))))
            _ = try s.cancel(j.id)
            let first = try s.claimDeliveries(by: "A", limit: 8, leaseMillis: 15000)
            XCTAssertEqual(first.map(\.attempts), [1])
            XCTAssertEqual(try s.claimDeliveries(by: "B", limit: 8, leaseMillis: 15000), [], "claimed by A")
            XCTAssertEqual(try s.deliveryClaimers(), ["A"])
            try s.releaseDeliveries(claimedBy: "A")  // A's process is gone
            let again = try s.claimDeliveries(by: "B", limit: 8, leaseMillis: 15000)
            XCTAssertEqual(again.map(\.id), first.map(\.id))
            XCTAssertEqual(again.map(\.attempts), [2])
            try s.recordDelivery(again[0].id, .retry(.answered(status: 500), next: clock.now + 5000))
            XCTAssertEqual(try s.claimDeliveries(by: "B", limit: 8, leaseMillis: 15000), [], "not due yet")
            clock.advance(seconds: 5)
            let third = try XCTUnwrap(try s.claimDeliveries(by: "B", limit: 8, leaseMillis: 15000).first)
            try s.recordDelivery(third.id, .delivered(status: 200))
            let d = try XCTUnwrap(try s.deliveries(jobID: j.id).first)
            XCTAssertEqual(d.status, .delivered)
            XCTAssertEqual(d.attempts, 3)
            XCTAssertEqual(d.lastStatus, 200)
            XCTAssertEqual(try s.claimDeliveries(by: "B", limit: 8, leaseMillis: 15000), [])
        }
    }

    func testIdempotencyKeyReturnsTheSameJobOrConflicts() throws {
        try onBothStores {
            let s = try store()
            let first = try created(try s.submit(spec: "{}", bodyHash: "abc", idempotencyKey: "k1"))
            guard case .existing(let again) = try s.submit(spec: "{}", bodyHash: "abc", idempotencyKey: "k1") else { return XCTFail() }
            XCTAssertEqual(again.id, first.id)
            guard case .conflict = try s.submit(spec: "{ }", bodyHash: "other", idempotencyKey: "k1") else { return XCTFail() }
            XCTAssertEqual(try s.list(status: nil, limit: 10, cursor: nil).jobs.count, 1)
        }
    }

    /// The spec's `metadata` is kept with the job, as given, and read back with it (a database
    /// migrated to the column has it; a job without metadata has none).
    func testMetadataIsKeptWithTheJob() throws {
        try onBothStores {
            let s = try store()
            let meta = #"{"customer":{"id":42,"tags":["a","é"]}}"#
            let job = try created(try s.submit(JobSubmission(spec: "{}", bodyHash: "m", metadata: meta)))
            XCTAssertEqual(job.metadata, meta)
            XCTAssertEqual(try s.job(job.id)?.metadata, meta)
            XCTAssertNil(try created(try s.submit(spec: "{}", bodyHash: "n", idempotencyKey: nil)).metadata)
        }
    }

    func testClaimLeaseExpiryRetryAndGivingUp() throws {
        try onBothStores {
            let s = try store(maxAttempts: 2)
            let job = try created(try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil))
            let a = try XCTUnwrap(try s.claim(owner: "A"))
            XCTAssertEqual(a.attempts, 1)
            XCTAssertEqual(a.status, .running)
            XCTAssertNil(try s.claim(owner: "B"), "leased")
            XCTAssertEqual(try s.heartbeat(job.id, owner: "A", progress: 0.5, eta: 3), .keepGoing)
            XCTAssertEqual(try s.job(job.id)?.progress, 0.5)
            clock.advance(seconds: 11)  // A died: its lease ran out
            let b = try XCTUnwrap(try s.claim(owner: "B"))
            XCTAssertEqual(b.attempts, 2)
            XCTAssertEqual(try s.heartbeat(job.id, owner: "A", progress: 0.6, eta: nil), .lost, "A lost the job")
            XCTAssertFalse(try s.complete(job.id, owner: "A", output: JobOutput(path: "/x", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
            clock.advance(seconds: 11)  // B died too: no attempts left
            XCTAssertNil(try s.claim(owner: "C"))
            let failed = try XCTUnwrap(try s.job(job.id))
            XCTAssertEqual(failed.status, .failed)
            XCTAssertEqual(failed.error?.code, .leaseExpired)
        }
    }

    /// A cancel answered 202 (the job was running) ends the job `canceled` whatever its render
    /// comes to: a success committed after it is refused (the output is not recorded, the call
    /// answers false), a failure that could be retried is not queued again; the `canceled` event
    /// is written with the change. Once a job has ended, a cancel finds it finished.
    func testACancelAnsweredWhileRunningEndsTheJobCanceled() throws {
        try onBothStores {
            let s = try store(maxAttempts: 3)
            let hook = JobWebhook(url: "http://h/x", events: ["succeeded", "failed", "canceled"])
            let output = JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")
            for ending in ["success", "retryable failure", "failure"] {
                let job = try created(try s.submit(JobSubmission(spec: "{}", bodyHash: UUID().uuidString, webhook: hook)))
                _ = try XCTUnwrap(try s.claim(owner: "W"))
                guard case .requested = try s.cancel(job.id) else { return XCTFail(ending) }
                switch ending {
                case "success": XCTAssertFalse(try s.complete(job.id, owner: "W", output: output), "the output is not recorded")
                case "retryable failure": try s.fail(job.id, owner: "W", error: JobError(code: .renderFailed, message: "x"), retry: true)
                default: try s.fail(job.id, owner: "W", error: JobError(code: .renderFailed, message: "x"), retry: false)
                }
                let ended = try XCTUnwrap(try s.job(job.id))
                XCTAssertEqual(ended.status, .canceled, ending)
                XCTAssertEqual(ended.error?.code, .canceled, ending)
                XCTAssertNil(ended.output, ending)
                XCTAssertEqual(try s.deliveries(jobID: job.id).map(\.event), ["canceled"], ending)
                guard case .alreadyFinished = try s.cancel(job.id) else { return XCTFail("\(ending): a second cancel finds it finished") }
            }
            // Committed first, the success stands, and a cancel after it is a conflict.
            let done = try created(try s.submit(spec: "{}", bodyHash: UUID().uuidString, idempotencyKey: nil))
            _ = try s.claim(owner: "W")
            XCTAssertTrue(try s.complete(done.id, owner: "W", output: output))
            guard case .alreadyFinished(let j) = try s.cancel(done.id) else { return XCTFail("a finished job") }
            XCTAssertEqual(j.status, .succeeded)
        }
    }

    func testFailureRetriesThenFailsWithTheLastError() throws {
        try onBothStores {
            let s = try store(maxAttempts: 2)
            let job = try created(try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil))
            _ = try s.claim(owner: "A")
            try s.fail(job.id, owner: "A", error: JobError(code: .renderFailed, message: "disk full"), retry: true)
            XCTAssertEqual(try s.job(job.id)?.status, .queued)
            _ = try s.claim(owner: "A")
            try s.fail(job.id, owner: "A", error: JobError(code: .renderFailed, message: "disk full again"), retry: true)
            let j = try XCTUnwrap(try s.job(job.id))
            XCTAssertEqual(j.status, .failed)
            XCTAssertEqual(j.error?.message, "disk full again")
            XCTAssertEqual(j.attempts, 2)
        }
    }

    func testCancelQueuedAtOnceRunningByRequestFinishedConflicts() throws {
        try onBothStores {
            let s = try store()
            let q = try created(try s.submit(spec: "{}", bodyHash: "1", idempotencyKey: nil))
            guard case .canceled(let c) = try s.cancel(q.id) else { return XCTFail() }
            XCTAssertEqual(c.status, .canceled)
            let r = try created(try s.submit(spec: "{}", bodyHash: "2", idempotencyKey: nil))
            _ = try s.claim(owner: "A")
            guard case .requested = try s.cancel(r.id) else { return XCTFail() }
            XCTAssertEqual(try s.heartbeat(r.id, owner: "A", progress: 0.1, eta: nil), .cancel)
            XCTAssertTrue(try s.markCanceled(r.id, owner: "A"))
            guard case .alreadyFinished = try s.cancel(r.id) else { return XCTFail() }
            guard case .notFound = try s.cancel("job_nope") else { return XCTFail() }
        }
    }

    func testReleaseOnShutdownDoesNotCountTheAttemptAndRetentionExpiresOutputs() throws {
        try onBothStores {
            let s = try store()
            let j = try created(try s.submit(spec: "{}", bodyHash: "1", idempotencyKey: nil))
            _ = try s.claim(owner: "A")
            try s.release(j.id, owner: "A")
            let back = try XCTUnwrap(try s.job(j.id))
            XCTAssertEqual(back.status, .queued)
            XCTAssertEqual(back.attempts, 0)
            _ = try s.claim(owner: "B")
            XCTAssertTrue(try s.complete(j.id, owner: "B", output: JobOutput(path: dir + "/o.mp4", bytes: 10, duration: "2", sha256: "ab", contentType: "video/mp4")))
            XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), [], "not old enough")
            clock.advance(seconds: 5)
            XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), [dir + "/o.mp4"])
            XCTAssertEqual(try s.job(j.id)?.output?.expired, true)
        }
    }

    /// A job with `outputs` records each named output (in order, each with its own copies),
    /// reads them back wherever a job is read, expires and deletes them all with the job.
    func testNamedOutputsAreRecordedReadExpiredAndDeleted() throws {
        try onBothStores {
            let s = try store()
            func output(_ name: String, _ ext: String, copies: [String]) -> JobOutput {
                JobOutput(path: dir + "/j_\(name).\(ext)", bytes: Int64(name.count), duration: "3/2", sha256: "sha-" + name,
                          contentType: ext == "jpg" ? "image/jpeg" : "video/mp4", copiedFrames: 0, encodedFrames: ext == "jpg" ? 1 : 45,
                          destinations: copies.map { OutputDestination(url: $0, profile: nil) }, firstSegmentSeconds: nil, name: name)
            }
            let outputs = [output("web", "mp4", copies: ["s3://bk/a/web.mp4", "s3://bk/b/web.mp4"]), output("poster", "jpg", copies: []),
                           output("small", "mp4", copies: ["s3://bk/a/small.mp4"])]
            let j = try created(try s.submit(spec: "{}", bodyHash: "1", idempotencyKey: nil))
            _ = try s.claim(owner: "A")
            XCTAssertTrue(try s.complete(j.id, owner: "A", outputs: outputs, patience: 1))
            let back = try XCTUnwrap(try s.job(j.id))
            XCTAssertEqual(back.status, .succeeded)
            XCTAssertNil(back.output, "a job with outputs has no one output")
            XCTAssertEqual(back.outputs.map(\.name), ["web", "poster", "small"])
            XCTAssertEqual(back.outputs.map(\.path), outputs.map(\.path))
            XCTAssertEqual(back.outputs.map(\.encodedFrames), [45, 1, 45])
            XCTAssertEqual(back.outputs.map(\.sha256), ["sha-web", "sha-poster", "sha-small"])
            XCTAssertEqual(back.outputs.map { $0.destinations.map(\.url) }, [["s3://bk/a/web.mp4", "s3://bk/b/web.mp4"], [], ["s3://bk/a/small.mp4"]])
            XCTAssertEqual(back.allOutputs.count, 3)
            XCTAssertEqual(try s.list(status: .succeeded, limit: 10, cursor: nil).jobs.first?.outputs, back.outputs, "a list reads them too")
            // Every copy is claimed once, naming the output it copies, numbered across the job.
            let claimed = try s.claimDestinations(by: "d", limit: 10, leaseMillis: 60_000)
            XCTAssertEqual(claimed.map(\.index), [0, 1, 2])
            XCTAssertEqual(claimed.map(\.outputName), ["web", "web", "small"])
            for c in claimed { try s.recordDestination(jobID: j.id, index: c.index, claimer: "d", .delivered(etag: "e")) }
            XCTAssertEqual(try s.job(j.id)?.outputs.map { $0.destinations.map(\.status) }, [[.delivered, .delivered], [], [.delivered]])
            // Retention takes them all; deleting takes what is left (nothing once expired).
            clock.advance(seconds: 5)
            XCTAssertEqual(Set(try s.expireOutputs(finishedBefore: clock.now)), Set(outputs.map(\.path)))
            XCTAssertEqual(try s.job(j.id)?.outputs.map(\.expired), [true, true, true])
            XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), [])
            XCTAssertEqual(try s.deleteJob(j.id, keyID: nil), .deleted(outputs: [], wasRunning: false))

            let k = try created(try s.submit(spec: "{}", bodyHash: "2", idempotencyKey: nil))
            _ = try s.claim(owner: "A")
            XCTAssertTrue(try s.complete(k.id, owner: "A", outputs: Array(outputs.prefix(2)).map { var o = $0; o.destinations = []; return o }))
            XCTAssertEqual(try s.deleteJob(k.id, keyID: nil), .deleted(outputs: Array(outputs.prefix(2)).map(\.path), wasRunning: false))
            XCTAssertNil(try s.job(k.id))
        }
    }

    func testTwoStoresOnOneFileNeverClaimTheSameJob() throws {
        try onBothStores {
            let a = try store(), b = try store()
            for i in 0..<20 { _ = try a.submit(spec: "{}", bodyHash: "\(i)", idempotencyKey: nil) }
            let collected = Collected<String>()
            DispatchQueue.concurrentPerform(iterations: 4) { k in
                let s = k % 2 == 0 ? a : b
                while let j = try? s.claim(owner: "w\(k)") { collected.append(j.id) }
            }
            let claimed = collected.all
            XCTAssertEqual(claimed.count, 20)
            XCTAssertEqual(Set(claimed).count, 20)
        }
    }
}
