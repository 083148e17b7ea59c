import Foundation
@testable import ReelAPI
@testable import ReelServer
import TestSupport
import XCTest

/// `GET /v1/jobs/{id}/events` and `GET /v1/events` (docs/API.md (watching jobs)), read by a parser written from
/// the SSE standard (`EventStreamClient`): the events in the order of the job's changes, ids that
/// resume, the end after the last change, heartbeats, keys that see only their own jobs, and
/// thousands of idle streams held open without a thread each.
final class EventsAPITests: XCTestCase {
    static func quick(_ color: String = "#FF0000") -> String {
        ##"{ "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10 }, "timeline": { "videos": [ { "color": "\##(color)", "duration": 1 } ] } }"##
    }

    static func status(_ e: EventStreamClient.Event) -> String { e.json["status"] as? String ?? "" }
    func testAJobsStreamFollowsItsProgressAndEndsAfterItsLastChange() throws {
        let f = try ServiceFixture()
        let id = try f.submit(ServiceFixture.longSpec())
        let s = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events")
        XCTAssertTrue(try s.readHead())
        XCTAssertEqual(s.status, 200)
        XCTAssertEqual(s.header("Content-Type"), "text/event-stream")
        XCTAssertEqual(s.header("Cache-Control"), "no-store")
        let first = try XCTUnwrap(try s.next())
        XCTAssertEqual(first.name, "job")
        XCTAssertEqual(first.json["id"] as? String, id)
        XCTAssertTrue(["queued", "running"].contains(Self.status(first)), first.data)
        XCTAssertNil(first.json["spec"], "events carry the job as a list shows it, without its spec")
        XCTAssertEqual(s.retry, APIHandler.eventRetryMilliseconds)
        // Progress steps while it renders (a beat is 250 ms), rising.
        var seen = [first] + (try s.events(seconds: 60) { e in (e.json["progress"] as? Double ?? 0) > 0 })
        seen += try (0..<3).compactMap { _ in try s.next() }
        let progress = seen.filter { Self.status($0) == "running" }.compactMap { $0.json["progress"] as? Double }
        XCTAssertGreaterThanOrEqual(progress.filter { $0 > 0 }.count, 3, "\(progress)")
        XCTAssertEqual(progress, progress.sorted(), "progress only rises")
        XCTAssertEqual(try f.client().request("POST", "/v1/jobs/\(id)/cancel").status, 202)
        seen += try s.events(seconds: 60) { Self.status($0) == "canceled" }
        XCTAssertEqual(Self.status(try XCTUnwrap(seen.last)), "canceled")
        XCTAssertTrue(try s.waitForEnd(), "the stream ends after the job's last change")
        let ids = EventStreamClient.ids(seen)
        XCTAssertEqual(ids.count, seen.count, "every event has an id")
        XCTAssertEqual(ids, ids.sorted(), "ids rise with the changes")
        XCTAssertEqual(Set(ids).count, ids.count, "no change twice")
        XCTAssertEqual(Set(seen.map(Self.status)).subtracting(["queued", "running", "canceled"]), [])
    }

    func testAJobsStreamResumesAfterItsLastEventID() throws {
        let f = try ServiceFixture()
        let id = try f.submit(Self.quick())
        let s = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events")
        let events = try s.events { Self.status($0) == "succeeded" }
        XCTAssertTrue(try s.waitForEnd())
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(Self.status(last), "succeeded", "\(events.map(\.data))")
        XCTAssertEqual((last.json["output"] as? [String: Any])?["url"] as? String, "/v1/jobs/\(id)/output")

        // Resumed after the last event: nothing new, and the job can change no more.
        let done = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events", lastEventID: last.id)
        XCTAssertTrue(try done.waitForEnd())
        XCTAssertNil(try done.next(seconds: 0.5))
        // Resumed after the first: the job as it is now, once.
        let behind = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events", lastEventID: events.first?.id)
        let caughtUp = try XCTUnwrap(try behind.next())
        XCTAssertEqual(caughtUp, last)
        XCTAssertTrue(try behind.waitForEnd())
        // An id the server never gave is a fresh start.
        let odd = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events", lastEventID: "yesterday")
        XCTAssertEqual(try odd.next(), last)
    }

