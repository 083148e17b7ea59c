import Foundation
@testable import ReelAPI
import ReelWorker
@testable import ReelServer
import TestSupport
import XCTest

/// Renders run in sandboxed child processes of `reel`: a child killed, crashed,
/// stalled or out of memory costs its own attempt only, with an error naming the cause; a cancel
/// kills it at once; the child holds NoNewPrivs and a seccomp filter. The service runs in this
/// process (its PID is this test's), its children are the built `reel`.
final class IsolationTests: XCTestCase {
    /// Whole renders (no chunks, which the server still renders in its own process).
    private static let whole = ["REEL_CHUNK_SECONDS": "0"]
    private static let long = ##"{ "version": 1, "output": { "width": 640, "height": 360 }, "timeline": { "videos": [ { "color": "#0000FF", "duration": 600 } ] } }"##

    /// Waits for the child rendering `id` and returns its pid.
    private func child(of id: String, in f: ServiceFixture) throws -> pid_t {
        var pid: pid_t?
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.01) { pid = f.service.pool.children[id]; return pid != nil }, "no child for \(id)")
        return try XCTUnwrap(pid)
    }

    private func status(of pid: pid_t) -> [String: String] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }

    /// The child is a different process, its sandbox in place (`NoNewPrivs: 1`, `Seccomp: 2`, a
    /// network namespace of its own as root), and a cancel ends it within a second.
    func testTheRenderChildIsSandboxedAndACancelKillsItAtOnce() throws {
        let f = try ServiceFixture(env: Self.whole)
        let c = try f.client()
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", Self.long).json["id"] as? String)
        let pid = try child(of: id, in: f)
        XCTAssertNotEqual(pid, getpid())
        // The sandbox is set up before the request is read: wait until the child reports progress.
        _ = try f.waitForJob(id) { ($0["progress"] as? Double ?? 0) > 0 }
        let s = status(of: pid)
        XCTAssertEqual(s["NoNewPrivs"], "1", "\(s)")
        XCTAssertEqual(s["Seccomp"], "2", "\(s)")
        if getuid() == 0 {
            let mine = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
            let its = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/net")
            XCTAssertNotEqual(mine, its, "the child has a network namespace of its own")
        }
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(id)/cancel").status, 202)
        let asked = Date()
        // Gone means reaped: kill(pid, 0) fails with ESRCH once the supervisor waited for it.
        XCTAssertTrue(Poll.until(seconds: 5, every: 0.01) { kill(pid, 0) != 0 && errno == ESRCH })
        XCTAssertLessThan(Date().timeIntervalSince(asked), 1.0, "the child was killed within a second of the cancel")
        let stopped = try f.waitForJob(id, timeout: 30) { $0["status"] as? String == "canceled" }
        XCTAssertEqual((stopped["error"] as? [String: Any])?["code"] as? String, "canceled")
    }

    /// A child killed with SIGKILL mid-render costs its attempt: the job is rendered again and
    /// succeeds, while polls of it never fail and the service's process is the same.
    func testAChildKilledMidRenderIsRetriedWhilePollsAnswer() throws {
        let f = try ServiceFixture(env: Self.whole)
        let c = try f.client()
        let spec = ##"{ "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 20 } ] } }"##
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", spec).json["id"] as? String)
        let first = try child(of: id, in: f)
        _ = try f.waitForJob(id) { ($0["progress"] as? Double ?? 0) > 0 }
        let server = getpid()
        XCTAssertEqual(kill(first, SIGKILL), 0)
        var polls = 0, failed = 0
        var last: [String: Any] = [:]
        XCTAssertTrue(try Poll.until(seconds: 120, every: 0.02) {
            let r = try c.request("GET", "/v1/jobs/\(id)")
            polls += 1
            if r.status != 200 { failed += 1 }
            last = r.json
            return ["succeeded", "failed"].contains(last["status"] as? String ?? "")
        }, "\(last)")
        XCTAssertEqual(last["status"] as? String, "succeeded", "\(last)")
        XCTAssertEqual(last["attempts"] as? Int, 2, "the killed attempt, then the one that finished")
        XCTAssertEqual(failed, 0, "\(failed) of \(polls) polls failed")
        XCTAssertGreaterThan(polls, 10)
        XCTAssertEqual(getpid(), server)
        let output = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(output.status, 200)
        XCTAssertGreaterThan(output.body.count, 1000)
    }

    /// A child that crashes (SIGSEGV) fails its attempt with the signal named; with one attempt the
    /// job fails with that reason and is never claimed again.
    func testACrashedChildFailsItsAttemptWithTheSignalNamed() throws {
        let f = try ServiceFixture(env: Self.whole.merging(["REEL_MAX_ATTEMPTS": "1"]) { $1 })
        let c = try f.client()
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", Self.long).json["id"] as? String)
        let pid = try child(of: id, in: f)
        _ = try f.waitForJob(id) { ($0["progress"] as? Double ?? 0) > 0 }
        XCTAssertEqual(kill(pid, SIGSEGV), 0)
        let failed = try f.waitForJob(id, timeout: 30) { $0["status"] as? String == "failed" }
        let error = try XCTUnwrap(failed["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "render_failed")
        XCTAssertEqual(error["message"] as? String, "the renderer crashed (SIGSEGV)", "\(error)")
        XCTAssertEqual(failed["attempts"] as? Int, 1)
    }

    /// A child that makes no progress for `stallSeconds` (stopped with SIGSTOP: it holds its
    /// memory and does nothing) is killed, and the attempt fails saying so.
    func testAStalledChildIsStopped() throws {
        let f = try ServiceFixture(env: Self.whole.merging(["REEL_MAX_ATTEMPTS": "1", "REEL_LIMITS_STALL_SECONDS": "1"]) { $1 })
        let c = try f.client()
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", Self.long).json["id"] as? String)
        let pid = try child(of: id, in: f)
        _ = try f.waitForJob(id) { ($0["progress"] as? Double ?? 0) > 0 }
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        let failed = try f.waitForJob(id, timeout: 30) { $0["status"] as? String == "failed" }
        XCTAssertEqual((failed["error"] as? [String: Any])?["message"] as? String, "no frame for 1 s: stopped", "\(failed)")
        XCTAssertTrue(Poll.until(seconds: 5, every: 0.01) { kill(pid, 0) != 0 && errno == ESRCH }, "the stopped child was killed and reaped")
    }

    /// An 8K render under a 300 MiB limit fails its attempt with the limit named; the service
    /// goes on (a small job renders after it).
    func testAnEightKRenderPastAMemoryLimitFailsWithTheLimitNamed() throws {
        let f = try ServiceFixture(env: Self.whole.merging(["REEL_MAX_ATTEMPTS": "1", "REEL_LIMITS_RENDER_MEMORY_MIB": "300"]) { $1 })
        let c = try f.client()
        let big = ##"{ "version": 1, "output": { "width": 7680, "height": 4320 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 } ] } }"##
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", big).json["id"] as? String)
        let failed = try f.waitForJob(id, timeout: 120) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(failed["status"] as? String, "failed", "\(failed)")
        XCTAssertEqual((failed["error"] as? [String: Any])?["message"] as? String, "the render went past its memory limit (300 MiB)", "\(failed)")
        let small = ##"{ "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 } ] } }"##
        let next = try XCTUnwrap(try c.json("POST", "/v1/jobs", small).json["id"] as? String)
        let done = try f.waitForJob(next, timeout: 120) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
    }
}

/// Chunks of a chunked job render in children too: one killed mid-render costs that chunk's
/// attempt, and the job still joins every chunk into its output.
final class ChunkIsolationTests: XCTestCase {
    func testAChunkChildKilledMidRenderIsRenderedAgainAndTheJobJoins() throws {
        let f = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "2"])
        let c = try f.client()
        let spec = ##"{ "version": 1, "output": { "width": 640, "height": 360 }, "timeline": { "videos": [ { "color": "#FF8000", "duration": 8 } ] } }"##
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", spec).json["id"] as? String)
        var chunk: (key: String, pid: pid_t)?
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.005) {
            chunk = f.service.pool.children.first { $0.key.hasPrefix(id + "/chunk-") }.map { ($0.key, $0.value) }
            return chunk != nil
        }, "a chunk rendered in a child")
        let (key, pid) = try XCTUnwrap(chunk)
        XCTAssertNotEqual(pid, getpid())
        // Sandboxed as soon as it has read its request (before it plans).
        XCTAssertTrue(Poll.until(seconds: 10, every: 0.005) {
            ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "").contains("Seccomp:\t2")
        })
        kill(pid, SIGKILL)
        let done = try f.waitForJob(id, timeout: 120) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertEqual(done["chunks"] as? Int, 4, "\(done)")
        XCTAssertEqual(done["attempts"] as? Int, 1, "only the chunk was rendered again (\(key))")
        let output = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(output.status, 200)
        let file = f.root + "/out.mp4"
        try Data(output.body).write(to: URL(fileURLWithPath: file))
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        probe.waitUntilExit()
        let frames = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(frames, "240", "every frame of the 8 s at 30 fps, by ffprobe")
    }
}

