import Foundation
import ReelStore
import Logging
import ReelBasics
import ReelEngine
import ReelSpec
import ReelStorage

/// A job cut into chunks, as its own worker runs it: solve a loudness target's levels once (the
/// only whole-output pass left), cut it (`addChunks`, which makes the chunks claimable by every
/// worker; each renders its video and its audio), render chunks of its own while any are left,
/// wait for the others' chunks, then join them into the output.
extension JobRun {
    /// The progress of a chunked job: the loudness levels 2 %, the chunks 95 % by their frames (as
    /// their workers last reported to the store), the join 3 %.
    final class ChunkedProgress: Sendable {
        let store: any JobStore
        let jobID: String
        let frames: Double
        let levels = ProgressBox()
        let joined = ProgressBox()

        init(store: any JobStore, jobID: String, frames: Int64) {
            self.store = store
            self.jobID = jobID
            self.frames = Double(max(1, frames))
        }

        func current() -> Double {
            let chunks = (try? store.chunks(of: jobID)) ?? []
            let done = chunks.reduce(0.0) { $0 + min(1, max(0, $1.progress)) * Double($1.frames.count) }
            return 0.02 * levels.current + 0.95 * done / frames + 0.03 * joined.current
        }
    }

    /// A chunk that failed for good: its job fails with the chunk's reason.
    struct ChunkFailure: Error, CustomStringConvertible, RetryClassifiable {
        let index: Int
        let reason: String
        var isTransient: Bool { false }
        var description: String { "chunk \(index) failed: \(reason)" }
    }

    /// How many times one attempt renders chunks again whose pieces it found missing at the join,
    /// before it fails: pieces that vanish again and again mean storage that loses what it is given.
    static let pieceRecoveries = 3

    /// Pieces that were missing at the join: the chunks (video or audio) to render again.
    struct MissingPieces: Error, CustomStringConvertible {
        var chunks: [Int] = []
        var description: String { "pieces missing at the join: " + chunks.map { "chunk \($0)" }.joined(separator: ", ") }
    }

    /// What the job's own worker knows of a job it cuts: from its plan here, or from the first
    /// render child's report (`PlannedOutput`).
    struct Cut {
        let ranges: [Range<Int64>]
        /// The chunk length chosen (`ChunkLength`), recorded as the job's `chunkSeconds`.
        let seconds: Int
        let frames: Int64
        let format: OutputFormat
        let duration: String
    }

    /// Runs a job cut into chunks (`renderInChunks`) with a `LeaseKeeper` beside it, and records the
    /// outcome; `token` is registered already. `joiner` solves, joins and measures (here or in
    /// render children).
    func runChunked(_ joiner: any ChunkJoiner, _ cut: Cut, path: String, live: (any LiveOutput)?, destinations: [DestinationSpec],
                    token: CancellationToken, fetched: Double, names: SourceNames, meta: Logger.Metadata) {
        runCut(joiner, cut, path: path, live: live, token: token, fetched: fetched, names: names, meta: meta) { leaseKeeper, reason, meta in
            succeed(path: path, live: live, chunked: true, destinations: destinations, leaseKeeper: leaseKeeper, token: token,
                    reason: reason, names: names, meta: meta) {
                // Measured on the output as written, before it leaves this node.
                let (loudness, firstSegment) = try joiner.measured(path: path)
                return FinishedRender(format: cut.format, duration: cut.duration, copied: 0, encoded: cut.frames,
                                      firstSegmentSeconds: firstSegment, loudness: loudness)
            }
        }
    }

    /// Renders a job cut into chunks and joins them, then has `finish` publish and record what the
    /// join wrote (a failure is recorded here, after `failed` removed what was made visible). `path`:
    /// where the output goes (a job with `outputs`: its first's, which errors name; the joiner
    /// knows the others).
    func runCut(_ joiner: any ChunkJoiner, _ cut: Cut, path: String, live: (any LiveOutput)?, token: CancellationToken, fetched: Double,
                names: SourceNames, meta: Logger.Metadata, failed: () -> Void = {},
                finish: (LeaseKeeper, StopReason, Logger.Metadata) -> Void) {
        var meta = meta
        let reason = StopReason()
        let chunked = ChunkedProgress(store: pool.store, jobID: job.id, frames: cut.frames)
        var progressSource: @Sendable () -> Double = { chunked.current() }
        if fetched > 0 {
            // The downloads took the first share of the job's progress; the render the rest.
            let render = progressSource
            progressSource = { fetched + (1 - fetched) * render() }
        }
        let leaseKeeper = LeaseKeeper(store: pool.store, jobID: job.id, owner: owner, progress: ProgressBox(), token: token,
                                      reason: reason, logger: pool.logger, progressSource: progressSource)
        leaseKeeper.start()
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: pool.logger)
        meta["chunks"] = .stringConvertible(cut.ranges.count)
        do {
            try renderInChunks(joiner, cut.ranges, seconds: cut.seconds, to: path, token: token, progress: chunked, live: live, started: started)
        } catch {
            leaseKeeper.stop()
            // What a progressive render had made visible goes with it (the next attempt has a name of its own).
            if let live {
                pool.outputs.remove(live.location)
                try? FileManager.default.removeItem(atPath: path)
            }
            failed()
            // The pieces are kept while another attempt may use them.
            if !((error as? RenderError)?.isRetryable ?? true) || reason.current == .cancel { pool.chunks.removePieces(jobID: job.id) }
            return conclude(error, reason, names, meta)
        }
        meta["seconds"] = JobRun.seconds(since: started)
        pool.metrics.record(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        finish(leaseKeeper, reason, meta)
    }

