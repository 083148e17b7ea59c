import Foundation
import Logging
import ReelBasics
import ReelEngine
@testable import ReelWorker
import ReelStore
import ReelStorage
import S3Fixtures
import StoreFixtures
import ReelSpec
import TestSupport
import XCTest

/// Chunked jobs through a worker pool on SQLite (several workers of one node share the chunks),
/// checked against a one-worker render of the same spec with ffprobe and ffmpeg.
final class ChunkedJobTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-chunked-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// `chunks`: where the pieces meet (default: the data folder itself).
    func pool(_ store: any JobStore, workers: Int, chunkSeconds: Int, chunks: (any ChunkStore)? = nil) -> WorkerPool {
        WorkerPool(store: store, workers: workers, locations: DataDirectory(root: dir), outputs: DataDirectory(root: dir), chunks: chunks ?? DataDirectory(root: dir),
                   resolver: SourceResolver(mediaRoot: dir + "/media"), logger: Logger(label: "test"), chunkSeconds: chunkSeconds)
    }

    func waitFor(_ store: any JobStore, _ id: String, timeout: Double = 120, until: (Job) -> Bool) throws -> Job {
        if let j = try Poll.value(seconds: timeout, every: 0.05, { try store.job(id).flatMap { until($0) ? $0 : nil } }) { return j }
        XCTFail("timed out waiting for \(id): \(String(describing: try store.job(id)))")
        throw CocoaError(.userCancelled)
    }

    func submit(_ store: any JobStore, _ spec: String) throws -> String {
        let r = try store.submit(spec: spec, bodyHash: Digests.sha256Hex(Array(spec.utf8)), idempotencyKey: nil)
        guard case .created(let j) = r else { throw SubmitDidNotCreate(result: r) }
        return j.id
    }

    /// ffprobe's lines for one stream's packets (pts, dts, flags) or the video's frames (pts, key).
    func probe(_ path: String, _ stream: String, _ entries: String) throws -> [String] {
        try ProcessRunner.run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries", entries, "-of", "csv=p=0", path])
            .split(separator: "\n").map(String.init)
    }

    static let spec = ##"""
        { "version": 1, "output": { "width": 160, "height": 90, "frameRate": 30, "video": { "keyframeInterval": 0.5, "crf": 20 } },
          "timeline": { "videos": [ { "src": "a.mp4" } ] } }
        """##

    func makeFixture() throws {
        _ = try ProcessRunner.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=4",
                                             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=4",
                                             "-c:v", "libx264", "-qp", "10", "-c:a", "aac", "-shortest", dir + "/media/a.mp4"])
    }

    func testAChunkedJobMatchesAOneWorkerRender() throws {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store, workers: 2, chunkSeconds: 1)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, Self.spec)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4, "4 s cut into chunks of 1 s")
        XCTAssertEqual(done.progress, 1)
        XCTAssertEqual(try store.chunks(of: id).map(\.status), [.done, .done, .done, .done])
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id)
    }

    /// Two "nodes" (two pools of one worker) on one PostgreSQL database share a job's chunks.
    /// The chunk length comes from the live workers of every node sharing the store: with another
    /// node of three workers heard from, a 24 s job on this one-worker node (chunkSeconds 60) is cut
    /// for four workers — 6 s each, raised to the 10 s floor — and the job records the length.
    func testTheChunkLengthIsChosenForTheLiveWorkersOfTheCluster() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        try store.heartbeat(node: "another-node", workers: 3)
        let p = pool(store, workers: 1, chunkSeconds: 60)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, ##"{ "version": 1, "output": { "width": 64, "height": 36, "frameRate": 10, "video": { "keyframeInterval": 1 } },"##
                                   + ##" "timeline": { "videos": [ { "color": "#224466", "duration": 24 } ] } }"##)
        p.wake()
        let job = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(job.status, .succeeded, "\(String(describing: job.error))")
        XCTAssertEqual(job.chunkSeconds, 10)
        XCTAssertEqual(job.chunks, 3, "24 s in chunks of 10 s (the last 4 s)")
        XCTAssertEqual(try store.liveWorkers(seenWithin: 30), 4, "this node's own heartbeat counted its worker")
        let alone = try submit(store, ##"{ "version": 1, "output": { "width": 64, "height": 36, "frameRate": 10 },"##
                                      + ##" "timeline": { "videos": [ { "color": "#224466", "duration": 8 } ] } }"##)
        p.wake()
        let short = try waitFor(store, alone) { $0.status.isFinished }
        XCTAssertEqual(short.chunks, 1, "8 s is under two of the shortest chunks: whole")
        XCTAssertNil(short.chunkSeconds)
    }

    func testTwoNodesOnPostgreSQLRenderAChunkedJob() throws {
        try makeFixture()
        let url = try TestPostgres.shared().createDatabase()
        let storeA = try SQLJobStore.postgres(url: url, dataDirectory: dir)
        let storeB = try SQLJobStore.postgres(url: url, dataDirectory: dir)
        let a = pool(storeA, workers: 1, chunkSeconds: 1), b = pool(storeB, workers: 1, chunkSeconds: 1)
        a.start()
        b.start()
        defer { a.shutdown(); b.shutdown() }
        let id = try submit(storeA, Self.spec)
        let done = try waitFor(storeB, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4)
        XCTAssertEqual(try storeB.chunks(of: id).map(\.status), [.done, .done, .done, .done])
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id)
    }

    /// Two nodes with data directories of their own (no shared file system) on one PostgreSQL
    /// database and one S3 bucket (Swift's s3api): the chunk pieces travel through the bucket, the
    /// joining node fetches what the other rendered, and the output matches a one-worker render.
    func testTwoNodesWithNoSharedFileSystemShareChunksThroughABucket() throws {
        try makeFixture()
        let url = try TestPostgres.shared().createDatabase()
        let s3 = try TestS3.shared().client()
        var nodes: [(store: SQLJobStore, pool: WorkerPool, data: DataDirectory)] = []
        for name in ["node-a", "node-b"] {
            let data = DataDirectory(root: dir + "/" + name)
            try data.create()
            let store = try SQLJobStore.postgres(url: url, dataDirectory: data.root)
            let pool = WorkerPool(store: store, workers: 1, locations: data, outputs: data,
                                  chunks: S3Chunks(S3Place(client: s3, prefix: "pieces"), local: data),
                                  resolver: SourceResolver(mediaRoot: dir + "/media"), logger: Logger(label: name), chunkSeconds: 1)
            nodes.append((store, pool, data))
        }
        nodes.forEach { $0.pool.start() }
        defer { nodes.forEach { $0.pool.shutdown() } }
        let id = try submit(nodes[0].store, Self.spec)
        let done = try waitFor(nodes[1].store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4)
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id)
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.2) { (try? s3.list(prefix: "pieces/chunks/").objects.isEmpty) == true },
                      "the pieces are deleted once the success is recorded")
    }

    /// A piece shared by one node is there for another with its own disk, byte for byte, and goes
    /// from both when the job's pieces are removed.
    func testAPieceSharedThroughTheBucketReachesAnotherNode() throws {
        let s3 = try TestS3.shared().client()
        let a = S3Chunks(S3Place(client: s3, prefix: "p"), local: DataDirectory(root: dir + "/a"))
        let b = S3Chunks(S3Place(client: s3, prefix: "p"), local: DataDirectory(root: dir + "/b"))
        let job = "job_01ARZ3NDEKTSV4RRFFQ69G5FAV"
        try a.prepare(jobID: job)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: a.localPath(jobID: job, piece: .video(2))))
        XCTAssertFalse(b.has(jobID: job, piece: .video(2)), "not shared yet")
        try a.share(jobID: job, piece: .video(2))
        XCTAssertTrue(b.has(jobID: job, piece: .video(2)))
        XCTAssertFalse(b.has(jobID: job, piece: .audio(2)))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: try b.fetch(jobID: job, piece: .video(2))))), bytes)
        XCTAssertEqual(b.jobsWithPieces(), [job])
        b.removePieces(jobID: job)
        XCTAssertFalse(FileManager.default.fileExists(atPath: b.localPath(jobID: job, piece: .video(2))), "the local copy goes")
        XCTAssertNil(try s3.headObject("p/chunks/\(job)/video-2.packets"))
    }

    /// A node that died holding the job and one of its chunks: both leases run out, a live worker
    /// takes the job over (finding the chunks already cut) and renders the dead node's chunk again.
    func testChunksOfADeadWorkerAreRenderedAgain() throws {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", leaseSeconds: 1)
        let id = try submit(store, Self.spec)
        XCTAssertEqual(try store.claim(owner: "dead")?.id, id)
        XCTAssertEqual(try store.addChunks(id, owner: "dead", frames: [0..<30, 30..<60, 60..<90, 90..<120], seconds: 1)?.count, 4)
        XCTAssertEqual(try store.claimChunk(owner: "dead", jobID: id)?.index, 0)
        let p = pool(store, workers: 1, chunkSeconds: 1)
        p.start()
        defer { p.shutdown() }
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.attempts, 2, "taken over once")
        let chunks = try store.chunks(of: id)
        XCTAssertEqual(chunks.map(\.status), [.done, .done, .done, .done])
        XCTAssertEqual(chunks[0].attempts, 2, "the dead worker's chunk was rendered again")
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id)
    }

    func assertMatchesWholeRender(_ out: String, id: String, spec: String = ChunkedJobTests.spec) throws {
        XCTAssertTrue(Poll.until(seconds: 30) { !FileManager.default.fileExists(atPath: dir + "/outputs/.chunks/" + id) },
                      "chunk files removed once the success is recorded")

        let plan = try RenderPlanner(resolver: SourceResolver(mediaRoot: dir + "/media")).plan(try SpecDecoder.decode(Array(spec.utf8)).get())
        let whole = dir + "/whole.mp4"
        try Renderer(plan: plan).render(to: whole)
        // pts and keyframe flag only: a chunk's first frame also carries the encoder's info SEI
        // (side data a player ignores), which ffprobe lists in a further column.
        let fields = { (lines: [String]) in lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: ",") } }
        let frames = fields(try probe(out, "v", "frame=key_frame,pts"))
        XCTAssertEqual(frames.count, 120)
        XCTAssertEqual(frames, fields(try probe(whole, "v", "frame=key_frame,pts")), "same frames, pts and keyframes")
        XCTAssertEqual(frames.filter { $0.hasPrefix("1,") }.count, 8, "a keyframe every 15 frames")
        XCTAssertEqual(try probe(out, "v", "packet=pts,dts"), try probe(whole, "v", "packet=pts,dts"))
        XCTAssertEqual(try probe(out, "a", "packet=pts,dts,duration"), try probe(whole, "a", "packet=pts,dts,duration"))
        // Each chunk's audio is encoded alone (joined on the AAC frame grid, ChunkedAudioTests): the
        // decoded track is the whole render's length, and differs from it by no more than two
        // encodes of one sound do (their quantization); a gap, a repeat or a chunk at another gain
        // is within a few dB of the signal.
        let floats = { (path: String) throws -> [Float] in
            _ = try ProcessRunner.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", path, "-map", "0:a", "-ac", "1", "-f", "f32le", path + ".f32"])
            return try Data(contentsOf: URL(fileURLWithPath: path + ".f32")).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        let a = try floats(out), b = try floats(whole)
        XCTAssertEqual(a.count, b.count, "the same sample count")
        let signal = b.reduce(0.0) { $0 + Double($1) * Double($1) }
        let noise = zip(a, b).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) }
        XCTAssertGreaterThan(10 * log10(signal / max(noise, 1e-30)), 30, "the chunked audio within the codec's noise of the whole render's")
    }

    func testCancellingAChunkedJobCancelsItsChunks() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store, workers: 2, chunkSeconds: 2)
        p.start()
        defer { p.shutdown() }
        // Two minutes of 720p: far longer than the wait below, in 60 chunks.
        let id = try submit(store, ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 120 } ] } }"##)
        p.wake()
        let running = try waitFor(store, id) { $0.status == .running && $0.chunks > 1 && $0.progress > 0 }
        XCTAssertEqual(running.chunks, 60)
        guard case .requested = try store.cancel(id) else { return XCTFail("expected a cancel request") }
        let stopped = try waitFor(store, id, timeout: 30) { $0.status.isFinished }
        XCTAssertEqual(stopped.status, .canceled)
        XCTAssertLessThan(stopped.progress, 1)
        XCTAssertNil(stopped.output)
        // The chunk workers stop at their next beat and give their chunks back.
        XCTAssertTrue(try Poll.until(seconds: 30) { try !store.chunks(of: id).contains { $0.status == .running } }, "no chunk still rendering")
        XCTAssertLessThan(try store.chunks(of: id).filter { $0.status == .done }.count, 60)
        XCTAssertNil(try store.claimChunk(owner: "X", jobID: nil), "nothing left to claim")
        // The job's worker removes the chunk files once the job has ended.
        XCTAssertTrue(Poll.until(seconds: 30) { !FileManager.default.fileExists(atPath: dir + "/outputs/.chunks/" + id) }, "chunk files removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/outputs/.chunks"), "and their folder, now that no job has chunks")
    }
}
