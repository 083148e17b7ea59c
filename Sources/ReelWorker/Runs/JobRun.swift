import Foundation
import ReelStore
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import Synchronization
import ReelBasics

/// One attempt at one job: plan, render with a `LeaseKeeper` beside it, record the outcome.
struct JobRun {
    let job: Job
    let owner: String
    let pool: WorkerPool

    /// Why the render's cancellation token fired.
    final class StopReason: Sendable {
        private let value = Mutex(LeaseStatus.keepGoing)
        /// The first reason given wins.
        func set(_ v: LeaseStatus) { value.withLock { if $0 == .keepGoing { $0 = v } } }
        var current: LeaseStatus { value.withLock { $0 } }
    }

    func execute() {
        let log = pool.logger
        var meta: Logger.Metadata = ["jobId": "\(job.id)", "attempt": .stringConvertible(job.attempts)]
        log.info("job running", metadata: meta)
        // FFmpeg's messages from this render name the job.
        FFmpegLog.setCurrentJob(job.id)
        defer { FFmpegLog.setCurrentJob(nil) }
        // Decoded once: its web sources are fetched first, then it is planned.
        let decoded = SpecDecoder.decode(Array(job.spec.utf8))
        let spec = try? decoded.get()
        let remote = spec.map(pool.remoteSources) ?? []
        // Job errors name sources as the client did, never by the server's paths (computed once the
        // web sources are on this node).
        var names: SourceNames { pool.naming.names(of: spec) }
        let held = remote.isEmpty ? nil : pool.webSources?.hold(remote)
        defer { held?.release() }
        guard let fetched = prefetch(remote, log: log) else { return }
        // Planned and rendered in child processes where the pool isolates renders.
        if let isolation = pool.isolation, let spec {
            if spec.outputs != nil { return runOutputsInChild(spec, isolation, fetched: fetched, names: names, meta: meta) }
            return runInChild(spec, isolation, fetched: fetched, names: names, meta: meta)
        }
        var plan: RenderPlan
        let destinations: [DestinationSpec]
        switch SpecPlanning(resolver: pool.resolver).plan(decoded: decoded) {
        case .success(let planned):
            if planned.spec.outputs != nil { return runOutputs(planned, fetched: fetched, names: names, meta: meta) }
            plan = planned.plan
            destinations = planned.spec.output.destinations
        case .failure(let failure):
            // An upload in a bucket that does not answer is given back at once (no lease is kept
            // while planning; the S3 client's own retries are the pause before the next claim).
            return conclude(failure, StopReason(), names, meta)
        }
        plan.codecThreading = pool.codecThreading
        let token = CancellationToken()
        guard pool.register(job.id, token) else {
            record { try pool.store.release(job.id, owner: owner) }
            return
        }
        defer { pool.unregister(job.id) }
        // The engine's own lines (`rendered`, `joined chunks`) name the job too.
        var engineLog = log
        engineLog[metadataKey: "jobId"] = "\(job.id)"
        let renderer = Renderer(plan: plan, logger: engineLog)
        // One file per attempt: a worker that lost its lease can then never touch the file of the
        // attempt that replaced it.
        let name = OutputName(jobID: job.id, attempt: job.attempts, fileExtension: JobRun.fileExtension(plan.format))
        let path = pool.locations.output(name)
        // A progressive output is rendered in place and made visible where it will be kept as it grows.
        let live = plan.isProgressive ? pool.outputs.live(name, folder: path) : nil
        // A long output is cut into chunks that every worker of the cluster may render (`ChunkLength`).
        let seconds = ChunkLength.seconds(for: plan.outputRange.duration, workers: pool.liveWorkers(), longest: pool.chunkSeconds)
        let ranges = seconds > 0 ? renderer.chunkRanges(seconds: seconds) : []
        if ranges.count > 1 {
            return runChunked(LocalChunkJoiner(renderer),
                              Cut(ranges: ranges, seconds: seconds, frames: plan.frameCount, format: plan.format, duration: plan.outputRange.duration.description),
                              path: path, live: live, destinations: destinations, token: token, fetched: fetched, names: names, meta: meta)
        }
        let (leaseKeeper, reason, progress) = keepLease(token, fetched: fetched)
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: log)
        do {
            try renderer.render(to: path, cancel: token, live: live) { progress.set($0) }
        } catch {
            leaseKeeper.stop()
            // What a progressive render had made visible goes with it (the next attempt has a name of its own).
            if let live {
                pool.outputs.remove(live.location)
                try? FileManager.default.removeItem(atPath: path)
            }
            return conclude(error, reason, names, meta)
        }
        meta["seconds"] = JobRun.seconds(since: started)
        pool.metrics.record(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        succeed(path: path, live: live, chunked: false, destinations: destinations, leaseKeeper: leaseKeeper, token: token,
                reason: reason, names: names, meta: meta) {
            // Measured on the output as written (after the codec), before it leaves this node.
            let loudness = try renderer.loudness(of: path)
            return FinishedRender(format: plan.format, duration: plan.outputRange.duration.description,
                                  copied: renderer.frameCounts?.copied, encoded: renderer.frameCounts?.encoded,
                                  firstSegmentSeconds: renderer.firstSegmentSeconds, loudness: loudness)
        }
    }

