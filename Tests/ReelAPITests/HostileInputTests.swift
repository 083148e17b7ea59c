import Foundation
import XCTest

/// Regression tests for the hostile-input campaign's findings, over real loopback sockets.
final class HostileInputTests: XCTestCase {
    /// A megabyte of zeros in one number held a handler thread for half a minute (quadratic
    /// parsing), and four such requests starved `/healthz`. Now each is refused at once at its
    /// pointer, and the server answers everything else meanwhile.
    func testAMegabyteOfLeadingZerosIsRefusedAtItsPointer() throws {
        let f = try ServiceFixture()
        let zeros = String(repeating: "0", count: 1_000_000)
        let spec = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 0."## + zeros + "1 } ] } }"
        let group = DispatchGroup()
        let answers = Answers()
        let (port, key) = (f.port, f.keys.first)
        for i in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let c = try? TestClient(port: port, key: key), let r = try? c.json("POST", "/v1/jobs", spec) else { return }
                answers.set(i, r)
            }.start()
        }
        let health = try f.client().request("GET", "/healthz")
        XCTAssertEqual(health.status, 200)
        // Each client read gives up after 20 s: the old parser took 25–37 s per request.
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(answers.all.count, 4)
        for r in answers.all {
            XCTAssertEqual(r.status, 422, r.text)
            let errors = r.json["errors"] as? [[String: Any]] ?? []
            XCTAssertEqual(errors.first?["pointer"] as? String, "/timeline/videos/0/duration")
            XCTAssertTrue((errors.first?["message"] as? String ?? "").contains("more than 64 characters"), r.text)
        }
    }

    /// `src: "."` is the media root itself: refused as not a file, not as a way out of the root.
    func testTheMediaRootItselfIsNotAFile() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let probe = try c.json("POST", "/v1/probe", #"{"src": "."}"#)
        XCTAssertEqual(probe.status, 422)
        let message = (probe.json["errors"] as? [[String: Any]])?.first?["message"] as? String
        XCTAssertEqual(message, #"source "." is not a file"#)
        let job = try c.json("POST", "/v1/jobs", #"{ "version": 1, "timeline": { "videos": [ { "src": "." } ] } }"#)
        XCTAssertEqual(job.status, 422)
        XCTAssertEqual((job.json["errors"] as? [[String: Any]])?.first?["message"] as? String, #"source "." is not a file"#)
        let link = try c.json("POST", "/v1/probe", #"{"src": "./a/../../x.mp4"}"#)
        XCTAssertTrue(link.text.contains("leaves the media root"), link.text)
    }

    /// An upload that is not media is refused with FFmpeg's reason, never the server's file name.
    func testANotMediaUploadNamesNoServerPath() throws {
        let f = try ServiceFixture()
        let r = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4")],
                                       body: Array(repeating: 0x42, count: 4096))
        XCTAssertEqual(r.status, 422, r.text)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:not-media")
        let detail = try XCTUnwrap(r.json["detail"] as? String)
        XCTAssertFalse(detail.contains("/"), detail)
        XCTAssertFalse(detail.contains("reel-upload"), detail)
        XCTAssertFalse(r.text.contains(f.root), r.text)
        XCTAssertTrue(detail.hasPrefix("the upload is not a media file, font, caption file or Lottie file Reel can read: "), detail)
        XCTAssertEqual(f.dataFiles("assets"), [], "nothing stored")
    }

    /// Structural and source problems in one answer, each at its pointer; sources of image and
    /// video overlays (inside groups too), masks, voice-overs and music too.
    func testStructuralAndSourceProblemsTogether() throws {
        let f = try ServiceFixture()
        let r = try f.client().json("POST", "/v1/jobs", ##"""
        { "version": 1, "output": { "format": "avi" },
          "timeline": { "videos": [ { "src": "gone.mp4" }, { "src": "/etc/passwd" } ],
                        "overlays": [ { "type": "image", "src": "gone.png", "start": 0 },
                                      { "type": "group", "start": 0, "items": [ { "type": "video", "src": "gone-too.mp4", "start": 0,
                                                                                  "mask": { "src": "gone-mask.png" } } ] } ],
                        "voiceOvers": [ { "src": "gone.m4a", "start": 0 } ], "music": [ { "src": "../up.mp3" } ] } }
        """##)
        XCTAssertEqual(r.status, 422)
        let errors = (r.json["errors"] as? [[String: Any]]) ?? []
        let byPointer = Dictionary(errors.map { ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "") }) { a, _ in a }
        XCTAssertNotNil(byPointer["/output/format"], "\(errors)")
        XCTAssertEqual(byPointer["/timeline/videos/0/src"], #"source "gone.mp4" does not exist"#)
        XCTAssertEqual(byPointer["/timeline/videos/1/src"], #"source "/etc/passwd" is an absolute path; sources are relative to the media root"#)
        XCTAssertEqual(byPointer["/timeline/overlays/0/src"], #"source "gone.png" does not exist"#)
        XCTAssertEqual(byPointer["/timeline/overlays/1/items/0/src"], #"source "gone-too.mp4" does not exist"#)
        XCTAssertEqual(byPointer["/timeline/overlays/1/items/0/mask/src"], #"source "gone-mask.png" does not exist"#)
        XCTAssertEqual(byPointer["/timeline/voiceOvers/0/src"], #"source "gone.m4a" does not exist"#)
        XCTAssertEqual(byPointer["/timeline/music/0/src"], #"source "../up.mp3" leaves the media root with '..'"#)
    }

    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var byIndex: [Int: TestClient.Response] = [:]
        func set(_ i: Int, _ r: TestClient.Response) { lock.lock(); byIndex[i] = r; lock.unlock() }
        var all: [TestClient.Response] { lock.lock(); defer { lock.unlock() }; return Array(byIndex.values) }
    }
}
