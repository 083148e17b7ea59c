import Foundation
import Logging
import ReelBasics
import ReelEngine
@testable import ReelWorker
import ReelStore
import ReelStorage
import StoreFixtures
import TestSupport
import XCTest

final class WorkerPoolTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func pool(_ store: any JobStore) -> WorkerPool {
        WorkerPool(store: store, workers: 1, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir), chunks: DataDirectory(root: dir), resolver: SourceResolver(mediaRoot: dir + "/media"),
                   logger: Logger(label: "test"))
    }

    func waitFor(_ store: any JobStore, _ id: String, timeout: Double = 30, until: (Job) -> Bool) throws -> Job {
        if let j = try Poll.value(seconds: timeout, every: 0.05, { try store.job(id).flatMap { until($0) ? $0 : nil } }) { return j }
        let last = try store.job(id)
        XCTFail("timed out waiting for \(id): \(String(describing: last))")
        throw CocoaError(.userCancelled)
    }

    func submit(_ store: any JobStore, _ spec: String) throws -> String {
        let r = try store.submit(spec: spec, bodyHash: Digests.sha256Hex(Array(spec.utf8)), idempotencyKey: nil)
        guard case .created(let j) = r else { throw SubmitDidNotCreate(result: r) }
        return j.id
    }

    func testAWorkerRendersAJobAndRecordsItsOutput() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, ##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 } ] } }"##)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        let out = try XCTUnwrap(done.output)
        XCTAssertEqual(out.duration, "1")
        XCTAssertEqual(out.contentType, "video/mp4")
        XCTAssertEqual(out.sha256, try FileDigest.sha256(out.path))
        let r = try ProcessRunner.run("sha256sum", [out.path])
        XCTAssertEqual(r.split(separator: " ").first.map(String.init), out.sha256, "matches coreutils")
        XCTAssertEqual(done.progress, 1)
        XCTAssertEqual(done.attempts, 1)
        XCTAssertEqual(p.metrics.snapshot.count, 1)
    }

    /// A job with `outputs` rendered in this process: each output in a file of its own, named for
    /// the job's attempt and the output, recorded in the spec's order; a cancel part-way leaves
    /// none of them.
    func testAJobWithOutputsRecordsEachOutput() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, ##"{ "version": 1, "outputs": [ { "name": "big", "width": 64, "height": 64 }, { "name": "small", "format": "webm", "width": 32, "height": 32 }, { "name": "still", "format": "png", "width": 32, "height": 32, "time": 0.5 } ], "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 } ] } }"##)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertNil(done.output)
        XCTAssertEqual(done.outputs.map(\.name), ["big", "small", "still"])
        XCTAssertEqual(done.outputs.map(\.contentType), ["video/mp4", "video/webm", "image/png"])
        XCTAssertEqual(done.outputs.map { ($0.path as NSString).lastPathComponent }, ["\(id)-1_big.mp4", "\(id)-1_small.webm", "\(id)-1_still.png"])
        for o in done.outputs {
            XCTAssertEqual(try ProcessRunner.run("sha256sum", [o.path]).split(separator: " ").first.map(String.init), o.sha256, o.name ?? "")
        }
        XCTAssertEqual(done.outputs.map(\.encodedFrames), [30, 30, 1])

        // Cancelled while rendering: the job ends canceled, and no file of any output is left.
        let long = try submit(store, ##"{ "version": 1, "outputs": [ { "name": "a", "width": 640, "height": 360, "video": { "preset": "medium" } }, { "name": "b", "format": "webm", "width": 320, "height": 180 } ], "timeline": { "videos": [ { "color": "#00FF00", "duration": 240 } ] } }"##)
        p.wake()
        _ = try waitFor(store, long) { $0.status == .running && $0.progress > 0 }
        guard case .requested = try store.cancel(long) else { return XCTFail("expected a cancel request") }
        let stopped = try waitFor(store, long) { $0.status.isFinished }
        XCTAssertEqual(stopped.status, .canceled)
        XCTAssertEqual(stopped.outputs, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/outputs").filter { $0.contains(long) }, [],
                       "no output, partial or whole, of the cancelled job")
    }

    /// A progressive HLS output among `outputs`, rendered in this process: written in its own
    /// folder, where its master playlist is there to read while the job still runs; recorded with
    /// the moment it became playable. A cancel takes its folder with the other outputs.
    func testAProgressiveOutputAmongOutputsIsReadableWhileItRenders() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store)
        p.start()
        defer { p.shutdown() }
        let spec = { (seconds: Int) in
            ##"{ "version": 1, "outputs": [ { "name": "file", "width": 320, "height": 180 }, "##
                + ##"{ "name": "live", "format": "hls", "width": 320, "height": 180, "hls": { "segmentDuration": 1, "progressive": true } } ], "##
                + ##""timeline": { "videos": [ { "color": "#00FF00", "duration": \##(seconds) } ] } }"##
        }
        let long = try submit(store, spec(240))
        p.wake()
        let folder = dir + "/outputs/\(long)-1_live.hls"
        XCTAssertTrue(try Poll.until(seconds: 60, every: 0.05) { FileManager.default.fileExists(atPath: folder + "/master.m3u8") },
                      "the master playlist appears in the output's own folder")
        XCTAssertEqual(try store.job(long)?.status, .running, "while the job runs")
        guard case .requested = try store.cancel(long) else { return XCTFail("expected a cancel request") }
        XCTAssertEqual(try waitFor(store, long) { $0.status.isFinished }.status, .canceled)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/outputs").filter { $0.contains(long) }, [],
                       "no output of the cancelled job, its progressive folder neither")

        let id = try submit(store, spec(2))
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.outputs.map { ($0.path as NSString).lastPathComponent }, ["\(id)-1_file.mp4", "\(id)-1_live.hls"])
        XCTAssertNil(done.outputs[0].firstSegmentSeconds)
        XCTAssertGreaterThan(try XCTUnwrap(done.outputs[1].firstSegmentSeconds), 0)
        let playlist = try String(contentsOfFile: done.outputs[1].path + "/video_180p.m3u8", encoding: .utf8)
        XCTAssertTrue(playlist.contains("#EXT-X-PLAYLIST-TYPE:EVENT") && playlist.contains("#EXT-X-ENDLIST"), playlist)
        XCTAssertEqual(playlist.split(separator: "\n").filter { $0.hasSuffix(".m4s") }.count, 2)
    }

    func testCancellingARunningJobStopsItPartWay() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store)
        p.start()
        defer { p.shutdown() }
        // A long render (4 minutes of 720p colour): it cannot finish within the wait below, so a job
        // that ends canceled and part-way was stopped by the cancel, not by running out of frames.
        let id = try submit(store, ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 240 } ] } }"##)
        p.wake()
        _ = try waitFor(store, id) { $0.status == .running && $0.progress > 0 }
        guard case .requested = try store.cancel(id) else { return XCTFail("expected a cancel request") }
        // The worker stops within a second or so; the bound is generous for a loaded machine.
        let stopped = try waitFor(store, id, timeout: 30) { $0.status.isFinished }
        XCTAssertEqual(stopped.status, .canceled)
        XCTAssertEqual(stopped.error?.code, .canceled)
        XCTAssertLessThan(stopped.progress, 1, "stopped part-way, not finished")
        XCTAssertNil(stopped.output)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir + "/outputs")
        XCTAssertEqual(leftovers, [], "no partial output")
    }

    func testAJobWithAMissingSourceFailsWithoutRetrying() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", maxAttempts: 3)
        let p = pool(store)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, ##"{ "version": 1, "timeline": { "videos": [ { "src": "gone.mp4" } ] } }"##)
        p.wake()
        let j = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(j.status, .failed)
        XCTAssertEqual(j.error?.code, .invalid)
        XCTAssertTrue(j.error?.message.contains("/timeline/videos/0/src") == true, j.error?.message ?? "")
        XCTAssertEqual(j.attempts, 1)
    }
}

