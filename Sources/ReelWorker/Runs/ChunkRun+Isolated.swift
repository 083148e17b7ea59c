import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore

/// A chunk planned and rendered in a child process (`RenderChild`, task `chunk`): this thread keeps
/// the chunk's lease, hears progress, kills the child on a cancel or a stall, and shares the pieces
/// and records the outcome as a chunk rendered here would.
extension ChunkRun {
    func executeInChild(_ isolation: RenderIsolation, meta: Logger.Metadata) {
        let store = pool.store
        guard let job = try? store.job(chunk.jobID) else { return record { try store.releaseChunk(chunk.jobID, index: chunk.index, owner: owner) } }
        guard case .success(let spec) = SpecDecoder.decode(Array(job.spec.utf8)) else {
            return conclude(ChildFailure(cause: .reported(code: .invalid, retry: false, message: "the job's spec no longer decodes")),
                            "the job's spec no longer decodes", meta)
        }
        let names = pool.naming.names(of: spec)
        let held = pool.holdWebSources(of: spec)
        defer { held?.release() }
        let token = CancellationToken()
        guard let key = registered(token) else { return }
        defer { pool.unregister(key) }
        let (reason, progress) = (JobRun.StopReason(), ProgressBox())
        let keeper = keepLease(token, progress: progress, reason: reason)
        pool.logger.info("chunk running", metadata: meta)
        let started = DispatchTime.now()
        var meta = meta
        do {
            let pieces = pool.chunks
            try pieces.prepare(jobID: chunk.jobID)
            var request = pool.renderRequest(jobID: chunk.jobID, text: job.spec, spec: spec, isolation: isolation, task: .chunk)
            request.frames = [chunk.frames.lowerBound, chunk.frames.upperBound]
            let outputs = JobRun.cutOutputs(spec)
            let written = ChunkPiece.pieces(ofChunk: chunk.index, outputs: outputs).map { pieces.localPath(jobID: chunk.jobID, piece: $0) }
            if let outputs {
                request.outputPieces = written
                // The shared levels of the outputs with a target; the child solves those not there.
                request.outputLevels = Dictionary(uniqueKeysWithValues: outputs.compactMap { name in
                    ChunkLevels.shared(jobID: chunk.jobID, piece: .outputLevels(output: name), pieces: pieces).map { (name, $0) }
                })
            } else {
                (request.video, request.audio) = (written[0], written[1])
                // The shared levels when they are there; the child solves them again otherwise (the same numbers).
                request.levels = ChunkLevels.shared(jobID: chunk.jobID, pieces: pieces)
            }
            // It writes in the job's pieces folder alone.
            request.access.write = Array(Set(written.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })).sorted()
            let child = try RenderChild(isolation, request: request)
            pool.adopt(key, child: child.pid)
            meta["pid"] = .stringConvertible(child.pid)
            _ = try child.planned(cancel: token)
            _ = try child.render(to: request.video ?? "", cancel: token) { progress.set($0) }
            try finished(token: token, keeper: keeper, meta: meta, started: started, outputs: outputs)
        } catch {
            stopped(error, token: token, keeper: keeper, reason: reason, meta: meta) { names.clientFacing("\($0)") }
        }
    }
}