    /// Starts keeping the job's lease while it renders, reporting the render's progress (`progress`,
    /// 0…1) after the share the downloads took (`fetched`); why the run stopped, when it does, is
    /// in `reason`.
    func keepLease(_ token: CancellationToken, fetched: Double) -> (LeaseKeeper, StopReason, ProgressBox) {
        let reason = StopReason()
        let progress = ProgressBox()
        var progressSource: (@Sendable () -> Double)?
        if fetched > 0 {
            // The downloads took the first share of the job's progress; the render the rest.
            progressSource = { fetched + (1 - fetched) * progress.current }
        }
        let leaseKeeper = LeaseKeeper(store: pool.store, jobID: job.id, owner: owner, progress: progress, token: token,
                                      reason: reason, logger: pool.logger, progressSource: progressSource)
        leaseKeeper.start()
        return (leaseKeeper, reason, progress)
    }

    /// What a finished render tells the job's output record: from the renderer in this process or
    /// from a child's report.
    struct FinishedRender {
        let format: OutputFormat
        let duration: String
        let copied: Int64?
        let encoded: Int64?
        let firstSegmentSeconds: Double?
        let loudness: MeasuredLoudness?
    }

    /// A render's output at `path` is done: hashed, measured (`measure`), published where outputs
    /// are kept and recorded, the lease kept until then.
    func succeed(path: String, live: (any LiveOutput)?, chunked: Bool, destinations: [DestinationSpec], leaseKeeper: LeaseKeeper,
                 token: CancellationToken, reason: StopReason, names: SourceNames, meta: Logger.Metadata,
                 measure: @escaping () throws -> FinishedRender) {
        succeed([RenderedTarget(name: nil, path: path, live: live, destinations: destinations, measure: measure)], chunked: chunked,
                leaseKeeper: leaseKeeper, token: token, reason: reason, names: names, meta: meta)
    }

    /// One output a render finished, not yet published: the job's one (`name` nil) or one of its
    /// named outputs, where the render wrote it, and how to measure it.
    struct RenderedTarget {
        let name: String?
        let path: String
        var live: (any LiveOutput)? = nil
        let destinations: [DestinationSpec]
        let measure: () throws -> FinishedRender
    }

    /// The renders' outputs are done: each hashed, measured, published where outputs are kept,
    /// then all recorded in one step, the lease kept until then. A failure on the way removes
    /// every one of them, published or not.
    func succeed(_ targets: [RenderedTarget], chunked: Bool, leaseKeeper: LeaseKeeper, token: CancellationToken, reason: StopReason,
                 names: SourceNames, meta: Logger.Metadata) {
        let log = pool.logger
        var meta = meta
        defer { leaseKeeper.stop() }
        var outputs: [JobOutput] = []
        do {
            let publishing = DispatchTime.now()
            for t in targets { outputs.append(try publish(t, token: token)) }
            meta["publishSeconds"] = JobRun.seconds(since: publishing)
        } catch {
            for o in outputs { pool.outputs.remove(o.path) }
            for t in targets.dropFirst(outputs.count) {
                try? FileManager.default.removeItem(atPath: t.path)
                if let live = t.live { pool.outputs.remove(live.location) }
            }
            return conclude(error, reason, names, meta)
        }
        do {
            // A busy database is waited out: rendering again would cost far more than waiting.
            if try !pool.store.complete(job.id, owner: owner, outputs: outputs, patience: JobRun.completionPatience) {
                for o in outputs { pool.outputs.remove(o.path) }
                log.info("output discarded: the job was canceled or its lease lost meanwhile", metadata: meta)
                return
            }
            log.info("job succeeded", metadata: meta)
            if chunked { pool.chunks.removePieces(jobID: job.id) }
        } catch let e as StoreFailure where e.isTransient {
            // Still busy or unreachable: the file stays; once the lease runs out the job is rendered again and
            // this file, never recorded, goes with the output sweep.
            log.error("job store busy; the finished output could not be recorded",
                      metadata: meta.merging(["error": "\(e)"]) { $1 })
        } catch {
            for o in outputs { pool.outputs.remove(o.path) }
            conclude(error, reason, names, meta)
        }
    }