    func renderInChunks(_ joiner: any ChunkJoiner, _ ranges: [Range<Int64>], seconds: Int, to path: String, token: CancellationToken,
                        progress: ChunkedProgress, live: (any LiveOutput)?, started: DispatchTime) throws {
        let pieces = pool.chunks
        do {
            try pieces.prepare(jobID: job.id)
        } catch {
            throw RenderError.output(path: pieces.localPath(jobID: job.id, piece: .levels), cause: error)
        }
        // Before the cut: every chunk's audio carries them.
        let solving = DispatchTime.now()
        var solved = false
        for output in joiner.levelTargets {
            let solve = { () throws -> LoudnessLevels? in try joiner.solveLevels(output: output, cancel: token) }
            let piece = ChunkPiece.levels(of: output)
            if try ChunkLevels.share(target: true, jobID: job.id, piece: piece, pieces: pieces, storage: storage(token), solve: solve) != nil {
                solved = true
            }
        }
        if solved {
            // Like the join, a part no other node can take: the critical path `make bench-cluster` reports.
            pool.logger.info("loudness levels solved", metadata: ["jobId": "\(job.id)", "seconds": JobRun.seconds(since: solving)])
        }
        progress.levels.set(1)
        // The lease lost before the cut: the render stops like a cancelled one, and the lease
        // keeper has already said why.
        guard let chunks = try pool.store.addChunks(job.id, owner: owner, frames: ranges, seconds: seconds) else { throw RenderError.cancelled }
        for _ in 1..<chunks.count { pool.wake() }
        if joiner.progressive {
            return try joinAsDone(joiner, chunks, to: path, token: token, progress: progress,
                                  live: live ?? LocalLiveOutput(location: path), started: started)
        }
        var recoveries = 0
        while true {
            try awaitChunks(joiner, path: path, token: token)
            let joinStarted = DispatchTime.now()
            let fetched: [[String]]
            do {
                fetched = try storage(token).run("fetching the chunk pieces") { try fetchPieces(chunks, outputs: joiner.outputs) }
            } catch let missing as MissingPieces {
                // Pieces are deleted only once a success is recorded, so this is a sweep, a lost
                // bucket or a dead node's half-shared piece: render those chunks again.
                recoveries += 1
                guard recoveries <= JobRun.pieceRecoveries else { throw RenderError.output(path: path, cause: missing) }
                pool.logger.warning("chunk pieces missing; rendering them again",
                                    metadata: ["jobId": "\(job.id)", "missing": "\(missing)"])
                guard try pool.store.requeueChunks(job.id, owner: owner, indices: missing.chunks) else { throw RenderError.cancelled }
                for _ in missing.chunks { pool.wake() }
                continue
            } catch {
                throw RenderError.output(path: path, cause: error)
            }
            try joiner.join(pieces: fetched, to: path, cancel: token)
            progress.joined.set(1)
            pool.logger.info("chunks joined", metadata: ["jobId": "\(job.id)", "seconds": JobRun.seconds(since: joinStarted)])
            return
        }
    }

