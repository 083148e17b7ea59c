import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore
import ReelBasics

/// A job planned and rendered in a child process (`RenderChild`): this thread keeps the lease,
/// hears progress, kills the child on a cancel or a stall, and publishes and records the output as
/// a render here would. A crash, a limit or a stall in the child fails this attempt alone, with an
/// error naming the cause, recorded before the worker claims again.
extension JobRun {
    /// Runs the job in render children: one plans it and, unless the plan is cut into chunks,
    /// renders it; a cut job's chunks, levels and join each run in children of their own
    /// (`ChildChunkJoiner`), by the ranges the first child reported.
    func runInChild(_ spec: JobSpec, _ isolation: RenderIsolation, fetched: Double, names: SourceNames, meta: Logger.Metadata) {
        var request = pool.renderRequest(jobID: job.id, text: job.spec, spec: spec, isolation: isolation)
        let format = spec.output.format
        let name = OutputName(jobID: job.id, attempt: job.attempts, fileExtension: JobRun.fileExtension(format))
        let path = pool.locations.output(name)
        let progressive = format == .hls && spec.output.hls?.progressive == true
        // The child writes only in folders made for it: its output in a hidden work folder beside
        // the outputs (moved into place here), or a progressive output's own folder, where it is
        // served while it grows.
        let work: String
        do {
            work = try JobRun.workFolder(for: path, progressive: progressive)
        } catch {
            return conclude(RenderError.output(path: path, cause: error), StopReason(), names, meta)
        }
        // Gone before the job is recorded finished (a client that sees it finished sees no leftover),
        // and on every other way out.
        let dropWork = { try? FileManager.default.removeItem(atPath: work) }
        defer { dropWork() }
        request.access.write = progressive ? [work, path] : [work]
        let token = CancellationToken()
        // Registered before the child plans: the worker is busy, and a shutdown stops the planning too.
        guard pool.register(job.id, token) else {
            return record { try pool.store.release(job.id, owner: owner) }
        }
        defer { pool.unregister(job.id) }
        guard let (child, planned) = plannedChild(isolation, request: request, token: token, names: names, meta: meta) else { return }
        guard planned.format == format.rawValue, planned.progressive == progressive else {
            child.dismiss()
            return conclude(ChildFailure(cause: .reported(code: .renderFailed, retry: true,
                                                          message: "the render process planned another output than the spec's")),
                            StopReason(), names, meta)
        }
        let live = progressive ? pool.outputs.live(name, folder: path) : nil
        if planned.chunks > 1 {
            child.dismiss()
            dropWork()  // the chunks and their join write elsewhere
            guard let ranges = planned.ranges, ranges.count == planned.chunks, ranges.allSatisfy({ $0.count == 2 && $0[0] < $0[1] }),
                  let frames = planned.frames else {
                return conclude(ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the render process cut the job without its ranges")),
                                StopReason(), names, meta)
            }
            let pieces = URL(fileURLWithPath: pool.chunks.localPath(jobID: job.id, piece: .levels)).deletingLastPathComponent().path
            let joiner = ChildChunkJoiner(isolation: isolation, request: request, planned: planned, format: format, pieces: pieces) { [pool, job] in
                pool.adopt(job.id + "/join", child: $0)
            }
            return runChunked(joiner, Cut(ranges: ranges.map { $0[0]..<$0[1] }, seconds: planned.chunkSeconds ?? request.chunkSeconds, frames: frames,
                                          format: format, duration: planned.duration),
                              path: path, live: live, destinations: spec.output.destinations, token: token, fetched: fetched,
                              names: names, meta: meta)
        }
        let (leaseKeeper, reason, progress) = keepLease(token, fetched: fetched)
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: pool.logger)
        var meta = meta
        meta["pid"] = .stringConvertible(child.pid)
        meta["sandbox"] = .string(child.sandbox?.description ?? "not reported")
        let summary: RenderedSummary
        do {
            // A progressive output kept elsewhere is put by this process as the child reports its files.
            let relayed = live.flatMap { $0 is LocalLiveOutput ? nil : $0 }
            let target = progressive ? path : work + "/" + name.name
            summary = try child.render(to: target, cancel: token, live: relayed) { progress.set($0) }
            if !progressive { try Renderer.moveIntoPlace(target, path, folder: format == .hls) }
            dropWork()
        } catch {
            leaseKeeper.stop()
            if let live {
                pool.outputs.remove(live.location)
                try? FileManager.default.removeItem(atPath: path)
            }
            return conclude(error, reason, names, meta)
        }
        meta["seconds"] = JobRun.seconds(since: started)
        pool.metrics.record(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        succeed(path: path, live: live, chunked: false, destinations: spec.output.destinations, leaseKeeper: leaseKeeper, token: token,
                reason: reason, names: names, meta: meta) {
            FinishedRender(format: format, duration: planned.duration, copied: summary.copiedFrames, encoded: summary.encodedFrames,
                           firstSegmentSeconds: summary.firstSegmentSeconds,
                           loudness: summary.loudness.flatMap(MeasuredLoudness.init(numbers:)))
        }
    }

    /// Starts a render child for this job and has it plan (no lease is kept while planning, as in a
    /// render here): the child and what it planned, or nil once the failure is recorded.
    func plannedChild(_ isolation: RenderIsolation, request: RenderChildRequest, token: CancellationToken, names: SourceNames,
                      meta: Logger.Metadata) -> (RenderChild, PlannedOutput)? {
        do {
            let child = try RenderChild(isolation, request: request)
            pool.adopt(job.id, child: child.pid)
            return (child, try child.planned(cancel: token))
        } catch {
            conclude(error, StopReason(), names, meta)
            return nil
        }
    }

    /// Makes the hidden folder a child writes `path` in (a partial name beside it, which the
    /// sweep at start removes if this process dies) and, for a progressive output, `path` itself,
    /// empty. The work folder's path.
    static func workFolder(for path: String, progressive: Bool) throws -> String {
        let work = PartialName.path(beside: path)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
        if progressive { try emptyFolder(path) }
        return work
    }

    /// Makes `path` an empty folder (what was there removed): a progressive output's own folder,
    /// the one place its render or join child may write it.
    static func emptyFolder(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
}