    func testTheKeysStreamResumesAndShowsOnlyTheKeysJobs() throws {
        let alpha = "alpha-key-0123456789abcdef", beta = "beta-key-0123456789abcdef"
        let f = try ServiceFixture(keys: [alpha, beta])
        let live = try EventStreamClient(port: f.port, path: "/v1/events", key: alpha)
        XCTAssertTrue(try live.readHead())
        XCTAssertEqual(live.status, 200)
        let a1 = try f.submit(Self.quick(), key: alpha)
        let firstRun = try live.events { $0.json["id"] as? String == a1 && Self.status($0) == "succeeded" }
        XCTAssertEqual(Set(firstRun.compactMap { $0.json["id"] as? String }), [a1], "\(firstRun.map(\.data))")
        XCTAssertEqual(Set(EventStreamClient.ids(firstRun)).count, firstRun.count, "no change twice: \(firstRun.map(\.data))")
        let lastSeen = try XCTUnwrap(firstRun.last?.id)

        // While no stream is open: one more job of alpha, one of beta.
        let a2 = try f.submit(Self.quick("#00FF00"), key: alpha)
        let b1 = try f.submit(Self.quick("#0000FF"), key: beta)
        for (job, key) in [(a2, alpha), (b1, beta)] {
            _ = try f.waitForJob(job, key: key) { $0["status"] as? String == "succeeded" }
        }
        let resumed = try EventStreamClient(port: f.port, path: "/v1/events", key: alpha, lastEventID: lastSeen)
        let missed = try resumed.events { $0.json["id"] as? String == a2 }
        XCTAssertEqual(missed.compactMap { $0.json["id"] as? String }, [a2], "what changed since, once, as it is now")
        XCTAssertEqual(Self.status(try XCTUnwrap(missed.last)), "succeeded")
        XCTAssertGreaterThan(Int64(missed.last?.id ?? "") ?? 0, Int64(lastSeen) ?? .max)

        // Beta, from the very start, sees its one job and nothing of alpha's.
        let betaStream = try EventStreamClient(port: f.port, path: "/v1/events", key: beta, lastEventID: "0")
        let betas = try betaStream.events { $0.json["id"] as? String == b1 }
        XCTAssertEqual(betas.compactMap { $0.json["id"] as? String }, [b1])
        XCTAssertEqual(try f.client(key: beta).request("GET", "/v1/jobs/\(a1)/events").status, 404, "another key's job is not there")
        XCTAssertEqual(try TestClient(port: f.port).request("GET", "/v1/events").status, 401)
    }

    func testAQuietStreamSendsHeartbeats() throws {
        let f = try ServiceFixture(env: ["REEL_EVENT_HEARTBEAT_SECONDS": "0.2"])
        let s = try EventStreamClient(port: f.port, path: "/v1/events")
        XCTAssertTrue(try Poll.until(seconds: 30, every: 0) {
            _ = try s.next(seconds: 0.05)
            return s.comments.filter { $0 == "heartbeat" }.count >= 3
        }, "\(s.comments)")
        // Still a live stream after them.
        let id = try f.submit(Self.quick())
        XCTAssertEqual(try s.next()?.json["id"] as? String, id)
    }

    func testADeletedJobsStreamEnds() throws {
        let f = try ServiceFixture()
        let id = try f.submit(ServiceFixture.longSpec())
        let s = try EventStreamClient(port: f.port, path: "/v1/jobs/\(id)/events")
        XCTAssertNotNil(try s.next())
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
        let rest = try s.events { $0.name == "deleted" }
        XCTAssertEqual(rest.last?.name, "deleted", "\(rest.map(\.data))")
        XCTAssertEqual(rest.last?.json["id"] as? String, id)
        XCTAssertTrue(try s.waitForEnd())
    }

    /// The threads and memory of 2,000 open streams, measured in this process (which runs the
    /// server): no thread more than one stream costs, and a few KiB each.
    func testTwoThousandIdleStreamsCostNoThreadsAndLittleMemory() throws {
        FileLimit.raise(to: 8192)  // 2,000 sockets on each side, in this one process
        let f = try ServiceFixture()
        let hub = f.service.handler.events
        var streams = [try EventStreamClient(port: f.port, path: "/v1/events")]
        XCTAssertTrue(Poll.until(seconds: 30) { hub.streamCount == 1 })
        let threadsBefore = try Self.procStatus("Threads")
        let rssBefore = try Self.procStatus("VmRSS")
        for _ in 1..<2000 { streams.append(try EventStreamClient(port: f.port, path: "/v1/events")) }
        XCTAssertTrue(Poll.until(seconds: 120) { hub.streamCount == 2000 }, "\(hub.streamCount) streams")
        let threadsAfter = try Self.procStatus("Threads")
        let rssAfter = try Self.procStatus("VmRSS")
        let perStream = Double(rssAfter - rssBefore) * 1024 / 1999
        print("2000 idle event streams: threads \(threadsBefore) → \(threadsAfter); VmRSS \(rssBefore) → \(rssAfter) KiB, \(Int(perStream)) bytes a stream (client and server sides)")
        // The whole test process's threads: others' (libdispatch's idle workers, a previous
        // test's stragglers) may come and go meanwhile, so a few either way; a thread a stream
        // would be 1,999 more.
        XCTAssertLessThanOrEqual(threadsAfter, threadsBefore + 8, "an idle stream holds no thread")
        XCTAssertLessThan(perStream, 48 * 1024, "an idle stream costs a few KiB")

        // Every one of them hears the next change.
        let id = try f.submit(Self.quick())
        for (i, s) in streams.enumerated() {
            XCTAssertEqual(try s.next()?.json["id"] as? String, id, "stream \(i)")
        }
        streams = []
        XCTAssertTrue(Poll.until(seconds: 60) { hub.streamCount == 0 }, "closed streams leave the hub: \(hub.streamCount)")
    }

    /// A number (kB) from /proc/self/status.
    static func procStatus(_ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try XCTUnwrap(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }.first, String(line))
    }
}
