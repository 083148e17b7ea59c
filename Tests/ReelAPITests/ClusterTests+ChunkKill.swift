import Foundation
import ReelStore
import ReelWorker
import S3Fixtures
import TestSupport
import XCTest

/// A node killed with SIGKILL while it renders a chunk of another node's job: the chunk's lease
/// runs out, the chunk is rendered again (its second attempt), and the job succeeds once, on its
/// first attempt, with the output a one-worker render of the same spec gives.
extension ClusterTests {
    /// 16 s of noise (so that a chunk takes a while to encode) with a tone, at 640x360.
    static let noisySpec = ##"{ "version": 1, "output": { "width": 640, "height": 360, "frameRate": 30, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "src": "noise.mp4" } ] } }"##

    func testAChunkWhoseNodeIsKilledIsRenderedAgainAndTheJobSucceedsOnce() throws {
        try killMidChunk(nodeEnv: [[:], [:]])  // both on the shared data folder
    }

    /// The same with no shared file system: each node has its own data folder, pieces and the
    /// output go through a bucket of the tests' S3 server. The victim's piece never appears (a piece
    /// is uploaded whole or not at all), the pieces are deleted once joined, and the bucket's output
    /// is the one-worker render.
    func testAChunkWhoseNodeIsKilledWithoutASharedFileSystem() throws {
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        let s3 = try TestS3.shared()
        let storage = try s3.storageEnvironment(bucket: bucket)
        _ = try killMidChunk(nodeEnv: [storage.merging(["REEL_DATA_DIR": root + "/data-a"]) { $1 },
                                       storage.merging(["REEL_DATA_DIR": root + "/data-b"]) { $1 }]) { id in
            let client = try s3.client(bucket: bucket)
            // Removed just after the success is recorded (never before it).
            XCTAssertTrue(Poll.until(seconds: 30, every: 0.2) { (try? client.list(prefix: "media/chunks/").objects.isEmpty) == true },
                          "the pieces are gone once the job's success is recorded")
            let keys = try client.list(prefix: "media/").objects.map(\.key)
            XCTAssertEqual(keys.filter { $0.hasPrefix("media/outputs/") }, ["media/outputs/\(id)-1.mp4"], "one output, no stray object")
            let path = self.root + "/joined.mp4"
            try client.download("media/outputs/\(id)-1.mp4", to: path)
            return path
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/data"), "no shared data folder was used")
    }

    /// Two nodes (`nodeEnv` added to each's environment) on the cluster's database render a chunked
    /// job; the one not running the job is killed while it renders a chunk. Checks the chunk was
    /// rendered again and the job succeeded once with a one-worker render's packets; returns the
    /// joined output's local path (`output` finds it for a job id; default: the shared data folder).
    @discardableResult
    func killMidChunk(nodeEnv: [[String: String]], output: ((String) throws -> String)? = nil) throws -> String {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=16,noise=alls=40:allf=t", "-f", "lavfi", "-i", "sine=frequency=440:d=16",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac", "noise.mp4"])
        let env = ["REEL_DATABASE_URL": database, "REEL_LEASE_SECONDS": "8", "REEL_CHUNK_SECONDS": "4"]
        let nodes = try nodeEnv.map { try ServerProcess(root: root, env: env.merging($0) { $1 }) }
        defer { nodes.filter(\.process.isRunning).forEach { $0.terminate() } }
        let r = try TestClient(port: nodes[0].port).json("POST", "/v1/jobs", Self.noisySpec)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)

        // The node that runs the job renders its audio and chunks; the other one takes chunks too.
        let owner = try XCTUnwrap(eventually { nodes.firstIndex { !self.lines([$0], "job running", id).isEmpty } }, "no node ran the job")
        let victim = nodes[1 - owner], survivor = nodes[owner]
        let claimed = try XCTUnwrap(eventually { self.lines([victim], "chunk running", id).first }, "the other node took no chunk")
        victim.kill9()
        let index = try XCTUnwrap(Self.chunkIndex(claimed), claimed)
        XCTAssertEqual(lines([victim], "chunk rendered", id), [], "killed mid-chunk, before it finished one")

        let job = poll(survivor.port, id, seconds: 300, until: Self.finished)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 1, "the job itself ran once: only the chunk was lost")
        XCTAssertEqual(job["chunks"] as? Int, 4, "16 s in chunks of 4 s")
        XCTAssertEqual(lines(nodes, "job succeeded", id).count, 1)
        let store = try SQLJobStore.postgres(url: database, leaseSeconds: 8)
        let chunks = try store.chunks(of: id)
        XCTAssertEqual(chunks.map(\.status), Array(repeating: .done, count: 4))
        XCTAssertEqual(chunks.map(\.attempts), (0..<4).map { $0 == index ? 2 : 1 }, "chunk \(index) rendered twice, the others once")
        let again = lines([survivor], "chunk rendered", id).filter { Self.chunkIndex($0) == index }
        XCTAssertEqual(again.count, 1, "the surviving node rendered chunk \(index): \(again)")
        XCTAssertTrue(again.first?.contains("\"attempt\":2") ?? false, "\(again)")

        // The same spec rendered whole by one worker (`reel render`): the same frames, timestamps,
        // keyframes and audio packets.
        let specPath = root + "/media/spec.json"
        try Data(Self.noisySpec.utf8).write(to: URL(fileURLWithPath: specPath))
        let one = root + "/one.mp4"
        XCTAssertEqual(try Self.exitStatus(ServerProcess.binary.path, ["render", specPath, "-o", one]), 0)
        let joined = try output?(id) ?? root + "/data/outputs/\(id)-1.mp4"
        XCTAssertEqual(try frames(joined), 480)
        XCTAssertEqual(try frames(one), 480)
        let video = try packets(joined, "v"), audio = try packets(joined, "a")
        XCTAssertEqual(video.count, 480)
        XCTAssertEqual(video, try packets(one, "v"), "video timestamps and keyframes")
        XCTAssertGreaterThan(audio.count, 700, "16 s of AAC frames")
        XCTAssertEqual(audio, try packets(one, "a"), "audio timestamps and durations")
        return joined
    }

    /// The chunk index of a "chunk …" log line.
    static func chunkIndex(_ line: String) -> Int? {
        guard let r = line.range(of: #""chunk":\d+"#, options: .regularExpression) else { return nil }
        return Int(line[r].dropFirst(8))
    }

    /// Polls `body` until it gives a value, for up to two minutes.
    func eventually<T>(_ body: () -> T?) -> T? { Poll.value(seconds: 120, body) }

    /// The packets of the file's `stream` ("v" or "a") as ffprobe reads them: timestamp, duration, flags.
    func packets(_ file: String, _ stream: String) throws -> [String] {
        let out = root + "/packets-\(UUID().uuidString).csv"
        XCTAssertEqual(try Self.exitStatus("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", stream, "-show_entries",
                                                     "packet=pts,dts,duration,flags", "-of", "csv=p=0", "-o", out, file]), 0)
        return try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Media under the shared media root, made with the ffmpeg CLI.
    func ffmpeg(_ args: [String]) throws {
        XCTAssertEqual(try Self.exitStatus("/usr/bin/env", ["ffmpeg", "-v", "error", "-nostdin", "-y"] + args.dropLast() + [root + "/media/" + args.last!]), 0)
    }

    /// Runs a tool to its end (its output discarded); its exit status.
    static func exitStatus(_ tool: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
