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
        if let isolation = pool.isolation, let spec { return runInChild(spec, isolation, fetched: fetched, names: names, meta: meta) }
        var plan: RenderPlan
        let destinations: [DestinationSpec]
        switch SpecPlanning(resolver: pool.resolver).plan(decoded: decoded) {
        case .success(let planned):
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
        let reason = StopReason()
        let progress = ProgressBox()
        var progressSource: (@Sendable () -> Double)?
        if fetched > 0 {
            // The downloads took the first share of the job's progress; the render the rest.
            progressSource = { fetched + (1 - fetched) * progress.current }
        }
        let leaseKeeper = LeaseKeeper(store: pool.store, jobID: job.id, owner: owner, progress: progress, token: token,
                                      reason: reason, logger: log, progressSource: progressSource)
        leaseKeeper.start()
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
                 measure: () throws -> FinishedRender) {
        let log = pool.logger
        var meta = meta
        defer { leaseKeeper.stop() }
        let output: JobOutput
        do {
            let rendered = try RenderedOutput(path: path)
            let finished = try measure()
            // Published where outputs are kept (a bucket: uploaded, the local copy deleted)
            // before it is recorded, so a recorded output is always there.
            let publishing = DispatchTime.now()
            let location = try storage(token).run("publishing the output") {
                // A live output's files are all where they are kept already.
                try live?.finish(folder: path) ?? pool.outputs.publish(OutputName(jobID: job.id, attempt: job.attempts,
                                                                                  fileExtension: JobRun.fileExtension(finished.format)),
                                                                       at: path, contentType: JobRun.contentType(finished.format))
            }
            meta["publishSeconds"] = JobRun.seconds(since: publishing)
            output = JobOutput(path: location, bytes: rendered.bytes, duration: finished.duration,
                               sha256: rendered.sha256, contentType: JobRun.contentType(finished.format),
                               copiedFrames: finished.copied, encodedFrames: finished.encoded, loudness: finished.loudness,
                               destinations: JobRun.destinations(destinations, jobID: job.id, format: finished.format),
                               firstSegmentSeconds: finished.firstSegmentSeconds.map { ($0 * 1000).rounded() / 1000 })
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            if let live { pool.outputs.remove(live.location) }
            return conclude(error, reason, names, meta)
        }
        do {
            // A busy database is waited out: rendering again would cost far more than waiting.
            if try !pool.store.complete(job.id, owner: owner, output: output, patience: JobRun.completionPatience) {
                pool.outputs.remove(output.path)
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
            pool.outputs.remove(output.path)
            conclude(error, reason, names, meta)
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
    static func destinations(_ specs: [DestinationSpec], jobID: String, format: OutputFormat, now: Date = Date()) -> [OutputDestination] {
        let day = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(secondsFromGMT: 0)!, formatOptions: [.withFullDate])
        return specs.map { d in
            OutputDestination(url: "s3://\(d.bucket)/" + d.key(jobID: jobID, date: day, ext: fileExtension(format)), profile: d.profile)
        }
    }

    /// The output's media type, by its format's extension (`MediaTypes`).
    static func contentType(_ f: OutputFormat) -> String { MediaTypes.of(fileName: "output." + fileExtension(f)) ?? "application/octet-stream" }
}
