import Foundation
@testable import ReelServer
import ReelSpec
@testable import ReelWorker
import TestSupport
import XCTest

/// What a child can open is what its parent named (Landlock), as the kernel applies it: a check
/// child (`reel child check`) gets the sandbox a render child or an engine child of the running
/// service gets, and tries the files.
final class ChildAccessTests: XCTestCase {
    private func landlockOffered() throws {
        try XCTSkipIf(ChildSandbox.landlockABI == 0, "this kernel has no Landlock: the children run without it (the log at start says so)")
    }

    /// A job's render child reads its own upload and the media root, writes its work folder, and
    /// cannot open another upload, the job database, the link secret, the server's `/proc` entry
    /// or the outputs folder itself.
    func testARenderChildOpensItsOwnFilesAndNoneOfTheServers() throws {
        try landlockOffered()
        let f = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "0"])
        let mine = try f.uploadClip("a.mp4")
        let other = try f.uploadClip("b.mp4")
        let text = ##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\##(mine)" } ] } }"##
        guard case .success(let spec) = SpecDecoder.decode(Array(text.utf8)) else { return XCTFail("the spec does not decode") }
        let pool = f.service.pool
        let isolation = try XCTUnwrap(pool.isolation)
        var request = pool.renderRequest(jobID: "job_check", text: text, spec: spec, isolation: isolation)
        let data = f.root + "/data"
        let work = try JobRun.workFolder(for: data + "/outputs/job_check-1.mp4", progressive: false)
        defer { try? FileManager.default.removeItem(atPath: work) }
        request.access.write = [work]
        for file in ["/reel.db", "/link-secret", "/assets/" + other] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: data + file), file)
        }
        let answer = try SandboxCheck.run(isolation, access: request.access,
                                          read: [data + "/assets/" + mine, f.root + "/media/a.mp4", "/proc/self/status",
                                                 data + "/assets/" + other, data + "/reel.db", data + "/link-secret",
                                                 "/proc/\(getpid())/environ"],
                                          write: [work + "/job_check-1.mp4", data + "/outputs/job_check-1.mp4", data + "/reel.db"])
        XCTAssertTrue(answer.sandbox.landlock, "\(answer.sandbox)")
        XCTAssertEqual(answer.read, [0, 0, 0, EACCES, EACCES, EACCES, EACCES])
        XCTAssertEqual(answer.write, [0, EACCES, EACCES])
    }

    /// An engine child (plans, previews, probes) reads uploads and the media root, writes only its
    /// own temporary folder, and cannot open the job database or the link secret.
    func testAnEngineChildReadsUploadsButNotTheDatabase() throws {
        try landlockOffered()
        let f = try ServiceFixture()
        let mine = try f.uploadClip("a.mp4")
        let isolation = try XCTUnwrap(f.service.pool.isolation)
        let data = f.root + "/data"
        let access = ChildAccess(read: [f.root + "/media"] + f.service.locations.readableFolders)
        let answer = try SandboxCheck.run(isolation, access: access,
                                          read: [data + "/assets/" + mine, f.root + "/media/a.mp4", data + "/reel.db", data + "/link-secret"],
                                          write: [data + "/assets/" + mine, data + "/outputs/stray.mp4"])
        XCTAssertTrue(answer.sandbox.landlock, "\(answer.sandbox)")
        XCTAssertEqual(answer.read, [0, 0, EACCES, EACCES])
        XCTAssertEqual(answer.write, [EACCES, EACCES])
    }

    /// With `sandbox: off` nothing is restricted: the same check opens the database (the test of
    /// the test: the denials above are Landlock's).
    func testWithTheSandboxOffTheDatabaseOpens() throws {
        let f = try ServiceFixture(env: ["REEL_SANDBOX": "off"])
        let isolation = try XCTUnwrap(f.service.pool.isolation)
        let answer = try SandboxCheck.run(isolation, access: ChildAccess(), read: [f.root + "/data/reel.db"], write: [])
        XCTAssertFalse(answer.sandbox.landlock)
        XCTAssertEqual(answer.read, [0])
    }
}