    /// One finished output hashed, measured and published (a bucket: uploaded, the local copy
    /// deleted) before it is recorded, so a recorded output is always there; its record. On a
    /// failure the local file (or a live output's files) is removed.
    private func publish(_ t: RenderedTarget, token: CancellationToken) throws -> JobOutput {
        do {
            let rendered = try RenderedOutput(path: t.path)
            let finished = try t.measure()
            let location = try storage(token).run("publishing the output") {
                // A live output's files are all where they are kept already.
                try t.live?.finish(folder: t.path) ?? pool.outputs.publish(OutputName(jobID: job.id, attempt: job.attempts, output: t.name,
                                                                                      fileExtension: JobRun.fileExtension(finished.format)),
                                                                           at: t.path, contentType: JobRun.contentType(finished.format))
            }
            return JobOutput(path: location, bytes: rendered.bytes, duration: finished.duration,
                             sha256: rendered.sha256, contentType: JobRun.contentType(finished.format),
                             copiedFrames: finished.copied, encodedFrames: finished.encoded, loudness: finished.loudness,
                             destinations: JobRun.destinations(t.destinations, jobID: job.id, format: finished.format, name: t.name),
                             firstSegmentSeconds: finished.firstSegmentSeconds.map { ($0 * 1000).rounded() / 1000 }, name: t.name)
        } catch {
            try? FileManager.default.removeItem(atPath: t.path)
            if let live = t.live { pool.outputs.remove(live.location) }
            throw error
        }
    }

    /// Records what a failed run means (`RunOutcome`): stopped, given back, or failed (and queued
    /// again while attempts remain, when the failure may pass).
    func conclude(_ error: any Error, _ reason: StopReason, _ names: SourceNames, _ meta: Logger.Metadata) {
        switch RunOutcome(error) {
        case .stopped:
            stopped(reason, meta)
        case .givenBack:
            giveBack(error, meta)
        case .failed(let code, let retry):
            record { try pool.store.fail(job.id, owner: owner, error: JobError(code: code, message: names.clientFacing("\(error)")), retry: retry) }
            pool.logger.info("job failed", metadata: meta.merging(["error": "\(error)", "retry": .stringConvertible(retry)]) { $1 })
        }
    }

    /// Records why the run stopped: a cancel, a lost lease (nothing to record), or the pool's
    /// shutdown (the job back to the queue unspent).
    func stopped(_ reason: StopReason, _ meta: Logger.Metadata) {
        switch reason.current {
        case .cancel: record { try pool.store.markCanceled(job.id, owner: owner) }
        case .lost: break
        case .keepGoing: record { try pool.store.release(job.id, owner: owner) }  // shutdown
        }
        pool.logger.info("job stopped", metadata: meta.merging(["why": "\(reason.current)"]) { $1 })
    }

    /// Hands the job back without spending its attempt: the storage was out for longer than a run
    /// waits (`StorageWait`), which is not the job's fault.
    func giveBack(_ error: any Error, _ meta: Logger.Metadata) {
        record { try pool.store.release(job.id, owner: owner) }
        pool.logger.warning("job given back: storage unavailable", metadata: meta.merging(["error": "\(error)"]) { $1 })
    }

    /// Waits out an outage of the storage while this run's lease is kept; a cancelled run stops waiting.
    func storage(_ token: CancellationToken) -> StorageWait {
        StorageWait(logger: pool.logger, metadata: ["jobId": "\(job.id)"], givingUp: { pool.shuttingDown || token.isCancelled })
    }

    func record(_ body: () throws -> Void) {
        PatientWrite.run(patience: JobRun.completionPatience, logger: pool.logger, metadata: ["jobId": "\(job.id)"],
                         givingUp: { pool.shuttingDown }, body)
    }

    /// Deletes the temporary files (`.JOB-N.ext.partial-…`) of the job's earlier attempts: this
    /// attempt's claim means their workers lost the job, on whichever node they ran (a node
    /// sharing the output folder cannot tell another node's dead process from a live one).
    static func removePartials(of jobID: String, before attempt: Int, in locations: any MediaLocations, logger: Logger) {
        for (partial, path) in locations.partialOutputs() {
            guard let output = OutputName(partial.target), output.jobID == jobID, output.attempt < attempt else { continue }
            locations.remove(path)
            logger.info("removed an earlier attempt's partial output", metadata: ["file": "\(path)"])
        }
    }

    /// How long a finished render waits for a busy database to record it.
    static let completionPatience = 60.0

    static func fileExtension(_ f: OutputFormat) -> String { f.rawValue }

    /// The spec's destinations with their keys filled in for this job, finishing today (UTC).
    static func destinations(_ specs: [DestinationSpec], jobID: String, format: OutputFormat, name: String? = nil,
                             now: Date = Date()) -> [OutputDestination] {
        let day = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(secondsFromGMT: 0)!, formatOptions: [.withFullDate])
        return specs.map { d in
            OutputDestination(url: "s3://\(d.bucket)/" + d.key(jobID: jobID, date: day, ext: fileExtension(format), name: name), profile: d.profile)
        }
    }

    /// The output's media type, by its format's extension (`MediaTypes`).
    static func contentType(_ f: OutputFormat) -> String { MediaTypes.of(fileName: "output." + fileExtension(f)) ?? "application/octet-stream" }
}
