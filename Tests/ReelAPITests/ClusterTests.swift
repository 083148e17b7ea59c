import Foundation
import StoreFixtures
import TestSupport
import XCTest

/// Several `reel serve` processes sharing one PostgreSQL database and one data folder, as nodes of
/// a cluster: work submitted through any node is rendered once by some node; a node killed
/// mid-render loses its job to another; idempotent submits racing on two nodes make one job; a
/// PostgreSQL restart mid-render loses nothing. Renders are tiny except where a render must still
/// be running when something happens to it.
final class ClusterTests: XCTestCase {
    var root = ""
    var database = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reel-cluster-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        database = try TestPostgres.shared().createDatabase()
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// A node on the shared database and folder (`root/data`, `root/media`).
    func node(leaseSeconds: Int = 30) throws -> ServerProcess {
        try ServerProcess(root: root, env: ["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "\(leaseSeconds)"])
    }

    static func tiny(_ color: String) -> String {
        ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "\##(color)", "duration": 1 } ] } }"##
    }

    /// A render that takes several seconds here (30 fps), so things can happen while it runs.
    static func long(seconds: Int) -> String {
        ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#336699", "duration": \##(seconds) } ] } }"##
    }

    /// The job as `port` shows it, polled (each time on a new connection, so a node answering
    /// 503 while PostgreSQL is away does not end the poll) until `until` holds or `seconds` pass.
    func poll(_ port: Int, _ id: String, seconds: Double, until: ([String: Any]) -> Bool) -> [String: Any] {
        var job: [String: Any] = [:]
        Poll.until(seconds: seconds, every: 0.1) {
            guard let c = try? TestClient(port: port), let r = try? c.request("GET", "/v1/jobs/\(id)"), r.status == 200 else { return false }
            job = r.json
            return until(job)
        }
        return job
    }

    static func finished(_ j: [String: Any]) -> Bool { ["succeeded", "failed", "canceled"].contains(j["status"] as? String ?? "") }

    /// Frames of the file's video stream, counted by ffprobe decoding it.
    func frames(_ file: String) throws -> Int {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames",
                           "-of", "csv=p=0", file]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Log lines of all nodes saying `message` about job `id`.
    func lines(_ nodes: [ServerProcess], _ message: String, _ id: String) -> [String] {
        nodes.flatMap(\.logLines).filter { $0.contains("\"\(message)\"") && $0.contains(id) }
    }

    func testJobsThroughThreeNodesSucceedOnceAndRacingIdempotentSubmitsMakeOneJob() throws {
        let nodes = [try node(), try node(), try node()]
        defer { nodes.forEach { $0.terminate() } }
        var ids: [String] = []
        for i in 0..<9 {
            let r = try TestClient(port: nodes[i % 3].port).json("POST", "/v1/jobs", Self.tiny(String(format: "#%02X0000", i * 20)))
            XCTAssertEqual(r.status, 202, r.text)
            ids.append(try XCTUnwrap(r.json["id"] as? String))
        }
        // The same Idempotency-Key through two nodes at once.
        let answers = Collected<Answer>()
        let ports = nodes.map(\.port)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let r = try? TestClient(port: ports[i % 2]).json("POST", "/v1/jobs", Self.tiny("#00FF00"),
                                                             headers: [("Idempotency-Key", "cluster-race")])
            answers.append(Answer(status: r?.status ?? 0, id: r?.json["id"] as? String))
        }
        let raced = answers.all.map { ($0.status, $0.id) }
        XCTAssertEqual(raced.map(\.0), Array(repeating: 202, count: 8), "each submit answered with the job: \(raced)")
        let racedIDs = Set(raced.compactMap(\.1))
        XCTAssertEqual(racedIDs.count, 1, "one job for all of them: \(raced)")
        ids += racedIDs

        for (i, id) in ids.enumerated() {
            let job = poll(nodes[(i + 1) % 3].port, id, seconds: 120, until: Self.finished)  // read through another node
            XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
            XCTAssertEqual(job["attempts"] as? Int, 1, "\(job)")
            XCTAssertEqual(try frames(root + "/data/outputs/\(id)-1.mp4"), 10, id)
            XCTAssertEqual(lines(nodes, "job running", id).count, 1, "rendered exactly once: \(id)")
            XCTAssertEqual(lines(nodes, "job succeeded", id).count, 1, "recorded exactly once: \(id)")
        }
        let workers = nodes.filter { n in ids.contains { !lines([n], "job succeeded", $0).isEmpty } }
        XCTAssertGreaterThan(workers.count, 1, "the nodes shared the work")
        let list = try TestClient(port: nodes[2].port).request("GET", "/v1/jobs?limit=100").json
        XCTAssertEqual((list["jobs"] as? [Any])?.count, 10, "\(list)")
    }

    /// Every node's events stream hears every node's changes (LISTEN/NOTIFY), and resumes from
    /// the shared order of changes.
    func testEventsStreamsHearTheChangesOfEveryNode() throws {
        let nodes = [try node(), try node()]
        defer { nodes.forEach { $0.terminate() } }
        let watching = try EventStreamClient(port: nodes[0].port, path: "/v1/events")
        XCTAssertTrue(try watching.readHead())
        var ids: [String] = []
        for i in 0..<4 {
            let r = try TestClient(port: nodes[1].port).json("POST", "/v1/jobs", Self.tiny(String(format: "#00%02X00", i * 40)))
            ids.append(try XCTUnwrap(r.json["id"] as? String, r.text))
        }
        var succeeded = Set<String>()
        let events = try watching.events(seconds: 120) { e in
            if e.json["status"] as? String == "succeeded", let id = e.json["id"] as? String { succeeded.insert(id) }
            return succeeded.count == ids.count
        }
        XCTAssertEqual(succeeded, Set(ids), "jobs submitted through the other node, seen end to end: \(events.map(\.data))")
        let renderedThere = ids.filter { !lines([nodes[1]], "job succeeded", $0).isEmpty }
        print("events stream on node 0: \(events.count) events; \(renderedThere.count) of \(ids.count) jobs rendered on node 1")
        // From the start of the order, through the other node: each job once, as it is now.
        let replay = try EventStreamClient(port: nodes[1].port, path: "/v1/events", lastEventID: "0")
        var replayedIDs = Set<String>()
        let replayed = try replay.events(seconds: 60) { e in
            replayedIDs.insert(e.json["id"] as? String ?? "")
            return replayedIDs.count == ids.count
        }
        XCTAssertEqual(replayed.count, ids.count, "each once, in the order of their last change: \(replayed.map(\.data))")
        XCTAssertEqual(replayedIDs, Set(ids))
        XCTAssertEqual(EventStreamClient.ids(replayed), EventStreamClient.ids(replayed).sorted())
        XCTAssertEqual(Set(replayed.compactMap { $0.json["status"] as? String }), ["succeeded"])
    }

    func testAKilledNodesJobIsTakenOverByAnotherNode() throws {
        let first = try node(leaseSeconds: 1)
        let r = try TestClient(port: first.port).json("POST", "/v1/jobs", Self.long(seconds: 20))
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        let before = poll(first.port, id, seconds: 120) { ($0["progress"] as? Double ?? 0) >= 0.05 }
        let second = try node(leaseSeconds: 1)
        defer { second.terminate() }
        first.kill9()
        // The kill came mid-render: the order the rest of the test depends on.
        XCTAssertEqual(before["status"] as? String, "running", "\(before)")
        XCTAssertLessThan(before["progress"] as? Double ?? 1, 1, "\(before)")

        let job = poll(second.port, id, seconds: 300, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 2, "the second attempt, on the surviving node")
        XCTAssertEqual(lines([second], "job succeeded", id).count, 1)
        XCTAssertEqual(try frames(root + "/data/outputs/\(id)-2.mp4"), 600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/data/outputs").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "the killed attempt's partial file was removed by the one that replaced it")
    }

    func testAPostgreSQLRestartMidRenderLosesNothing() throws {
        let pg = try TestPostgres.shared()
        let n = try node(leaseSeconds: 30)
        defer { n.terminate() }
        let r = try TestClient(port: n.port).json("POST", "/v1/jobs", Self.long(seconds: 30))
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        let before = poll(n.port, id, seconds: 120) { ($0["progress"] as? Double ?? 0) >= 0.05 }
        try pg.stop()
        defer { try? pg.start() }  // for the tests after this one, should the start below not happen
        // While the store is away the node says so: 503s with Retry-After, and /readyz names why.
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.05) { (try? TestClient(port: n.port).request("GET", "/v1/jobs/\(id)"))?.status == 503 },
                      "the node notices the store is gone")
        let read = try TestClient(port: n.port).request("GET", "/v1/jobs/\(id)")
        XCTAssertEqual(read.status, 503, read.text)
        XCTAssertEqual(read.json["type"] as? String, "urn:reel:problem:store-unavailable", read.text)
        XCTAssertNotNil(read.header("Retry-After"))
        let submit = try TestClient(port: n.port).json("POST", "/v1/jobs", Self.tiny("#000000"))
        XCTAssertEqual(submit.status, 503, submit.text)
        let ready = try TestClient(port: n.port).request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503, ready.text)
        XCTAssertEqual(ready.json["store"] as? String, "unreachable", ready.text)
        // The outage lasts until the render has met it: a lease renewal failed.
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.05) { n.logLines.contains { $0.contains("lease renewal failed") } },
                      "the render was running during the outage")
        try pg.start()
        XCTAssertEqual(before["status"] as? String, "running", "\(before)")

        let job = poll(n.port, id, seconds: 300, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 1, "the in-flight render was not lost")
        XCTAssertTrue(n.logLines.contains { $0.contains("lease renewal works again") }, "and renewed its lease after it")
        XCTAssertEqual(try frames(root + "/data/outputs/\(id)-1.mp4"), 900)
        // New work still flows: the pool and the listener reconnected.
        let next = try TestClient(port: n.port).json("POST", "/v1/jobs", Self.tiny("#FFFFFF"))
        XCTAssertEqual(next.status, 202, next.text)
        let after = poll(n.port, try XCTUnwrap(next.json["id"] as? String), seconds: 120, until: Self.finished)
        XCTAssertEqual(after["status"] as? String, "succeeded", "\(after)")
    }

    /// A PostgreSQL restart while a chunked job renders costs it nothing: the chunk that finishes
    /// during the outage waits for the store to record its end (`PatientWrite`) instead of ending
    /// the attempt, so the job succeeds in its first attempt with every chunk rendered once.
    func testAPostgreSQLRestartDuringAChunkedRenderCostsNoAttempt() throws {
        let pg = try TestPostgres.shared()
        let n = try ServerProcess(root: root, env: ["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "30", "REEL_CHUNK_SECONDS": "2"])
        defer { n.terminate() }
        let spec = ##"{ "version": 1, "output": { "width": 1280, "height": 720, "frameRate": 30, "video": { "preset": "medium", "keyframeInterval": 1 } }, "timeline": { "videos": [ { "color": "#336699", "duration": 6 }, { "color": "#993366", "duration": 6 } ] } }"##
        let r = try TestClient(port: n.port).json("POST", "/v1/jobs", spec)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertTrue(Poll.until(seconds: 120, every: 0.05) { !self.lines([n], "chunk running", id).isEmpty }, "a chunk is rendering")
        try pg.stop()
        defer { try? pg.start() }  // for the tests after this one, should the start below not happen
        // A chunk finishes while the store is away, and its end waits for it.
        let waited = Poll.until(seconds: 60, every: 0.05) {
            n.logLines.contains { $0.contains("job store write failed; retrying") && $0.contains(id) && $0.contains("\"chunk\"") }
        }
        try pg.start()
        XCTAssertTrue(waited, "a chunk's end met the outage")
        let job = poll(n.port, id, seconds: 300, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 1, "the outage cost no attempt")
        XCTAssertEqual(job["chunks"] as? Int, 6)
        XCTAssertFalse(lines([n], "job store write succeeded after retries", id).isEmpty, "the waiting write went through")
        XCTAssertTrue(lines([n], "chunk failed", id).isEmpty, "no chunk failed")
        XCTAssertEqual(try frames(root + "/data/outputs/\(id)-1.mp4"), 360)
    }

    /// A job's webhook events go out once, whichever node sends them: the outbox is claimed in the
    /// shared store. Each node polls for due deliveries; the receiver sees each event one time.
    func testWebhookEventsOfAClusterAreSentOnceByOneNode() throws {
        let secret = "whsec-cluster-0123456789abcdef"
        let env = ["REEL_DATABASE_URL": database, "REEL_WEBHOOK_SECRET": secret, "REEL_ALLOWED_HOSTS": "127.0.0.1",
                   "REEL_LEASE_SECONDS": "30"]
        let nodes = [try ServerProcess(root: root, env: env), try ServerProcess(root: root, env: env)]
        defer { nodes.forEach { $0.terminate() } }
        let receiver = try WebhookReceiver()
        var ids: [String] = []
        for i in 0..<4 {
            let r = try TestClient(port: nodes[i % 2].port).json("POST", "/v1/jobs", WebhookTests.spec(receiver.url(), events: #"["succeeded"]"#))
            XCTAssertEqual(r.status, 202, r.text)
            ids.append(try XCTUnwrap(r.json["id"] as? String))
        }
        for id in ids {
            let job = poll(nodes[0].port, id, seconds: 120) { j in
                ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["status"] as? String == "delivered"
            }
            let deliveries = try XCTUnwrap((job["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]], "\(job)")
            XCTAssertEqual(deliveries.count, 1, "\(deliveries)")
            XCTAssertEqual(deliveries.first?["attempts"] as? Int, 1, "\(deliveries)")
        }
        let received = receiver.wait { $0.count >= 4 }
        XCTAssertEqual(received.count, 4, "one POST per job, from whichever node claimed it")
        XCTAssertEqual(Set(received.compactMap { $0.header("Reel-Delivery") }).count, 4)
        XCTAssertTrue(received.allSatisfy { WebhookReceiver.signatureIsValid($0, secret: secret) })
    }

    /// A long job through two nodes with `REEL_CHUNK_SECONDS`: cut into chunks that the nodes'
    /// workers render (each chunk once), joined into the whole output; the job JSON says how many.
    func testAChunkedJobIsRenderedByTheNodesTogether() throws {
        let env = ["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "5", "REEL_CHUNK_SECONDS": "1"]
        let nodes = [try ServerProcess(root: root, env: env), try ServerProcess(root: root, env: env)]
        defer { nodes.forEach { $0.terminate() } }
        let spec = ##"{ "version": 1, "output": { "width": 320, "height": 180, "frameRate": 30, "video": { "keyframeInterval": 1 } }, "timeline": { "videos": [ { "color": "#336699", "duration": 3 }, { "color": "#993366", "duration": 3 } ] } }"##
        let r = try TestClient(port: nodes[0].port).json("POST", "/v1/jobs", spec)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertEqual(r.json["chunks"] as? Int, 1, "not cut before a worker plans it")
        let job = poll(nodes[1].port, id, seconds: 120, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["chunks"] as? Int, 6, "6 s in chunks of 1 s")
        XCTAssertEqual(try frames(root + "/data/outputs/\(id)-1.mp4"), 180)
        let rendered = lines(nodes, "chunk rendered", id)
        XCTAssertEqual(rendered.count, 6, "each chunk rendered once: \(rendered)")
        for i in 0..<6 {
            XCTAssertEqual(rendered.filter { $0.contains("\"chunk\":\"\(i)\"") || $0.contains("\"chunk\":\(i)") }.count, 1, "chunk \(i)")
        }
    }
}

/// One racing submit's answer.
struct Answer: Sendable {
    let status: Int
    let id: String?
}
