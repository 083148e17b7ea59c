import Foundation
@testable import ReelAPI
@testable import ReelWorker
@testable import ReelServer
import TestSupport
import XCTest

/// Webhooks through a real receiver on loopback: signatures, event order, retries with the same
/// delivery id, no redirects, private hosts only when listed, and the history on the job.
final class WebhookTests: XCTestCase {
    let secret = "whsec-test-0123456789abcdef"

    func fixture() throws -> ServiceFixture {
        try ServiceFixture(env: ["REEL_WEBHOOK_SECRET": secret, "REEL_ALLOWED_HOSTS": "127.0.0.1"])
    }

    static func spec(_ url: String, events: String, duration: String = "1", size: String = #""width": 64, "height": 64, "frameRate": 10"#) -> String {
        ##"{ "version": 1, "webhook": { "url": "\##(url)", "events": \##(events) }, "output": { \##(size) }, "timeline": { "videos": [ { "color": "#FF0000", "duration": \##(duration) } ] } }"##
    }

    func testSignedEventsArriveInOrderAndTheJobListsThem() throws {
        let f = try fixture()
        let receiver = try WebhookReceiver()
        // A short job: its last event is `succeeded`, after any progress.
        let short = try f.submit(Self.spec(receiver.url("/short"), events: #"["progress", "succeeded", "failed", "canceled"]"#))
        // A long one, canceled once its first progress event arrived.
        let long = try f.submit(Self.spec(receiver.url("/long"), events: #"["progress", "canceled"]"#, duration: "3600",
                                          size: #""width": 160, "height": 90, "video": { "preset": "ultrafast" }"#))
        receiver.wait { $0.contains { $0.path == "/long" && $0.header("Reel-Event") == "progress" } }
        XCTAssertEqual(try f.client().request("POST", "/v1/jobs/\(long)/cancel").status, 202)
        let all = receiver.wait { r in
            r.contains { $0.path == "/short" && $0.header("Reel-Event") == "succeeded" } && r.contains { $0.path == "/long" && $0.header("Reel-Event") == "canceled" }
        }
        for (path, id, last) in [("/short", short, "succeeded"), ("/long", long, "canceled")] {
            let got = all.filter { $0.path == path }
            let events = got.compactMap { $0.header("Reel-Event") }
            XCTAssertEqual(events.last, last, "\(path): \(events)")
            XCTAssertEqual(events.filter { $0 == last }.count, 1, "\(path): \(events)")
            XCTAssertTrue(events.dropLast().allSatisfy { $0 == "progress" }, "progress only before the end: \(events)")
            XCTAssertEqual(Set(got.compactMap { $0.header("Reel-Delivery") }).count, got.count, "one id per event")
            for r in got {
                XCTAssertEqual(r.method, "POST")
                XCTAssertEqual(r.header("Content-Type"), "application/json")
                XCTAssertTrue(WebhookReceiver.signatureIsValid(r, secret: secret), "signature of \(r.headers)")
                XCTAssertFalse(WebhookReceiver.signatureIsValid(r, secret: secret + "x"), "another secret does not verify")
                XCTAssertEqual(r.json["id"] as? String, id)
                XCTAssertTrue(r.header("Reel-Delivery")?.hasPrefix("dlv_") == true)
            }
            XCTAssertEqual(got.last?.json["status"] as? String, last, "the body is the job at the event")
        }
        // (Progress events at most every 5 s: WebhookOutboxTests and JobStoreTests, on the store's clock.)
        // The job lists its deliveries, delivered on the first attempt, once the last is recorded;
        // a progress event leaves the history when a later one is delivered.
        let job = try f.waitForJob(short) { j in
            (((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.last?["status"] as? String) == "delivered"
        }
        let hook = try XCTUnwrap(job["webhook"] as? [String: Any])
        XCTAssertEqual(hook["url"] as? String, receiver.url("/short"))
        let deliveries = try XCTUnwrap(hook["deliveries"] as? [[String: Any]])
        XCTAssertEqual(deliveries.last?["event"] as? String, "succeeded")
        let sent = all.filter { $0.path == "/short" }
        let kept = sent.indices.filter { i in
            sent[i].header("Reel-Event") != "progress" || !sent[(i + 1)...].contains { $0.header("Reel-Event") == "progress" }
        }
        XCTAssertEqual(deliveries.map { $0["id"] as? String }, kept.map { sent[$0].header("Reel-Delivery") })
        for d in deliveries {
            XCTAssertEqual(d["status"] as? String, "delivered", "\(d)")
            XCTAssertEqual(d["attempts"] as? Int, 1)
            XCTAssertEqual(d["lastStatus"] as? Int, 200)
        }
    }

    /// A spec's `metadata` (the caller's own context) comes back in the job's JSON and in every
    /// webhook, as given; one that is not an object, or too big, is a 422 at `/metadata`.
    func testTheSpecsMetadataIsEchoedInTheJobAndEveryWebhook() throws {
        let f = try fixture()
        let receiver = try WebhookReceiver()
        let spec = Self.spec(receiver.url("/meta"), events: #"["progress", "succeeded"]"#)
            .replacingOccurrences(of: #"{ "version": 1,"#, with: #"{ "version": 1, "metadata": { "customer": { "id": 42, "tags": ["vip", "é"] }, "campaign": "spring" },"#)
        let id = try f.submit(spec)
        let got = receiver.wait { $0.contains { $0.path == "/meta" && $0.header("Reel-Event") == "succeeded" } }.filter { $0.path == "/meta" }
        let expected: NSDictionary = ["customer": ["id": 42, "tags": ["vip", "é"]], "campaign": "spring"]
        XCTAssertFalse(got.isEmpty)
        for r in got { XCTAssertEqual(r.json["metadata"] as? NSDictionary, expected, r.header("Reel-Event") ?? "") }
        let job = try f.client().request("GET", "/v1/jobs/\(id)")
        XCTAssertEqual(job.json["metadata"] as? NSDictionary, expected)
        let listed = try f.client().request("GET", "/v1/jobs")
        XCTAssertEqual(((listed.json["jobs"] as? [[String: Any]])?.first { $0["id"] as? String == id })?["metadata"] as? NSDictionary, expected)

        let plain = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#000000", "duration": 0.5 } ] } }"##
        for (metadata, why) in [(#"[1, 2]"#, "must be an object"), (#"{ "blob": "\#(String(repeating: "x", count: 17_000))" }"#, "at most 16384")] {
            let r = try f.client().json("POST", "/v1/jobs", plain.replacingOccurrences(of: #"{ "version": 1,"#, with: #"{ "version": 1, "metadata": \#(metadata),"#))
            XCTAssertEqual(r.status, 422, r.text)
            let errors = r.json["errors"] as? [[String: Any]] ?? []
            XCTAssertEqual(errors.first?["pointer"] as? String, "/metadata", r.text)
            XCTAssertTrue((errors.first?["message"] as? String ?? "").contains(why), r.text)
        }
    }

    /// A receiver that never answers one job's URL holds one sender until the client's 10 s
    /// timeout; another job's delivery goes out meanwhile instead of waiting behind it.
    func testAHangingReceiverDoesNotHoldBackAnotherJobsDelivery() throws {
        let f = try fixture()
        let c = try f.client()
        let receiver = try WebhookReceiver { r, _ in r.path == "/hang" ? .hang : .status(200, []) }
        // The one worker renders this, so the jobs below stay queued and are canceled at once:
        // their events need no render.
        let busy = try f.submit(ServiceFixture.longSpec())
        let stuck = try f.submit(Self.spec(receiver.url("/hang"), events: #"["canceled"]"#))
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(stuck)/cancel").status, 202)
        XCTAssertTrue(receiver.wait { $0.contains { $0.path == "/hang" } }.contains { $0.path == "/hang" }, "the hanging attempt began")
        let other = try f.submit(Self.spec(receiver.url("/fast"), events: #"["canceled"]"#))
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(other)/cancel").status, 202)
        let got = receiver.wait(timeout: 30) { $0.contains { $0.path == "/fast" } }
        let hung = try XCTUnwrap(got.first { $0.path == "/hang" }), fast = try XCTUnwrap(got.first { $0.path == "/fast" }, "the other job's delivery arrived")
        // ... while the hanging attempt was still open: before the client's 10 s timeout could
        // have freed its sender (the receiver's own clock, whatever the test thread's delays).
        XCTAssertLessThan(fast.received.timeIntervalSince(hung.received), 9, "the other delivery did not wait for the hanging one")
        let d = try XCTUnwrap(((try c.request("GET", "/v1/jobs/\(stuck)").json["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["attempts"] as? Int, 1, "\(d)")
        if Date().timeIntervalSince(hung.received) < 9 {
            // Read while the hanging attempt is surely open: it has no outcome yet.
            XCTAssertEqual(d["status"] as? String, "pending", "\(d)")
            XCTAssertTrue(d["lastError"] is NSNull, "the hanging attempt had not ended: \(d)")
        }
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(busy)/cancel").status, 202)
    }

    /// Once closed (the deliverer stopping), the client sends nothing, and an exchange in flight
    /// ends at once rather than at its timeout.
    func testAClosedClientSendsNothing() throws {
        let receiver = try WebhookReceiver { r, _ in r.path == "/hang" ? .hang : .status(200, []) }
        let client = WebhookClient(allowedHosts: ["127.0.0.1"])
        XCTAssertEqual(client.post(receiver.url(), headers: [], body: Array("{}".utf8)), .status(200))
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { client.close() }
        XCTAssertEqual(client.post(receiver.url("/hang"), headers: [], body: Array("{}".utf8)), .failed(.closed))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "aborted, not timed out")
        XCTAssertEqual(client.post(receiver.url(), headers: [], body: Array("{}".utf8)), .failed(.closed))
        XCTAssertEqual(receiver.received.filter { $0.path == "/hook" }.count, 1, "nothing sent after close")
        XCTAssertEqual(WebhookClient().post(receiver.url(), headers: [], body: []),
                       .failed(.refused("is on host 127.0.0.1, which resolves to a loopback address")), "loopback unless listed")
    }

    func testA500IsRetriedWithTheSameDeliveryIdAfterAboutFiveSeconds() throws {
        let f = try fixture()  // the default schedule: first retry 5 s after the failure
        let receiver = try WebhookReceiver { _, i in i == 0 ? .status(500, []) : .status(204, []) }
        let id = try f.submit(Self.spec(receiver.url(), events: #"["succeeded"]"#))
        let first = receiver.wait { $0.count >= 1 }
        XCTAssertEqual(first.count, 1)
        let pending = try f.waitForJob(id) { j in
            ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["lastStatus"] as? Int == 500
        }
        let d0 = try XCTUnwrap(((pending["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first)
        XCTAssertEqual(d0["status"] as? String, "pending", "\(d0)")
        XCTAssertNotNil(d0["nextAttemptAt"] as? String)
        let both = receiver.wait(timeout: 20) { $0.count >= 2 }
        XCTAssertEqual(both.count, 2, "retried")
        guard both.count == 2 else { return }
        XCTAssertEqual(both[1].header("Reel-Delivery"), both[0].header("Reel-Delivery"), "the same delivery id")
        XCTAssertEqual(both[1].body, both[0].body, "the same body")
        XCTAssertTrue(WebhookReceiver.signatureIsValid(both[1], secret: secret))
        let gap = both[1].received.timeIntervalSince(both[0].received)
        XCTAssertGreaterThanOrEqual(gap, 4.5, "about 5 s later")
        XCTAssertLessThan(gap, 20, "about 5 s later (the machine may be slow)")
        let done = try f.waitForJob(id) { j in
            ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["status"] as? String == "delivered"
        }
        let d1 = try XCTUnwrap(((done["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first)
        XCTAssertEqual(d1["attempts"] as? Int, 2)
        XCTAssertEqual(d1["lastStatus"] as? Int, 204)
        // Recorded as delivered after 2 attempts: no third can have been claimed, and a delivered
        // one is never claimed again.
        XCTAssertEqual(receiver.received.count, 2, "nothing after a 2xx")
    }

    func testRedirectsAreNotFollowedAndPrivateHostsOnlyWhenListed() throws {
        let f = try fixture()
        let receiver = try WebhookReceiver { r, _ in r.path == "/moved" ? .status(302, [("Location", "/elsewhere")]) : .status(200, []) }
        let id = try f.submit(Self.spec(receiver.url("/moved"), events: #"["succeeded"]"#))
        let job = try f.waitForJob(id) { j in
            ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["attempts"] as? Int == 1
                && ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["lastAttemptAt"] is String
                && ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["lastError"] is String
        }
        let d = try XCTUnwrap(((job["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["status"] as? String, "pending", "a redirect is a failed attempt: \(d)")
        XCTAssertEqual(d["lastStatus"] as? Int, 302, "\(d)")
        // The attempt was recorded, so its exchange is over: a followed redirect would have reached
        // the receiver before that.
        XCTAssertEqual(receiver.received.map(\.path), ["/moved"], "the redirect was not followed")

        let c = try f.client()
        let otherHost = try c.json("POST", "/v1/jobs", Self.spec("http://localhost:\(receiver.port)/x", events: #"["failed"]"#))
        XCTAssertEqual(otherHost.status, 422, otherHost.text)
        XCTAssertEqual(((otherHost.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/webhook/url")
        XCTAssertTrue(otherHost.text.contains("the URL is on host localhost, which resolves to a loopback address"), otherHost.text)
        let badScheme = try c.json("POST", "/v1/jobs", Self.spec("ftp://127.0.0.1/x", events: #"["failed"]"#))
        XCTAssertEqual(((badScheme.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/webhook/url")

        let unsigned = try ServiceFixture(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        let r = try unsigned.client().json("POST", "/v1/jobs", Self.spec(receiver.url(), events: #"["failed"]"#))
        XCTAssertEqual(r.status, 422, r.text)
        XCTAssertEqual(((r.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/webhook")
        XCTAssertTrue(r.text.contains("webhookSecret"), r.text)
    }

    func testTheDefaultScheduleDoublesFromFiveSecondsForADay() {
        let s = RetrySchedule()
        XCTAssertEqual((1...5).map { s.delay(afterAttempt: $0) }, [5, 10, 20, 40, 80])
        let created: Int64 = 1_700_000_000_000
        var at = created
        var attempts = 1
        var offsets: [Int64] = []
        while let next = s.nextAttempt(afterAttempt: attempts, now: at, created: created) {
            offsets.append((next - created) / 1000)
            at = next
            attempts += 1
        }
        // Retries at 5, 15, 35, … s after the event: 5 · (2^n − 1), the last within 24 h.
        XCTAssertEqual(offsets.count, 14, "\(offsets)")
        XCTAssertEqual(offsets.first, 5)
        XCTAssertEqual(offsets.last, 5 * (16384 - 1))
        XCTAssertLessThanOrEqual(offsets.last!, 24 * 3600)
        XCTAssertGreaterThan(offsets.last! + Int64(s.delay(afterAttempt: 15)), 24 * 3600, "the next would pass the day")
        XCTAssertEqual(RetrySchedule(base: 0.5).delay(afterAttempt: 3), 2)
    }

    func testTheSignatureIsHMACSHA256OfTimeDotBody() {
        let body = Array(#"{"id":"job_1"}"#.utf8)
        let header = WebhookSignature.header(body: body, secret: Array("secret".utf8), time: 1_700_000_000)
        // python3 -c 'import hmac,hashlib;print(hmac.new(b"secret",b"1700000000.{\"id\":\"job_1\"}",hashlib.sha256).hexdigest())'
        XCTAssertEqual(header, "t=1700000000,v1=" + Self.pythonHMAC(key: "secret", message: #"1700000000.{"id":"job_1"}"#))
    }

    /// HMAC-SHA256 by Python's standard library, an implementation independent of swift-crypto.
    static func pythonHMAC(key: String, message: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import hmac,hashlib,sys;print(hmac.new(sys.argv[1].encode(),sys.argv[2].encode(),hashlib.sha256).hexdigest())",
                       key, message]
        let out = Pipe()
        p.standardOutput = out
        try? p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
