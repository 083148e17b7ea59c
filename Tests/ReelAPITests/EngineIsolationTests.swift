import Foundation
@testable import ReelServer
import TestSupport
import XCTest

/// What the API plans and previews runs in warm engine children (`EngineChildren`), never on its
/// handler threads: a child that crashes mid-request answers that request 422 and the next request
/// is served by a new child; one past `limits.previewSeconds` is killed and its request answered
/// 503 with Retry-After; requests beyond a child's queue are 503 at once; the children are
/// sandboxed like a render's.
final class EngineIsolationTests: XCTestCase {
    private static let spec = ##"{ "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#2040A0", "duration": 2 } ], "overlays": [ { "type": "shape", "shape": "ellipse", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5 }, "fill": "#FFFFFF" } ] } }"##

    private func enginePID(_ f: ServiceFixture, slot: Int) throws -> pid_t {
        var pid: pid_t?
        XCTAssertTrue(Poll.until(seconds: 30) { pid = f.service.engine.pids[slot]; return pid != nil })
        return try XCTUnwrap(pid)
    }

    /// A crash while the child judges a submit is that submit's 422, naming the signal; the server
    /// (this process) goes on and the next submit is judged by a new child, sandboxed too.
    func testAnEngineChildCrashingMidRequestIsThatRequests422AndTheNextIsServed() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        XCTAssertEqual(try c.json("POST", "/v1/validate", Self.spec).json["valid"] as? Bool, true)
        let first = try enginePID(f, slot: 0)
        let status = (try? String(contentsOfFile: "/proc/\(first)/status", encoding: .utf8)) ?? ""
        XCTAssertTrue(status.contains("NoNewPrivs:\t1") && status.contains("Seccomp:\t2"), status)
        // Stopped, the child takes the request and holds it; it crashes once it goes on.
        XCTAssertEqual(kill(first, SIGSTOP), 0)
        let answer = Collected<TestClient.Response>()
        let (port, spec) = (f.port, Self.spec)
        let asking = Thread {
            if let c = try? TestClient(port: port, key: nil), let r = try? c.json("POST", "/v1/jobs", spec) { answer.append(r) }
        }
        asking.start()
        XCTAssertTrue(Poll.until(seconds: 10) { f.service.engine.asking.contains(0) })
        XCTAssertEqual(kill(first, SIGSEGV), 0)
        XCTAssertEqual(kill(first, SIGCONT), 0)
        XCTAssertTrue(Poll.until(seconds: 30) { answer.all.count == 1 })
        let r = try XCTUnwrap(answer.all.first)
        XCTAssertEqual(r.status, 422, r.text)
        XCTAssertTrue(r.text.contains("the engine process crashed (SIGSEGV)"), r.text)
        let next = try c.json("POST", "/v1/jobs", Self.spec)
        XCTAssertEqual(next.status, 202, next.text)
        XCTAssertNotEqual(f.service.engine.pids[0], first, "a new child judged the next submit")
        XCTAssertEqual(try c.request("GET", "/healthz").status, 200)
    }

    /// A preview whose child goes past `limits.previewSeconds` (stopped: it never answers) is a 503
    /// with Retry-After; the child is killed, and the next preview is drawn by a new one.
    func testAPreviewPastItsDeadlineIs503AndTheNextIsDrawn() throws {
        let f = try ServiceFixture(env: ["REEL_LIMITS_PREVIEW_SECONDS": "1"])
        let c = try f.client()
        let body = #"{ "spec": \#(Self.spec), "time": 0.5 }"#
        let drawn = try c.json("POST", "/v1/preview", body)
        XCTAssertEqual(drawn.status, 200, drawn.text)
        var stopped: [pid_t] = []
        for (_, pid) in f.service.engine.pids where kill(pid, SIGSTOP) == 0 { stopped.append(pid) }
        let late = try c.json("POST", "/v1/preview", body)
        XCTAssertEqual(late.status, 503, late.text)
        XCTAssertEqual(late.header("Retry-After"), "5")
        XCTAssertTrue(late.text.contains("took longer than 1 s"), late.text)
        for pid in stopped { kill(pid, SIGCONT) }
        let again = try c.json("POST", "/v1/preview", body)
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertEqual(Array(again.body.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    /// Previews of one spec go to one child; beyond its queue they are refused at once with
    /// Retry-After, never dropped: every answer is a frame or a 503.
    func testPreviewsBeyondAChildsQueueAre503WithRetryAfter() throws {
        let f = try ServiceFixture(env: ["REEL_LIMITS_PREVIEW_SECONDS": "3", "REEL_HANDLER_THREADS": "16"])
        let c = try f.client()
        let body = #"{ "spec": \#(Self.spec), "time": 0.5 }"#
        XCTAssertEqual(try c.json("POST", "/v1/preview", body).status, 200)
        var stopped: [pid_t] = []
        for (_, pid) in f.service.engine.pids where kill(pid, SIGSTOP) == 0 { stopped.append(pid) }
        let answers = Collected<TestClient.Response>()
        let group = DispatchGroup()
        let port = f.port
        for _ in 0..<(2 + f.service.engine.queuePerChild + 2) {
            group.enter()
            Thread {
                defer { group.leave() }
                if let c = try? TestClient(port: port, key: nil), let r = try? c.json("POST", "/v1/preview", body) { answers.append(r) }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        for pid in stopped { kill(pid, SIGCONT) }
        let all = answers.all
        XCTAssertEqual(all.count, 2 + f.service.engine.queuePerChild + 2, "every request was answered")
        XCTAssertTrue(all.allSatisfy { $0.status == 200 || ($0.status == 503 && $0.header("Retry-After") != nil) }, "\(all.map(\.status))")
        XCTAssertTrue(all.contains { $0.status == 503 && $0.text.contains("engine-busy") }, "\(all.map(\.text))")
        XCTAssertEqual(try c.json("POST", "/v1/preview", body).status, 200)
    }
}
