import Foundation
import ReelStore
import S3Fixtures
import TestSupport
import XCTest

/// A node killed after it joined a chunked job's pieces, while it uploads the joined output: the
/// pieces are still in the bucket (they go only once a success is recorded), so the other node's
/// attempt joins them again without rendering a chunk, and the job succeeds on that attempt. No
/// shared file system: `StallingProxy` holds the first output upload, after "chunks joined".
extension ClusterTests {
    func testANodeKilledAfterTheJoinLeavesItsPiecesAndTheNextAttemptSucceeds() throws {
        let s3 = try TestS3.shared()
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        var storage = try s3.storageEnvironment(bucket: bucket)
        let proxy = try StallingProxy(upstream: s3.port, needle: "PUT /\(bucket)/media/outputs/")
        storage["REEL_STORAGE_URL"] = try XCTUnwrap(storage["REEL_STORAGE_URL"]).replacingOccurrences(of: ":\(s3.port)", with: ":\(proxy.port)")
        let env = storage.merging(["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "5", "REEL_CHUNK_SECONDS": "1"]) { $1 }
        let nodes = try ["a", "b"].map { try ServerProcess(root: root, env: env.merging(["REEL_DATA_DIR": root + "/data-" + $0]) { $1 }) }
        defer { nodes.filter(\.process.isRunning).forEach { $0.terminate() } }

        let spec = ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "video": { "keyframeInterval": 1 } }, "timeline": { "videos": [ { "color": "#FF8800", "duration": 1 }, { "color": "#0088FF", "duration": 2 } ] } }"##
        let r = try TestClient(port: nodes[0].port).json("POST", "/v1/jobs", spec)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertTrue(Poll.until(seconds: 120, every: 0.02) { proxy.stalled }, "no output upload reached the bucket")
        let owner = try XCTUnwrap(nodes.firstIndex { !self.lines([$0], "job running", id).isEmpty }, "no node ran the job")
        XCTAssertEqual(lines([nodes[owner]], "chunks joined", id).count, 1, "stalled after the join")
        nodes[owner].kill9()
        let survivor = nodes[1 - owner]
        let bucketClient = try s3.client(bucket: bucket)
        let pieces = try bucketClient.list(prefix: "media/chunks/\(id)/").objects.map(\.key)
        XCTAssertEqual(pieces.sorted(), (0..<3).flatMap { ["media/chunks/\(id)/audio-\($0).packets", "media/chunks/\(id)/video-\($0).packets"] }.sorted(),
                       "the three chunks' video and audio pieces outlive the killed node")

        let job = poll(survivor.port, id, seconds: 120, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 2, "the killed attempt, then the survivor's")
        XCTAssertEqual(job["chunks"] as? Int, 3)
        XCTAssertEqual(lines([survivor], "chunks joined", id).count, 1)
        XCTAssertEqual(lines([survivor], "chunk rendered", id).count + lines([nodes[owner]], "chunk rendered", id).count, 3,
                       "no chunk rendered again: the second attempt joined the first one's pieces")
        let store = try SQLJobStore.postgres(url: database, leaseSeconds: 5)
        XCTAssertEqual(try store.chunks(of: id).map(\.attempts), [1, 1, 1])
        // Removed just after the success is recorded (never before it).
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.2) { (try? bucketClient.list(prefix: "media/chunks/").objects.isEmpty) == true },
                      "the pieces go once the success is recorded")
        XCTAssertEqual(try bucketClient.list(prefix: "media/outputs/").objects.map(\.key), ["media/outputs/\(id)-2.mp4"])
        let path = root + "/survivor.mp4"
        try bucketClient.download("media/outputs/\(id)-2.mp4", to: path)
        XCTAssertEqual(try frames(path), 30, "3 s at 10 fps, whole")
    }
}
