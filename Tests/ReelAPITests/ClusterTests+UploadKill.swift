import Foundation
import S3Fixtures
import TestSupport
import XCTest

/// A node killed while it uploads a finished output to the bucket: the cut upload leaves no object
/// (S3 stores a PUT whole or not at all), the job's lease runs out, and the other node renders it
/// again (its second attempt) and uploads it. No shared file system: each node has its own data
/// folder; the bucket is reached through `StallingProxy`, which holds the first output upload.
extension ClusterTests {
    func testANodeKilledMidUploadLeavesNoObjectAndTheJobFinishesElsewhere() throws {
        let s3 = try TestS3.shared()
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        var storage = try s3.storageEnvironment(bucket: bucket)
        let proxy = try StallingProxy(upstream: s3.port, needle: "PUT /\(bucket)/media/outputs/")
        storage["REEL_STORAGE_URL"] = try XCTUnwrap(storage["REEL_STORAGE_URL"]).replacingOccurrences(of: ":\(s3.port)", with: ":\(proxy.port)")
        let env = storage.merging(["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "5"]) { $1 }
        let nodes = try ["a", "b"].map { try ServerProcess(root: root, env: env.merging(["REEL_DATA_DIR": root + "/data-" + $0]) { $1 }) }
        defer { nodes.filter(\.process.isRunning).forEach { $0.terminate() } }

        let r = try TestClient(port: nodes[0].port).json("POST", "/v1/jobs", Self.tiny("#FF8800"))
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertTrue(Poll.until(seconds: 120, every: 0.02) { proxy.stalled }, "no output upload reached the bucket")
        let owner = try XCTUnwrap(nodes.firstIndex { !self.lines([$0], "job running", id).isEmpty }, "no node ran the job")
        nodes[owner].kill9()
        let survivor = nodes[1 - owner]
        let bucketClient = try s3.client(bucket: bucket)
        XCTAssertEqual(try bucketClient.list(prefix: "media/outputs/").objects.map(\.key), [], "the cut upload left no object")
        XCTAssertEqual(lines([nodes[owner]], "job succeeded", id), [], "killed before it could record the output")

        let job = poll(survivor.port, id, seconds: 120, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 2, "the killed attempt, then the survivor's")
        XCTAssertEqual(lines([survivor], "job succeeded", id).count, 1)
        XCTAssertEqual(try bucketClient.list(prefix: "media/outputs/").objects.map(\.key), ["media/outputs/\(id)-2.mp4"],
                       "the second attempt's output, alone")
        let path = root + "/survivor.mp4"
        try bucketClient.download("media/outputs/\(id)-2.mp4", to: path)
        XCTAssertEqual(try frames(path), 10, "1 s at 10 fps, whole")
    }
}
