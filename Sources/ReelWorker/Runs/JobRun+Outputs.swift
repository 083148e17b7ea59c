import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore
import ReelBasics

/// A job with `outputs`: every output rendered together, each distinct picture drawn once (`MultiRenderer`),
/// here or in a render child, each to a file of this attempt's own (`OutputName` with the output's
/// name), then all published and recorded together (`succeed`). A progressive HLS output among
/// them is written in its own place and made visible where it is kept as it grows (`LiveOutput`),
/// as a job's one would be. A long one is cut into chunks that every worker may render, each
/// chunk every cut output's pieces (`MultiRenderer+Chunks`), where its outputs allow
/// (`MultiRenderer.canRenderInChunks`); else one worker renders it whole.
extension JobRun {
    /// One named output of this attempt: its spec entry and the path its file is written to.
    struct OutputTarget {
        let output: NamedOutput
        let path: String
        /// Where a progressive output is read while it renders; nil for the others.
        let live: (any LiveOutput)?

        var format: OutputFormat { output.spec.format }
        var progressive: Bool { live != nil }
    }

    func outputTargets(_ spec: JobSpec) -> [OutputTarget] {
        (spec.outputs ?? []).map { o in
            let name = OutputName(jobID: job.id, attempt: job.attempts, output: o.name, fileExtension: JobRun.fileExtension(o.spec.format))
            let path = pool.locations.output(name)
            let progressive = o.spec.format == .hls && o.spec.hls?.progressive == true
            return OutputTarget(output: o, path: path, live: progressive ? pool.outputs.live(name, folder: path) : nil)
        }
    }

    /// The named outputs a chunk of this job renders pieces of (`MultiRenderer.isCut`), in the
    /// spec's order; nil for a job with one `output`.
    static func cutOutputs(_ spec: JobSpec) -> [String]? {
        spec.outputs.map { $0.filter { MultiRenderer.isCut($0.spec) }.map(\.name) }
    }

    /// A join's pieces (`pieces[i]`: chunk `i`'s, `ChunkPiece.pieces(ofChunk:outputs:)`) by output.
    static func piecesByOutput(_ pieces: [[String]], outputs: [String]) -> [String: [MultiRenderer.Pieces]] {
        Dictionary(uniqueKeysWithValues: outputs.enumerated().map { k, name in
            (name, pieces.map { MultiRenderer.Pieces(video: $0[2 * k], audio: $0[2 * k + 1]) })
        })
    }

    /// After a failed render: what the progressive outputs had made visible, and their folders.
    func removeLive(_ targets: [OutputTarget]) {
        for t in targets {
            guard let live = t.live else { continue }
            pool.outputs.remove(live.location)
            try? FileManager.default.removeItem(atPath: t.path)
        }
    }

