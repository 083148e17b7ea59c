import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage

/// The child's side of a job with `outputs`: every output planned (each as the spec with it
/// alone), said to the parent, then rendered in one pass per distinct picture (`MultiRenderer`),
/// each to the path the parent names for it (a progressive one in its own folder, its files put by
/// the parent where it relays them), and each measured.
extension RenderChildMain {
    static func renderOutputs(_ planned: SpecPlanning.Planned, request: RenderChildRequest, input: LineReader, logger: Logger) -> Int32 {
        let members = MultiRenderer.members(planned.outputs, spec: planned.spec, threading: CodecThreading.forRender(cores: max(1, request.cores)))
        let first = planned.plan
        var facts = PlannedOutput(format: first.format.rawValue, progressive: first.isProgressive,
                                  duration: first.outputRange.duration.description, chunks: 1)
        facts.outputs = members.map { PlannedNamedOutput(name: $0.name, format: $0.plan.format.rawValue, duration: $0.plan.outputRange.duration.description) }
        report(RenderChildReport(planned: facts))
        let lines = ParentLines(input)
        guard let line = lines.next(), let go = try? JSONDecoder().decode(RenderChildGo.self, from: Data(line.utf8)),
              let paths = go.outputs else { return 0 }
        do {
            let renderer = MultiRenderer(members: members, logger: logger)
            var live: [String: any LiveOutput] = [:]
            for name in go.relayedOutputs ?? [] {
                guard let path = paths[name] else { continue }
                live[name] = RelayedLiveOutput(location: path, answers: lines, output: name)
            }
            try renderer.render(to: paths, live: live, progress: progressReports())
            var summaries: [String: RenderedSummary] = [:]
            // Measuring passes report no frames: the watchdog hears beats.
            let beating = Heartbeat()
            defer { beating.stop() }
            for m in members {
                let loudness = try Renderer(plan: m.plan, logger: logger).loudness(of: paths[m.name] ?? "")
                summaries[m.name] = RenderedSummary(copiedFrames: renderer.frameCounts[m.name]?.copied,
                                                    encodedFrames: renderer.frameCounts[m.name]?.encoded,
                                                    firstSegmentSeconds: renderer.firstSegmentSeconds[m.name], loudness: loudness?.numbers)
            }
            report(RenderChildReport(done: RenderedSummary(outputs: summaries)))
            return 0
        } catch {
            return fail(error)
        }
    }
}