/// Runs a command and returns its standard output.
enum ProcessRunner {
    static func run(_ program: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Render threads run under SCHED_IDLE at nice 10, below the HTTP threads, and so do the threads
/// they start; the scheduler ticker's threads stay at normal priority and tick while the render runs.
final class RenderPriorityTests: XCTestCase {
    func testWorkersAndTheThreadsOfTheirRendersRunUnderSchedIdle() throws {
        let old = Set(SchedulerTickerTests.tasks(named: "reel-tick").map(\.tid))
        let dir = NSTemporaryDirectory() + "reel-prio-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let pool = WorkerPool(store: store, workers: 1, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir), chunks: DataDirectory(root: dir), resolver: SourceResolver(mediaRoot: dir),
                              logger: Logger(label: "test"), schedulerTickMicroseconds: 1000)
        let spec = ##"{ "version": 1, "output": { "width": 640, "height": 360, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#0000FF", "duration": 300 } ] } }"##
        guard case .created(let job) = try store.submit(spec: spec, bodyHash: "h", idempotencyKey: nil) else { return XCTFail() }
        pool.start()
        var stopped = false
        defer { if !stopped { pool.shutdown() } }
        pool.wake()
        var lowered: [SchedulerTickerTests.TaskInfo] = []
        let lower = { (t: SchedulerTickerTests.TaskInfo) in t.policy == Int(RenderPriority.policy) && t.nice == Int(RenderPriority.niceness) }
        try Poll.until(seconds: 30, every: 0.05) {
            lowered = SchedulerTickerTests.tasks(named: "").filter(lower)
            // The worker, its lease keeper, the render's picture and audio threads, x264's threads.
            return try store.job(job.id)?.status == .running && lowered.count >= 5
        }
        XCTAssertNotNil(lowered.first { $0.name == "reel-worker-0" }, "\(SchedulerTickerTests.tasks(named: ""))")
        XCTAssertGreaterThanOrEqual(lowered.count, 5, "the render's threads inherit it: \(lowered.map(\.name))")
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), 0, "the process's main thread keeps nice 0")
        XCTAssertEqual(sched_getscheduler(0), 0, "and SCHED_OTHER")

        // The ticker: normal priority although the pool's workers lowered theirs, ticking while the render runs.
        let ticks = SchedulerTickerTests.ticks(except: old)
        XCTAssertEqual(ticks.count, SchedulerTicker.allowedCPUs().count)
        XCTAssertTrue(ticks.allSatisfy { $0.policy == 0 && $0.nice == 0 }, "\(ticks)")
        let woke = SchedulerTickerTests.wakeups(during: 0.3, except: old)
        XCTAssertEqual(try store.job(job.id)?.status, .running)
        XCTAssertEqual(woke.count, ticks.count)
        XCTAssertTrue(woke.allSatisfy { $0 >= 15 }, "ticking while a render runs (about 300; asleep is at most 2): \(woke)")
        pool.shutdown()
        stopped = true
        XCTAssertTrue(SchedulerTickerTests.waitForNoTicker(except: old), "shutdown stops the ticker")
    }
}
