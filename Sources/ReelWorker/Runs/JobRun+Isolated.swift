import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore

/// A job planned and rendered in a child process (`RenderChild`): this thread keeps the lease,
/// hears progress, kills the child on a cancel or a stall, and publishes and records the output as
/// a render here would. A crash, a limit or a stall in the child fails this attempt alone, with an
/// error naming the cause, recorded before the worker claims again.
extension JobRun {
    /// Runs the job in a child; false when the child's plan is one this process cuts into chunks
    /// and joins itself, the child let go unharmed.
    func runInChild(_ spec: JobSpec, _ isolation: RenderIsolation, fetched: Double, names: SourceNames, meta: Logger.Metadata) -> Bool {
        let request = pool.renderRequest(jobID: job.id, text: job.spec, spec: spec, isolation: isolation)
        let token = CancellationToken()
        // Registered before the child plans: the worker is busy, and a shutdown stops the planning too.
        guard pool.register(job.id, token) else {
            record { try pool.store.release(job.id, owner: owner) }
            return true
        }
        var handedOver = false
        defer { if !handedOver { pool.unregister(job.id) } }
        let child: RenderChild
        let planned: PlannedOutput
        do {
            child = try RenderChild(isolation, request: request)
            pool.adopt(job.id, child: child.pid)
            // No lease is kept while planning, as in a render here.
            planned = try child.planned(cancel: token)
        } catch {
            conclude(error, StopReason(), names, meta)
            return true
        }
        guard let format = OutputFormat(rawValue: planned.format) else {
            child.dismiss()
            conclude(ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the render process planned an unknown format")),
                     StopReason(), names, meta)
            return true
        }
        let name = OutputName(jobID: job.id, attempt: job.attempts, fileExtension: JobRun.fileExtension(format))
        let path = pool.locations.output(name)
        let live = planned.progressive ? pool.outputs.live(name, folder: path) : nil
        if planned.chunks > 1 {
            child.dismiss()
            // Rendered in this process, which registers the job again.
            pool.unregister(job.id)
            handedOver = true
            return false
        }
        let reason = StopReason()
        let progress = ProgressBox()
        var progressSource: (@Sendable () -> Double)?
        if fetched > 0 { progressSource = { fetched + (1 - fetched) * progress.current } }
        let leaseKeeper = LeaseKeeper(store: pool.store, jobID: job.id, owner: owner, progress: progress, token: token,
                                      reason: reason, logger: pool.logger, progressSource: progressSource)
        leaseKeeper.start()
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: pool.logger)
        var meta = meta
        meta["pid"] = .stringConvertible(child.pid)
        meta["sandbox"] = .string(child.sandbox?.description ?? "not reported")
        let summary: RenderedSummary
        do {
            // A progressive output kept elsewhere is put by this process as the child reports its files.
            let relayed = live.flatMap { $0 is LocalLiveOutput ? nil : $0 }
            summary = try child.render(to: path, cancel: token, live: relayed) { progress.set($0) }
        } catch {
            leaseKeeper.stop()
            if let live {
                pool.outputs.remove(live.location)
                try? FileManager.default.removeItem(atPath: path)
            }
            conclude(error, reason, names, meta)
            return true
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        meta["seconds"] = .stringConvertible((seconds * 1000).rounded() / 1000)
        pool.metrics.record(seconds)
        succeed(path: path, live: live, chunked: false, destinations: spec.output.destinations, leaseKeeper: leaseKeeper, token: token,
                reason: reason, names: names, meta: meta) {
            FinishedRender(format: format, duration: planned.duration, copied: summary.copiedFrames, encoded: summary.encodedFrames,
                           firstSegmentSeconds: summary.firstSegmentSeconds,
                           loudness: summary.loudness.map { OutputLoudness(integrated: $0.first ?? nil, truePeak: $0.dropFirst().first ?? nil,
                                                                           range: $0.dropFirst(2).first ?? nil) })
        }
        return true
    }

    /// A chunked job's loudness levels solved in a child (task `levels`: the measuring passes decode
    /// every source of the mix).
    func solveLevelsInChild(_ isolation: RenderIsolation, cancel token: CancellationToken) throws -> LoudnessLevels? {
        guard case .success(let spec) = SpecDecoder.decode(Array(job.spec.utf8)) else { return nil }
        let child = try RenderChild(isolation, request: pool.renderRequest(jobID: job.id, text: job.spec, spec: spec, isolation: isolation,
                                                                           task: .levels))
        _ = try child.planned(cancel: token)
        return try child.render(to: "", cancel: token) { _ in }.levels
    }
}
