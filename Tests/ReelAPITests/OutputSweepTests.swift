import Foundation
@testable import ReelAPI
@testable import ReelServer
import ReelStorage
import TestSupport
import XCTest

/// Outputs no job refers to — left by a process killed between renaming a finished render into
/// place and recording it — are deleted at start and by every retention pass; recorded outputs,
/// the attempt a running job is rendering, and files of other names stay.
final class OutputSweepTests: XCTestCase {
    let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##

    func testUnreferencedOutputsAreSweptAtStartAndByTheRetentionPass() throws {
        let f = try ServiceFixture()
        let id = try f.submit(spec)
        let done = try f.waitForJob(id) { $0["status"] as? String == "succeeded" }
        XCTAssertEqual(done["attempts"] as? Int, 1)
        let outputs = f.root + "/data/outputs/"
        let strays = ["\(id)-2.mp4", "\(id)-0.mp4", "job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1.mp4", "job_01ARZ3NDEKTSV4RRFFQ69G5FAV-3"]
        for name in strays + ["notes.txt", "job_short-1.mp4"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: outputs + name, contents: Data("x".utf8)))
        }
        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000))
        XCTAssertEqual(f.dataFiles("outputs"), ["\(id)-1.mp4", "job_short-1.mp4", "notes.txt"])
        let whole = try f.client().request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(whole.status, 200, "the recorded output is served")

        // At start: a second service on the same data sweeps before it serves.
        for name in strays { XCTAssertTrue(FileManager.default.createFile(atPath: outputs + name, contents: Data("x".utf8))) }
        let again = try ReelService(config: f.service.config, logger: .init(label: "test"))
        _ = again
        XCTAssertEqual(f.dataFiles("outputs"), ["\(id)-1.mp4", "job_short-1.mp4", "notes.txt"])
    }

    func testTheAttemptARunningJobRendersIsKept() throws {
        let f = try ServiceFixture()
        let id = try f.submit(ServiceFixture.longSpec())
        _ = try f.waitForJob(id) { $0["status"] as? String == "running" }
        let current = f.root + "/data/outputs/\(id)-1.mp4"   // as if renamed into place, not yet recorded
        let earlier = f.root + "/data/outputs/\(id)-0.mp4"
        XCTAssertTrue(FileManager.default.createFile(atPath: current, contents: Data("x".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: earlier, contents: Data("x".utf8)))
        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000))
        XCTAssertTrue(FileManager.default.fileExists(atPath: current))
        XCTAssertFalse(FileManager.default.fileExists(atPath: earlier))
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
    }

    /// Chunk folders of jobs that ended or no longer exist go with the first retention pass of a
    /// service that starts on the data; a running job's and a queued job's folders stay.
    func testChunkFoldersOfEndedAndDeletedJobsAreSweptAtStart() throws {
        let f = try ServiceFixture()
        let finished = try f.submit(spec)
        _ = try f.waitForJob(finished) { $0["status"] as? String == "succeeded" }
        let running = try f.submit(ServiceFixture.longSpec())
        _ = try f.waitForJob(running) { $0["status"] as? String == "running" }
        let queued = try f.submit(ServiceFixture.longSpec("#FF0000"))  // the one worker is busy
        let chunks = f.root + "/data/outputs/.chunks/"
        let deleted = "job_01ARZ3NDEKTSV4RRFFQ69G5FAV"
        for id in [finished, running, queued, deleted, "notes"] {
            try FileManager.default.createDirectory(atPath: chunks + id, withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: chunks + id + "/video-0.packets", contents: Data("x".utf8)))
        }
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs/\(queued)").json["status"] as? String, "queued")

        let again = try ReelService(config: f.service.config, logger: .init(label: "test"))
        try again.start()
        defer { again.stop() }
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.05) { !FileManager.default.fileExists(atPath: chunks + deleted) },
                      "the first retention pass of the new service sweeps the deleted job's folder")
        // One more pass, to be sure every folder has been looked at by the time of the check.
        again.sweep(now: Int64(Date().timeIntervalSince1970 * 1000))
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: chunks)) ?? []).sorted()
        XCTAssertEqual(left, [queued, running, "notes"].sorted(), "the finished and the deleted jobs' folders went")
        XCTAssertTrue(FileManager.default.fileExists(atPath: chunks + running + "/video-0.packets"))
        for id in [running, queued] { XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204) }
    }

    /// An output whose file was deleted outside Reel, within its retention period, is 410
    /// `output-gone` saying so, not that retention deleted it; one retention deleted is 410
    /// `output-expired` saying that.
    func testAnOutputDeletedOutsideReelIsGoneNotExpired() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let (gone, _) = try f.succeeded(spec)
        let (expired, _) = try f.succeeded(spec)
        try FileManager.default.removeItem(atPath: f.root + "/data/outputs/\(gone)-1.mp4")
        for path in ["/v1/jobs/\(gone)/output", "/v1/jobs/\(gone)/thumbnail"] {
            let r = try c.request("GET", path)
            XCTAssertEqual(r.status, 410, "\(path): \(r.text)")
            XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:output-gone", r.text)
            let detail = r.json["detail"] as? String ?? ""
            XCTAssertTrue(detail.contains("is no longer in the data directory's outputs folder: it was deleted outside Reel"), detail)
            XCTAssertFalse(detail.contains("after the retention period"), detail)
        }
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(expired)/output").status, 200, "the other is still there")

        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000) + 1000 * 3600 * 24 * 365)
        XCTAssertEqual(f.dataFiles("outputs"), [], "retention deleted the other")
        let r = try c.request("GET", "/v1/jobs/\(expired)/output")
        XCTAssertEqual(r.status, 410, r.text)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:output-expired", r.text)
        XCTAssertEqual(r.json["detail"] as? String, "the output of job \(expired) was deleted after the retention period")
    }

    func testOutputNames() {
        XCTAssertEqual(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-12.mp4")?.attempt, 12)
        XCTAssertEqual(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-12.mp4")?.fileExtension, "mp4")
        XCTAssertEqual(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1")?.jobID, "job_01ARZ3NDEKTSV4RRFFQ69G5FAV")
        XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1")?.fileExtension)
        XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-.mp4"))
        XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1x"))
        XCTAssertNil(OutputName(".job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1.mp4.partial-12-1"))
        XCTAssertNil(OutputName("job_01arz3ndektsv4rrffq69g5fav-1.mp4"))
        let name = OutputName(jobID: "job_01ARZ3NDEKTSV4RRFFQ69G5FAV", attempt: 3, fileExtension: "hls")
        XCTAssertEqual(OutputName(name.name), name, "a built name reads back as itself")
        // One of a job's named outputs.
        let named = OutputName(jobID: "job_01ARZ3NDEKTSV4RRFFQ69G5FAV", attempt: 2, output: "web_720-b", fileExtension: "mp4")
        XCTAssertEqual(named.name, "job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2_web_720-b.mp4")
        XCTAssertEqual(OutputName(named.name), named)
        XCTAssertEqual(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2_ladder")?.output, "ladder")
        XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2_ladder")?.fileExtension)
        XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2")?.output)
        for bad in ["-2_.mp4", "-2_Web.mp4", "-2_a b.mp4", "-2_" + String(repeating: "a", count: 33) + ".mp4", "-_a.mp4"] {
            XCTAssertNil(OutputName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV" + bad), bad)
        }
    }

    /// A partial name reads back to its target and writer, whichever form the writers make.
    func testPartialNames() throws {
        let made = PartialName.make(for: "job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2.mp4")
        let read = try XCTUnwrap(PartialName(made))
        XCTAssertEqual(read.target, "job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2.mp4")
        XCTAssertEqual(read.pid, getpid())
        XCTAssertTrue(read.writerIsAlive)
        XCTAssertTrue(made.hasPrefix(PartialName.prefix(for: read.target)))
        let old = try XCTUnwrap(PartialName(PartialName.make(for: "x.hls", old: true)))
        XCTAssertEqual(old.target, "x.hls")
        XCTAssertNil(PartialName("job_01ARZ3NDEKTSV4RRFFQ69G5FAV-2.mp4"), "not hidden: not a partial")
        XCTAssertEqual(PartialName(".a.partial-999999999-1")?.writerIsAlive, false)
    }
}
