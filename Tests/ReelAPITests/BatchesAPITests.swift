import Foundation
import TestSupport
import XCTest

/// `POST /v1/batches` and the batch resource (docs/API.md (batches)): a thousand template rows judged
/// together (every problem at its row, nothing created), then created together in row order;
/// followed, cancelled and deleted as one; idempotent; listed by batch.
final class BatchesAPITests: XCTestCase {
    static let template = ##"""
    { "name": "Greeting", "spec": { "version": 1, "output": { "width": 160, "height": 90, "frameRate": 10, "video": { "preset": "ultrafast" } },
      "timeline": { "videos": [ { "color": "{{colour}}", "duration": "{{seconds}}" } ],
                    "overlays": [ { "type": "text", "text": "Hello {{name}}", "start": 0 } ] } } }
    """##

    func rows(_ count: Int, seconds: Int = 1, bad: Int? = nil) -> String {
        (0..<count).map { i in
            let colour = i == bad ? "teal-ish" : String(format: "#%02X%02X%02X", i % 256, (i / 256) % 256, 128)
            return ##"{ "colour": "\##(colour)", "seconds": \##(seconds), "name": "customer \##(i)" }"##
        }.joined(separator: ", ")
    }

    func testAThousandRowsAreJudgedTogetherThenCreatedTogetherInRowOrder() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let created = try c.json("POST", "/v1/templates", Self.template)
        let template = try XCTUnwrap(created.json["id"] as? String, created.text)

        let bad = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ \##(rows(1000, bad: 617)) ] }"##)
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertEqual((bad.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String },
                       ["/rows/617/timeline/videos/0/color"], bad.text)
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "nothing was created")

        let good = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ \##(rows(1000)) ] }"##,
                              headers: [("Idempotency-Key", "campaign-7")])
        XCTAssertEqual(good.status, 202, good.text)
        let id = try XCTUnwrap(good.json["id"] as? String)
        XCTAssertTrue(id.hasPrefix("bat_"))
        XCTAssertEqual(good.header("Location"), "/v1/batches/\(id)")
        let jobs = try XCTUnwrap(good.json["jobs"] as? [String])
        XCTAssertEqual(jobs.count, 1000)
        XCTAssertEqual(Set(jobs).count, 1000)
        // Row N made job N: its spec carries row N's values.
        for n in [0, 617, 999] {
            let job = try c.request("GET", "/v1/jobs/\(jobs[n])").json
            XCTAssertEqual(job["batch"] as? String, id)
            XCTAssertEqual(job["template"] as? String, template)
            let text = (((job["spec"] as? [String: Any])?["timeline"] as? [String: Any])?["overlays"] as? [[String: Any]])?.first?["text"] as? String
            XCTAssertEqual(text, "Hello customer \(n)")
        }
        let again = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ \##(rows(1000)) ] }"##,
                               headers: [("Idempotency-Key", "campaign-7")])
        XCTAssertEqual(again.json["id"] as? String, id, "the same request again: the same batch")
        XCTAssertEqual(again.json["jobs"] as? [String], jobs)
        let changed = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ \##(rows(2)) ] }"##,
                                 headers: [("Idempotency-Key", "campaign-7")])
        XCTAssertEqual(changed.json["type"] as? String, "urn:reel:problem:idempotency-key-reused", changed.text)

        let batch = try c.request("GET", "/v1/batches/\(id)").json
        let counts = try XCTUnwrap(batch["counts"] as? [String: Int])
        XCTAssertEqual(counts.values.reduce(0, +), 1000, "\(counts)")
        XCTAssertEqual(batch["jobs"] as? [String], jobs)
        let page = try c.request("GET", "/v1/jobs?batch=\(id)&limit=100").json
        XCTAssertEqual((page["jobs"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, Array(jobs.suffix(100).reversed()), "newest first")
        XCTAssertEqual(try c.request("GET", "/v1/jobs?batch=nope").status, 422)

        // The queue per key in /metrics (no keys here: "none"), between the batch's queued counts read
        // before and after it (the worker takes jobs meanwhile; the queue only shrinks).
        let queuedBefore = try XCTUnwrap((try c.request("GET", "/v1/batches/\(id)").json["counts"] as? [String: Int])?["queued"])
        let metrics = try c.request("GET", "/metrics").text
        let queuedAfter = try XCTUnwrap((try c.request("GET", "/v1/batches/\(id)").json["counts"] as? [String: Int])?["queued"])
        let line = try XCTUnwrap(metrics.split(separator: "\n").first { $0.hasPrefix("reel_queued_jobs_by_project{project=\"none\"} ") }, metrics)
        let reported = try XCTUnwrap(Int(line.split(separator: " ").last ?? ""), String(line))
        XCTAssertTrue((queuedAfter...queuedBefore).contains(reported), "\(queuedAfter) ≤ \(reported) ≤ \(queuedBefore)")
        XCTAssertGreaterThan(queuedAfter, 500, "most of the batch still waits")
        XCTAssertTrue(metrics.contains("reel_queued_jobs_by_project{project=\"other\"} 0\n"), metrics)

        XCTAssertEqual(try c.request("DELETE", "/v1/batches/\(id)").status, 204)
        XCTAssertEqual(try c.request("GET", "/v1/batches/\(id)").status, 404)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(jobs[0])").status, 404, "its jobs went with it")
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0)
    }

    func testABatchIsFollowedAndCancelledAsOne() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let long = ServiceFixture.longSpec()
        let r = try c.json("POST", "/v1/batches", ##"{ "jobs": [ \##(long), \##(long), \##(long) ] }"##)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertEqual(r.json["status"] as? String, "queued")
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.05) {
            (try? c.request("GET", "/v1/batches/\(id)").json["status"] as? String) == "running"
        })
        let cancel = try c.request("POST", "/v1/batches/\(id)/cancel")
        XCTAssertEqual(cancel.status, 202, cancel.text)
        var batch: [String: Any] = [:]
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.05) {
            batch = (try? c.request("GET", "/v1/batches/\(id)").json) ?? [:]
            return batch["status"] as? String == "finished"
        }, "\(batch)")
        XCTAssertEqual(batch["counts"] as? [String: Int], ["queued": 0, "running": 0, "succeeded": 0, "failed": 0, "canceled": 3])
        XCTAssertEqual(batch["progress"] as? Double, 1)
        XCTAssertTrue(batch["eta"] is NSNull)

        // Problems name their job; a batch's size is bounded.
        let mixed = try c.json("POST", "/v1/batches", ##"{ "jobs": [ \##(long), { "version": 1, "timeline": { "videos": [] } } ], "extra": 1 }"##)
        XCTAssertEqual(mixed.status, 422, mixed.text)
        let pointers = (mixed.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String } ?? []
        XCTAssertTrue(pointers.contains("/extra"), mixed.text)
        let small = try ServiceFixture(env: ["REEL_BATCH_JOBS": "2"])
        let over = try small.client().json("POST", "/v1/batches", ##"{ "jobs": [ \##(long), \##(long), \##(long) ] }"##)
        XCTAssertEqual((over.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/jobs", over.text)
        XCTAssertTrue(over.text.contains("limits.batchJobs"), over.text)
        // A missing template is one problem, not one a row; a batch larger than the queue may hold is a 422, not a 429 to retry.
        let noTemplate = try c.json("POST", "/v1/batches", ##"{ "template": "tpl_01J9ZQ6C1D2E3F4G5H6J7K8M9N", "rows": [ {}, {}, {} ] }"##)
        XCTAssertEqual((noTemplate.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }, ["/template"], noTemplate.text)
        let tight = try ServiceFixture(env: ["REEL_QUEUED_JOBS_PER_KEY": "2"])
        let tooBig = try tight.client().json("POST", "/v1/batches", ##"{ "jobs": [ \##(long), \##(long), \##(long) ] }"##)
        XCTAssertEqual(tooBig.status, 422, tooBig.text)
        XCTAssertTrue(tooBig.text.contains("limits.queuedJobsPerKey"), tooBig.text)
    }

    func testABatchsWebhookIsToldOnceWhenEveryJobHasEnded() throws {
        let secret = "whsec-0123456789abcdef"
        let f = try ServiceFixture(env: ["REEL_WEBHOOK_SECRET": secret, "REEL_ALLOWED_HOSTS": "127.0.0.1"])
        let c = try f.client()
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let quick = ##"{ "version": 1, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##
        let bad = ##"{ "version": 1, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] }, "webhook": { "url": "http://169.254.169.254/x" } }"##
        let r = try c.json("POST", "/v1/batches", ##"{ "jobs": [ \##(quick), \##(quick), \##(quick) ], "webhook": { "url": "\##(receiver.url("/batch"))" } }"##)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        let got = receiver.wait { $0.contains { $0.path == "/batch" } }.filter { $0.path == "/batch" }
        XCTAssertEqual(got.count, 1, "\(got.map(\.json))")
        let event = try XCTUnwrap(got.first)
        XCTAssertEqual(event.header("Reel-Event"), "batch")
        XCTAssertEqual(event.json["id"] as? String, id)
        XCTAssertEqual(event.json["status"] as? String, "finished")
        XCTAssertEqual(event.json["counts"] as? [String: Int], ["queued": 0, "running": 0, "succeeded": 3, "failed": 0, "canceled": 0])
        // Signed as a job's events are.
        let signature = try XCTUnwrap(event.header("Reel-Signature"))
        XCTAssertTrue(signature.hasPrefix("t=") && signature.contains(",v1="), signature)
        // No second one, whatever happens after: a new job's end in another batch does not repeat it.
        _ = try f.succeeded(quick)
        XCTAssertEqual(receiver.received.filter { $0.path == "/batch" }.count, 1)
        // A webhook the server may not reach is a problem at its pointer.
        let refused = try c.json("POST", "/v1/batches", ##"{ "jobs": [ \##(quick) ], "webhook": { "url": "http://169.254.169.254/x" } }"##)
        XCTAssertEqual((refused.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/webhook/url", refused.text)
        let inJob = try c.json("POST", "/v1/batches", ##"{ "jobs": [ \##(quick), \##(bad) ] }"##)
        XCTAssertEqual((inJob.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/jobs/1/webhook/url", inJob.text)
    }

    func testAPriorityOrdersAKeysJobs() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        // The worker is busy with the first; the three after it wait and are taken by priority.
        let busy = try f.submit(ServiceFixture.longSpec())
        _ = try f.waitForJob(busy) { $0["status"] as? String == "running" }
        let spec = { (p: String) in ##"{ "version": 1, "priority": "\##(p)", "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"## }
        let low = try f.submit(spec("low")), normal = try f.submit(spec("normal")), high = try f.submit(spec("high"))
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(high)").json["priority"] as? String, "high")
        XCTAssertEqual(try c.json("POST", "/v1/validate", spec("urgent")).json["valid"] as? Bool, false)
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(busy)/cancel").status, 202)
        var started: [String: String] = [:]
        for id in [low, normal, high] {
            started[id] = try f.waitForJob(id) { $0["status"] as? String == "succeeded" }["startedAt"] as? String
        }
        XCTAssertLessThan(started[high]!, started[normal]!)
        XCTAssertLessThan(started[normal]!, started[low]!)
    }
}