    /// A progressive output's chunks joined as they are done, in timeline order (`HLSChunkJoin`):
    /// each chunk done with all those before it is fetched and appended at once, so the playlists
    /// grow while later chunks render; between appends this worker renders chunks of its own. A
    /// chunk whose pieces are missing is rendered again, as at a whole join.
    private func joinAsDone(_ joiner: any ChunkJoiner, _ chunks: [JobChunk], to path: String, token: CancellationToken,
                            progress: ChunkedProgress, live: any LiveOutput, started: DispatchTime) throws {
        let join: any ProgressiveChunkJoin
        do {
            join = try joiner.progressiveJoin(folder: path, live: live, started: started, cancel: token)
        } catch let e as RenderError {
            throw e
        } catch let e as ChildFailure {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
        var next = 0, recoveries = 0, waits = 0
        while next < chunks.count {
            if token.isCancelled { throw RenderError.cancelled }
            let now = try pool.store.chunks(of: job.id)
            if let failed = now.first(where: { $0.status == .failed }) {
                throw RenderError.output(path: path, cause: ChunkFailure(index: failed.index, reason: failed.error ?? "unknown"))
            }
            var appended = false
            while next < chunks.count, now.first(where: { $0.index == chunks[next].index })?.status == .done {
                let index = chunks[next].index
                let pieces: [String]
                do {
                    pieces = try storage(token).run("fetching the chunk pieces") {
                        try ChunkPiece.pieces(ofChunk: index, outputs: joiner.outputs).map { try pool.chunks.fetch(jobID: job.id, piece: $0) }
                    }
                } catch is ChunkPieceMissing {
                    recoveries += 1
                    guard recoveries <= JobRun.pieceRecoveries else { throw RenderError.output(path: path, cause: MissingPieces(chunks: [index])) }
                    pool.logger.warning("chunk pieces missing; rendering them again", metadata: ["jobId": "\(job.id)", "chunk": .stringConvertible(index)])
                    guard try pool.store.requeueChunks(job.id, owner: owner, indices: [index]) else { throw RenderError.cancelled }
                    pool.wake()
                    break
                }
                do { try join.append(pieces: pieces) } catch let e as RenderError { throw e } catch let e as ChildFailure { throw e } catch {
                    throw RenderError.output(path: path, cause: error)
                }
                next += 1
                appended = true
                progress.joined.set(Double(next) / Double(chunks.count))
            }
            if appended {
                waits = 0
                continue
            }
            if let chunk = try pool.store.claimChunk(owner: owner, jobID: job.id) {
                ChunkRun(chunk: chunk, owner: owner, pool: pool, plan: joiner.plan, members: joiner.members).execute()
                waits = 0
                continue
            }
            // Other workers hold the next chunk; one whose lease runs out is claimed above.
            waits += 1
            Thread.sleep(forTimeInterval: JobRun.chunkPoll.pause(after: waits))
        }
        do { try join.finish() } catch let e as RenderError { throw e } catch let e as ChildFailure { throw e } catch {
            throw RenderError.output(path: path, cause: error)
        }
        pool.logger.info("chunks joined", metadata: ["jobId": "\(job.id)", "progressive": "true"])
    }

    /// Renders chunks of its own while any are left, then waits for the others' chunks.
    private func awaitChunks(_ joiner: any ChunkJoiner, path: String, token: CancellationToken) throws {
        var waits = 0
        while true {
            if token.isCancelled { throw RenderError.cancelled }
            if let chunk = try pool.store.claimChunk(owner: owner, jobID: job.id) {
                ChunkRun(chunk: chunk, owner: owner, pool: pool, plan: joiner.plan, members: joiner.members).execute()
                waits = 0
                continue
            }
            let now = try pool.store.chunks(of: job.id)
            if let failed = now.first(where: { $0.status == .failed }) {
                throw RenderError.output(path: path, cause: ChunkFailure(index: failed.index, reason: failed.error ?? "unknown"))
            }
            if now.allSatisfy({ $0.status == .done }) { return }
            // Other workers hold the rest; one whose lease runs out is claimed above.
            waits += 1
            Thread.sleep(forTimeInterval: JobRun.chunkPoll.pause(after: waits))
        }
    }

    /// How often the job's own worker looks again at chunks other workers hold: soon after the
    /// last change (a short chunk is joined without waiting long), then every 0.2 s at most.
    static let chunkPoll = Backoff(first: 0.02, limit: 0.2)

    /// The local paths of every chunk's pieces (`ChunkPiece.pieces(ofChunk:outputs:)`), in order;
    /// `MissingPieces` names every chunk with a piece gone.
    private func fetchPieces(_ chunks: [JobChunk], outputs: [String]?) throws -> [[String]] {
        var missing = MissingPieces()
        var fetched: [[String]] = []
        for chunk in chunks {
            do {
                fetched.append(try ChunkPiece.pieces(ofChunk: chunk.index, outputs: outputs).map { try pool.chunks.fetch(jobID: job.id, piece: $0) })
            } catch is ChunkPieceMissing {
                missing.chunks.append(chunk.index)
            }
        }
        if !missing.chunks.isEmpty { throw missing }
        return fetched
    }

    /// Seconds since `start`, to the millisecond, as log metadata.
    static func seconds(since start: DispatchTime) -> Logger.MetadataValue {
        let s = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return .stringConvertible((s * 1000).rounded() / 1000)
    }

}
