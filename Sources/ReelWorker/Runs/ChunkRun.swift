import Foundation
import ReelStore
import Logging
import ReelEngine
import ReelSpec
import ReelStorage

/// One attempt at one chunk of a chunked job: render its video (`Renderer.renderVideoChunk`) and
/// its audio (`renderAudioChunk`, with the job's loudness levels) into the job's chunk folder with a
/// `LeaseKeeper` renewing the chunk's lease, and record the outcome; for a job with `outputs`, every
/// cut output's video and audio (`MultiRenderer.renderChunk`). Any worker runs it, the job's own
/// worker included.
struct ChunkRun {
    let chunk: JobChunk
    let owner: String
    let pool: WorkerPool
    /// The job's plan when the caller has it (the job's own worker); otherwise the pool's cached
    /// plan of the job, or one planned from the spec (and cached).
    var plan: RenderPlan? = nil
    /// The same for a job with `outputs`: its outputs' plans.
    var members: [MultiRenderer.Member]? = nil

    func execute() {
        let log = pool.logger
        let store = pool.store
        let meta: Logger.Metadata = ["jobId": "\(chunk.jobID)", "chunk": .stringConvertible(chunk.index),
                                     "attempt": .stringConvertible(chunk.attempts)]
        FFmpegLog.setCurrentJob(chunk.jobID)
        defer { FFmpegLog.setCurrentJob(nil) }
        // Planned and rendered in a child process where the pool isolates renders.
        if let isolation = pool.isolation { return executeInChild(isolation, meta: meta) }
        var plan: RenderPlan?
        var members = self.members
        var held: WebSources.Hold?
        defer { held?.release() }
        // Chunk errors become the job's: they name sources as the client did (the job's own run
        // gives its plan, not its spec: the spec is read for the names only when an error needs them).
        var names: SourceNames?
        func clientFacing(_ error: Error) -> String {
            let text = "\(error)"
            guard let names = names ?? (try? store.job(chunk.jobID))?.map({ pool.naming.names(of: try? SpecDecoder.decode(Array($0.spec.utf8)).get()) })
            else { return text }
            return names.clientFacing(text)
        }
        do {
            if let given = self.plan {
                plan = given  // the job's own run holds its sources
            } else if members == nil {
                guard let job = try store.job(chunk.jobID) else { return record { try store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) } }
                let decoded = SpecDecoder.decode(Array(job.spec.utf8))
                let spec = try? decoded.get()
                names = pool.naming.names(of: spec)
                held = spec.flatMap(pool.holdWebSources)
                // Per attempt: an attempt after a failure plans again (its sources may have changed),
                // so no chunk is rendered from a plan older than the attempt it belongs to.
                let key = "\(job.id)/\(job.attempts)"
                if spec?.outputs != nil {
                    members = try pool.outputPlans.plan(for: key) {
                        let planned = try SpecPlanning(resolver: pool.resolver).plan(decoded: decoded).get()
                        return MultiRenderer.members(planned.outputs, spec: planned.spec, threading: pool.codecThreading)
                    }
                } else {
                    plan = try pool.plans.plan(for: key) {
                        try SpecPlanning(resolver: pool.resolver).plan(decoded: decoded).get().plan
                    }
                }
            }
        } catch {
            return conclude(error, clientFacing(error), meta)
        }
        plan?.codecThreading = pool.codecThreading
        let token = CancellationToken()
        guard let key = registered(token) else { return }
        defer { pool.unregister(key) }
        let (reason, progress) = (JobRun.StopReason(), ProgressBox())
        let keeper = keepLease(token, progress: progress, reason: reason)
        log.info("chunk running", metadata: meta)
        let started = DispatchTime.now()
        do {
            let pieces = pool.chunks, video = ChunkPiece.video(chunk.index), audio = ChunkPiece.audio(chunk.index)
            try pieces.prepare(jobID: chunk.jobID)
            var engineLog = log
            engineLog[metadataKey: "jobId"] = "\(chunk.jobID)"
            engineLog[metadataKey: "chunk"] = .stringConvertible(chunk.index)
            if let members {
                let renderer = MultiRenderer(members: members, logger: engineLog)
                let names = renderer.cutMembers.map(\.name)
                let written = ChunkPiece.pieces(ofChunk: chunk.index, outputs: names).map { pieces.localPath(jobID: chunk.jobID, piece: $0) }
                let paths = JobRun.piecesByOutput([written], outputs: names).compactMapValues(\.first)
                var levels: [String: LoudnessLevels] = [:]
                for m in renderer.loudnessTargeted {
                    levels[m.name] = try ChunkLevels.fetch(Renderer(plan: m.plan, logger: engineLog), jobID: chunk.jobID,
                                                           piece: .outputLevels(output: m.name), pieces: pieces)
                }
                try renderer.renderChunk(chunk.frames, pieces: paths, levels: levels, cancel: token) { progress.set($0) }
                return try finished(token: token, keeper: keeper, meta: meta, started: started, outputs: names)
            }
            guard let plan else { preconditionFailure("a chunk without its plan") }
            let renderer = Renderer(plan: plan, logger: engineLog)
            let levels = try ChunkLevels.fetch(renderer, jobID: chunk.jobID, pieces: pieces)
            try renderer.renderChunk(chunk.frames, video: pieces.localPath(jobID: chunk.jobID, piece: video),
                                     audio: pieces.localPath(jobID: chunk.jobID, piece: audio), levels: levels, cancel: token) {
                progress.set($0)
            }
            try finished(token: token, keeper: keeper, meta: meta, started: started)
        } catch {
            stopped(error, token: token, keeper: keeper, reason: reason, meta: meta, clientFacing: clientFacing)
        }
    }

    /// Registers the chunk's render with the pool under its key (the job's own worker rendering one
    /// of its chunks is still one busy worker); nil, the chunk given back, when the pool is stopping.
    func registered(_ token: CancellationToken) -> String? {
        let key = "\(chunk.jobID)/chunk-\(chunk.index)"
        guard pool.register(key, token, nested: plan != nil) else {
            record { try pool.store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) }
            return nil
        }
        return key
    }

    /// The chunk's lease kept from now on: renewed, its progress stored, `token` fired on a cancel
    /// or a lost lease.
    func keepLease(_ token: CancellationToken, progress: ProgressBox, reason: JobRun.StopReason) -> LeaseKeeper {
        let keeper = LeaseKeeper(store: pool.store, jobID: chunk.jobID, owner: owner, progress: progress, token: token, reason: reason,
                                 logger: pool.logger, chunkIndex: chunk.index)
        keeper.start()
        return keeper
    }

    /// The chunk's pieces rendered (`outputs`: the named outputs it rendered, for a job with
    /// `outputs`): shared before the chunk is recorded done, so the joining node finds them.
    func finished(token: CancellationToken, keeper: LeaseKeeper, meta: Logger.Metadata, started: DispatchTime,
                  outputs: [String]? = nil) throws {
        let wait = StorageWait(logger: pool.logger, metadata: meta, givingUp: { pool.shuttingDown || token.isCancelled })
        for piece in ChunkPiece.pieces(ofChunk: chunk.index, outputs: outputs) {
            try wait.run("sharing the chunk") { try pool.chunks.share(jobID: chunk.jobID, piece: piece) }
        }
        keeper.stop()
        record { try pool.store.finishChunk(chunk.jobID, index: chunk.index, owner: owner, error: nil, retry: false) }
        pool.logger.info("chunk rendered", metadata: meta.merging(["seconds": JobRun.seconds(since: started)]) { $1 })
    }

    /// What a chunk's render that threw means: stopped (its token fired: a cancel, a lost lease,
    /// shutdown), its job ended meanwhile, or failed (`conclude`, with the error in the client's
    /// words).
    func stopped(_ error: any Error, token: CancellationToken, keeper: LeaseKeeper, reason: JobRun.StopReason,
                 meta: Logger.Metadata, clientFacing: (any Error) -> String) {
        let log = pool.logger
        let store = pool.store
        keeper.stop()
        if token.isCancelled {
            // Cancelled (a cancelled job's folder may vanish under a chunk being written, so any
            // error after the token fired counts as the stop), or stopped at shutdown: given back
            // (a cancelled job's chunks are never claimed again); a lost lease belongs to another
            // worker now.
            if reason.current != .lost { record { try store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) } }
            log.info("chunk stopped", metadata: meta.merging(["why": "\(reason.current)"]) { $1 })
            return
        }
        if let job = try? store.job(chunk.jobID), job.status != .running || job.cancelRequested {
            // The job ended meanwhile (its chunk folder may be gone): nothing to report.
            record { try store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) }
            log.info("chunk stopped", metadata: meta.merging(["why": "the job ended"]) { $1 })
            return
        }
        conclude(error, clientFacing(error), meta)
    }

    /// Records what a failed chunk run means (`RunOutcome`, the same mapping as a job's): given
    /// back unspent (an outage of the storage, or a stop), or failed (queued again while attempts
    /// remain, when the failure may pass; else its job fails with it).
    func conclude(_ error: any Error, _ text: String, _ meta: Logger.Metadata) {
        switch RunOutcome(error) {
        case .stopped, .givenBack:
            record { try pool.store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) }
            pool.logger.warning("chunk given back", metadata: meta.merging(["error": "\(error)"]) { $1 })
        case .failed(_, let retry):
            record { try pool.store.finishChunk(chunk.jobID, index: chunk.index, owner: owner, error: text, retry: retry) }
            pool.logger.info("chunk failed", metadata: meta.merging(["error": "\(error)", "retry": .stringConvertible(retry)]) { $1 })
        }
    }

    func record(_ body: () throws -> Void) {
        PatientWrite.run(patience: JobRun.completionPatience, logger: pool.logger,
                         metadata: ["jobId": "\(chunk.jobID)", "chunk": .stringConvertible(chunk.index)],
                         givingUp: { pool.shuttingDown }, body)
    }
}
