import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage

/// The child's side of a job with `outputs`: every output planned (each as the spec with it
/// alone), said to the parent, then rendered together, each distinct picture drawn once (`MultiRenderer`),
/// each to the path the parent names for it (a progressive one in its own folder, its files put by
/// the parent where it relays them), and each measured. A job cut into chunks: how, said with the
/// plan (`MultiRenderer.chunkRanges`); a chunk's child renders every cut output's pieces, the join's
/// copies them into each output and renders the stills.
extension RenderChildMain {
    static func renderOutputs(_ planned: SpecPlanning.Planned, request: RenderChildRequest, input: LineReader, logger: Logger) -> Int32 {
        let members = MultiRenderer.members(planned.outputs, spec: planned.spec, threading: CodecThreading.forRender(cores: max(1, request.cores)))
        let renderer = MultiRenderer(members: members, logger: logger)
        let first = planned.plan
        var facts = PlannedOutput(format: first.format.rawValue, progressive: first.isProgressive,
                                  duration: first.outputRange.duration.description, chunks: 1)
        facts.outputs = members.map { PlannedNamedOutput(name: $0.name, format: $0.plan.format.rawValue, duration: $0.plan.outputRange.duration.description) }
        if !renderer.cutMembers.isEmpty {
            let seconds = ChunkLength.seconds(for: renderer.chunkSpan, workers: request.workers, longest: request.chunkSeconds)
            let ranges = seconds > 0 ? renderer.chunkRanges(seconds: seconds) : []
            if ranges.count > 1 {
                facts.chunks = ranges.count
                facts.chunkSeconds = seconds
                facts.ranges = ranges.map { [$0.lowerBound, $0.upperBound] }
                facts.frames = renderer.chunkFrames
                facts.loudnessTarget = false
            }
        }
        report(RenderChildReport(planned: facts))
        let lines = ParentLines(input)
        guard let line = lines.next(), let go = try? JSONDecoder().decode(RenderChildGo.self, from: Data(line.utf8)),
              go.output != nil || go.outputs != nil else { return 0 }
        do {
            switch request.task {
            case .job:
                guard let paths = go.outputs else { return 0 }
                var live: [String: any LiveOutput] = [:]
                for name in go.relayedOutputs ?? [] {
                    guard let path = paths[name] else { continue }
                    live[name] = RelayedLiveOutput(location: path, answers: lines, output: name)
                }
                try renderer.render(to: paths, live: live, progress: progressReports())
                report(RenderChildReport(done: try measured(renderer, paths: paths, logger: logger)))
            case .chunk:
                let names = renderer.cutMembers.map(\.name)
                guard let f = request.frames, f.count == 2, f[0] < f[1], let given = request.outputPieces, given.count == 2 * names.count else {
                    return fail(ChildFailure(cause: .reported(code: .renderFailed, retry: false, message: "a chunk request without its frames or pieces")))
                }
                let pieces = JobRun.piecesByOutput([given], outputs: names).compactMapValues(\.first)
                var levels: [String: LoudnessLevels] = [:]
                for m in renderer.loudnessTargeted {
                    levels[m.name] = try request.outputLevels?[m.name] ?? renderer.loudnessLevels(of: m.name)
                }
                try renderer.renderChunk(f[0]..<f[1], pieces: pieces, levels: levels, progress: progressReports())
                report(RenderChildReport(done: RenderedSummary()))
            case .join:
                let names = renderer.cutMembers.map(\.name)
                if request.pieces == nil, let paths = go.outputs {
                    let started = DispatchTime(uptimeNanoseconds: request.startedNanoseconds ?? DispatchTime.now().uptimeNanoseconds)
                    try joinAsTheyCome(renderer, paths: paths, relayed: go.relayedOutputs ?? [], lines: lines, started: started)
                    report(RenderChildReport(done: try measured(renderer, paths: paths, logger: logger)))
                    return 0
                }
                guard let paths = go.outputs, let pieces = request.pieces, pieces.allSatisfy({ $0.count == 2 * names.count }) else {
                    return fail(ChildFailure(cause: .reported(code: .renderFailed, retry: false, message: "a join request without its outputs' pieces")))
                }
                do {
                    // Copying packets reports no frames: the watchdog hears beats.
                    let beating = Heartbeat()
                    defer { beating.stop() }
                    try renderer.joinChunks(JobRun.piecesByOutput(pieces, outputs: names), to: paths)
                }
                report(RenderChildReport(done: try measured(renderer, paths: paths, logger: logger)))
            case .levels:
                // Measuring passes over the whole mix report no frames: the watchdog hears beats.
                let beating = Heartbeat()
                defer { beating.stop() }
                report(RenderChildReport(done: RenderedSummary(levels: try renderer.loudnessLevels(of: request.levelsOutput ?? ""))))
            }
            return 0
        } catch {
            return fail(error)
        }
    }

    /// Outputs with a progressive one joined chunk by chunk (`OutputsChunkJoin`) as the parent sends
    /// each chunk's pieces (`JoinStep.pieces`), each step sent only once this child said it is ready
    /// (its puts answered first); a step to finish joins the other outputs and ends the playlists.
    private static func joinAsTheyCome(_ renderer: MultiRenderer, paths: [String: String], relayed: [String], lines: ParentLines,
                                       started: DispatchTime) throws {
        var live: [String: any LiveOutput] = [:]
        for name in relayed {
            guard let path = paths[name] else { continue }
            live[name] = RelayedLiveOutput(location: path, answers: lines, output: name)
        }
        let join = try OutputsChunkJoin(renderer, paths: paths, live: live, started: started)
        report(RenderChildReport(ready: true))
        while let line = lines.next() {
            guard let step = try? JSONDecoder().decode(JoinStep.self, from: Data(line.utf8)) else { break }
            if step.finish {
                // Copying the other outputs' packets reports no frames: the watchdog hears beats.
                let beating = Heartbeat()
                defer { beating.stop() }
                return try join.finish()
            }
            guard let pieces = step.pieces, pieces.count == 2 * join.outputs.count else { break }
            try join.append(JobRun.piecesByOutput([pieces], outputs: join.outputs).compactMapValues(\.first))
            report(RenderChildReport(ready: true))
        }
        throw ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the join's steps ended before the outputs were finished"))
    }

    /// Each output's summary once written: its frame counts, time to its first segment, loudness.
    private static func measured(_ renderer: MultiRenderer, paths: [String: String], logger: Logger) throws -> RenderedSummary {
        var summaries: [String: RenderedSummary] = [:]
        // Measuring passes report no frames: the watchdog hears beats.
        let beating = Heartbeat()
        defer { beating.stop() }
        for m in renderer.members {
            let loudness = try Renderer(plan: m.plan, logger: logger).loudness(of: paths[m.name] ?? "")
            summaries[m.name] = RenderedSummary(copiedFrames: renderer.frameCounts[m.name]?.copied,
                                                encodedFrames: renderer.frameCounts[m.name]?.encoded,
                                                firstSegmentSeconds: renderer.firstSegmentSeconds[m.name], loudness: loudness?.numbers)
        }
        return RenderedSummary(outputs: summaries)
    }
}