    /// Renders the planned outputs in this process.
    func runOutputs(_ planned: SpecPlanning.Planned, fetched: Double, names: SourceNames, meta: Logger.Metadata) {
        let token = CancellationToken()
        guard pool.register(job.id, token) else { return record { try pool.store.release(job.id, owner: owner) } }
        defer { pool.unregister(job.id) }
        var engineLog = pool.logger
        engineLog[metadataKey: "jobId"] = "\(job.id)"
        let targets = outputTargets(planned.spec)
        let members = MultiRenderer.members(planned.outputs, spec: planned.spec, threading: pool.codecThreading)
        let renderer = MultiRenderer(members: members, logger: engineLog)
        let measuredOutputs = {
            zip(members, targets).map { m, t in
                RenderedTarget(name: m.name, path: t.path, live: t.live, destinations: t.output.spec.destinations) {
                    // Measured on the output as written (after the codec), before it leaves this node.
                    FinishedRender(format: m.plan.format, duration: m.plan.outputRange.duration.description,
                                   copied: renderer.frameCounts[m.name]?.copied, encoded: renderer.frameCounts[m.name]?.encoded,
                                   firstSegmentSeconds: renderer.firstSegmentSeconds[m.name],
                                   loudness: try Renderer(plan: m.plan, logger: engineLog).loudness(of: t.path))
                }
            }
        }
        // A long job is cut into chunks that every worker of the cluster may render (`ChunkLength`).
        if let lead = renderer.cutMembers.first?.plan {
            let seconds = ChunkLength.seconds(for: renderer.chunkSpan, workers: pool.liveWorkers(), longest: pool.chunkSeconds)
            let ranges = seconds > 0 ? renderer.chunkRanges(seconds: seconds) : []
            if ranges.count > 1 {
                let joiner = LocalOutputsJoiner(renderer, paths: Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, $0.path) }),
                                                live: Dictionary(uniqueKeysWithValues: targets.compactMap { t in t.live.map { (t.output.name, $0) } }))
                let cut = Cut(ranges: ranges, seconds: seconds, frames: renderer.chunkFrames, format: lead.format, duration: lead.outputRange.duration.description)
                return runCut(joiner, cut, path: targets[0].path, live: nil, token: token, fetched: fetched, names: names, meta: meta,
                              failed: { removeLive(targets) }) { keeper, reason, meta in
                    succeed(measuredOutputs(), chunked: true, leaseKeeper: keeper, token: token, reason: reason, names: names, meta: meta)
                }
            }
        }
        let (leaseKeeper, reason, progress) = keepLease(token, fetched: fetched)
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: pool.logger)
        do {
            try renderer.render(to: Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, $0.path) }),
                                live: Dictionary(uniqueKeysWithValues: targets.compactMap { t in t.live.map { (t.output.name, $0) } }),
                                cancel: token) { progress.set($0) }
        } catch {
            leaseKeeper.stop()
            removeLive(targets)
            return conclude(error, reason, names, meta)
        }
        var meta = meta
        meta["seconds"] = JobRun.seconds(since: started)
        pool.metrics.record(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        succeed(measuredOutputs(), chunked: false, leaseKeeper: leaseKeeper, token: token, reason: reason, names: names, meta: meta)
    }

    /// Plans and renders the outputs in a render child, which writes them in a hidden work folder
    /// beside the outputs (a progressive one in its own folder, made empty for it: the child's
    /// files are put here where that output is kept elsewhere); each is moved into place here, then
    /// all are published and recorded.
    func runOutputsInChild(_ spec: JobSpec, _ isolation: RenderIsolation, fetched: Double, names: SourceNames, meta: Logger.Metadata) {
        var request = pool.renderRequest(jobID: job.id, text: job.spec, spec: spec, isolation: isolation)
        let targets = outputTargets(spec)
        guard let first = targets.first else { return }
        let work: String
        do {
            work = try JobRun.workFolder(for: first.path, progressive: false)
        } catch {
            return conclude(RenderError.output(path: first.path, cause: error), StopReason(), names, meta)
        }
        let dropWork = { try? FileManager.default.removeItem(atPath: work) }
        defer { dropWork() }
        let progressive = targets.filter(\.progressive)
        do {
            for t in progressive { try JobRun.emptyFolder(t.path) }
        } catch {
            removeLive(targets)
            return conclude(RenderError.output(path: work, cause: error), StopReason(), names, meta)
        }
        request.access.write = [work] + progressive.map(\.path)
        let token = CancellationToken()
        guard pool.register(job.id, token) else {
            removeLive(targets)
            return record { try pool.store.release(job.id, owner: owner) }
        }
        defer { pool.unregister(job.id) }
        guard let (child, planned) = plannedChild(isolation, request: request, token: token, names: names, meta: meta) else {
            return removeLive(targets)
        }
        let expected = targets.map { ($0.output.name, $0.format.rawValue) }
        guard let got = planned.outputs, got.map(\.name) == expected.map(\.0), got.map(\.format) == expected.map(\.1) else {
            child.dismiss()
            removeLive(targets)
            return conclude(ChildFailure(cause: .reported(code: .renderFailed, retry: true,
                                                          message: "the render process planned other outputs than the spec's")),
                            StopReason(), names, meta)
        }
        /// Each output as the child that wrote it summed it up.
        let reported = { (summary: RenderedSummary?) in
            zip(got, targets).map { p, t in
                RenderedTarget(name: p.name, path: t.path, live: t.live, destinations: t.output.spec.destinations) {
                    let s = summary?.outputs?[p.name]
                    return FinishedRender(format: t.format, duration: p.duration, copied: s?.copiedFrames, encoded: s?.encodedFrames,
                                          firstSegmentSeconds: s?.firstSegmentSeconds, loudness: s?.loudness.flatMap(MeasuredLoudness.init(numbers:)))
                }
            }
        }
        if planned.chunks > 1 {
            // Cut into chunks, which render children render on any worker; a join child writes the outputs.
            child.dismiss()
            dropWork()
            guard let ranges = planned.ranges, ranges.count == planned.chunks, ranges.allSatisfy({ $0.count == 2 && $0[0] < $0[1] }),
                  let frames = planned.frames, let cutNames = JobRun.cutOutputs(spec), !cutNames.isEmpty else {
                removeLive(targets)
                return conclude(ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the render process cut the job without its ranges")),
                                StopReason(), names, meta)
            }
            let pieces = URL(fileURLWithPath: pool.chunks.localPath(jobID: job.id, piece: .levels)).deletingLastPathComponent().path
            let joiner = ChildOutputsJoiner(isolation: isolation, request: request, targets: targets, outputs: cutNames, pieces: pieces) { [pool, job] in
                pool.adopt(job.id + "/join", child: $0)
            }
            let cut = Cut(ranges: ranges.map { $0[0]..<$0[1] }, seconds: planned.chunkSeconds ?? request.chunkSeconds, frames: frames,
                          format: targets[0].format, duration: planned.duration)
            return runCut(joiner, cut, path: targets[0].path, live: nil, token: token, fetched: fetched, names: names, meta: meta,
                          failed: { removeLive(targets) }) { keeper, reason, meta in
                succeed(reported(joiner.summary), chunked: true, leaseKeeper: keeper, token: token, reason: reason, names: names, meta: meta)
            }
        }
        let (leaseKeeper, reason, progress) = keepLease(token, fetched: fetched)
        let started = DispatchTime.now()
        JobRun.removePartials(of: job.id, before: job.attempts, in: pool.locations, logger: pool.logger)
        var meta = meta
        meta["pid"] = .stringConvertible(child.pid)
        meta["sandbox"] = .string(child.sandbox?.description ?? "not reported")
        let summary: RenderedSummary
        var placed: [String] = []
        do {
            let inWork = { (t: OutputTarget) in t.progressive ? t.path : work + "/" + (t.path as NSString).lastPathComponent }
            // A progressive output kept elsewhere is put by this process as the child reports its files.
            let relayed = targets.compactMap { t in t.live.flatMap { $0 is LocalLiveOutput ? nil : (t.output.name, $0) } }
            summary = try child.render(outputs: Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, inWork($0)) }),
                                       live: Dictionary(uniqueKeysWithValues: relayed), cancel: token) { progress.set($0) }
            for t in targets where !t.progressive {
                try Renderer.moveIntoPlace(inWork(t), t.path, folder: t.format == .hls)
                placed.append(t.path)
            }
            dropWork()
        } catch {
            leaseKeeper.stop()
            for path in placed { try? FileManager.default.removeItem(atPath: path) }
            removeLive(targets)
            return conclude(error, reason, names, meta)
        }
        meta["seconds"] = JobRun.seconds(since: started)
        pool.metrics.record(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        succeed(reported(summary), chunked: false, leaseKeeper: leaseKeeper, token: token, reason: reason, names: names, meta: meta)
    }
}