/// A chunked job's join runs in a render child too (the server never plans or joins the spec
/// itself): a progressive output's join child, alive while the chunks render, killed with SIGKILL
/// costs the job's attempt, and the next attempt plays to the end.
final class JoinIsolationTests: XCTestCase {
    func testAJoinChildKilledCostsTheAttemptAndTheNextJoins() throws {
        let f = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "2"])
        let c = try f.client()
        let spec = ##"""
        { "version": 1, "output": { "format": "hls", "width": 320, "height": 180, "frameRate": 25,
            "hls": { "segmentDuration": 1, "progressive": true } },
          "timeline": { "videos": [ { "color": "#FF8000", "duration": 8 } ] } }
        """##
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", spec).json["id"] as? String)
        var joining: pid_t?
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.005) {
            joining = f.service.pool.children[id + "/join"]
            return joining != nil
        }, "the join ran in a child")
        let pid = try XCTUnwrap(joining)
        XCTAssertNotEqual(pid, getpid())
        XCTAssertTrue(Poll.until(seconds: 10, every: 0.005) {
            ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "").contains("Seccomp:\t2")
        }, "the join child is sandboxed")
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        let done = try f.waitForJob(id, timeout: 120) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertEqual(done["attempts"] as? Int, 2, "the killed join cost its attempt: \(done)")
        XCTAssertNotEqual(f.service.pool.children[id + "/join"], pid)
        // The second attempt's output, read by ffprobe: every frame of 8 s at 25 fps.
        let playlist = try XCTUnwrap(f.dataFiles("outputs").first { $0.hasPrefix(id) && $0.hasSuffix(".hls") })
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                           "-of", "csv=p=0", f.root + "/data/outputs/" + playlist + "/video_180p.m3u8"]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        probe.waitUntilExit()
        // An HLS playlist's stream is listed under its program too: each listing counts the same.
        let frames = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").filter { !$0.isEmpty }
        XCTAssertFalse(frames.isEmpty)
        XCTAssertEqual(Set(frames), ["200"], "every frame of the 8 s at 25 fps, by ffprobe")
    }
}

/// `sandbox`: checked when the configuration is read; `off` leaves a render child without the
/// sandbox (the limits still apply), so the setting is seen to decide it.
final class SandboxSettingTests: XCTestCase {
    func testTheSettingIsCheckedAndOffMeansNoFilter() throws {
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_SANDBOX": "sometimes"])) { error in
            XCTAssertTrue("\(error)".contains("REEL_SANDBOX") && "\(error)".contains("auto, required or off"), "\(error)")
        }
        XCTAssertEqual(try ServerConfiguration.load(path: nil, environment: ["REEL_SANDBOX": "required"]).sandbox, .required)
        let f = try ServiceFixture(env: ["REEL_SANDBOX": "off", "REEL_CHUNK_SECONDS": "0"])
        let c = try f.client()
        let spec = ##"{ "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#0000FF", "duration": 600 } ] } }"##
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", spec).json["id"] as? String)
        var pid: pid_t?
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.01) { pid = f.service.pool.children[id]; return pid != nil })
        _ = try f.waitForJob(id) { ($0["progress"] as? Double ?? 0) > 0 }
        let status = (try? String(contentsOfFile: "/proc/\(try XCTUnwrap(pid))/status", encoding: .utf8)) ?? ""
        XCTAssertTrue(status.contains("Seccomp:\t0") && status.contains("NoNewPrivs:\t0"), status)
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(id)/cancel").status, 202)
    }
}
