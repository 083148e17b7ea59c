import ArgumentParser
import Dispatch
import Foundation
import ReelEngine
import ReelWorker
import ReelSpec
import ReelStorage
import Synchronization

/// `reel render SPEC.json -o OUT`: renders a spec to a file, with progress on standard error.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a job spec to a file. Sources are relative to the spec's directory, or http(s) URLs.")

    @OptionGroup var source: SpecSourceOptions

    @Option(name: .shortAndLong, help: "The output file; for a spec with `outputs`, the folder each is written into as NAME.EXT.")
    var output: String

    @Flag(help: "Show progress (a bar on a terminal, plain lines otherwise).")
    var progress = false

    @Flag(help: "Show FFmpeg's warnings and encoder statistics, and how many video frames were copied and encoded.")
    var verbose = false

    @Flag(help: "Plan and render in a sandboxed child process, as `reel serve` renders jobs (local sources only).")
    var isolated = false

    func run() throws {
        Reel.setUp(verbose: verbose)
        if isolated { return try runIsolated() }
        let planned: (file: SpecFile, plan: RenderPlan, plans: JobPlan)
        do {
            planned = try source.plan(outputPath: output)
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
        let cancel = CancellationToken()
        // The first Ctrl-C stops the render cleanly (its partial file is removed); a second one,
        // for a render slow to stop, exits at once.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let presses = Presses()
        interrupt.setEventHandler {
            if presses.next() == 1 {
                cancel.cancel()
                printError("\ncancelling… (Ctrl-C again to quit at once)")
            } else {
                RenderCommand.removePartials(of: output)
                printError("render cancelled")
                Foundation.exit(130)
            }
        }
        interrupt.resume()
        if planned.file.spec.outputs != nil { return try renderOutputs(planned.file.spec, planned.plans, cancel: cancel) }
        let plan = planned.plan
        let meter = ProgressMeter(enabled: progress, outputSeconds: plan.outputRange.duration.approximateSeconds)
        try rendering(meter) {
            let renderer = Renderer(plan: plan)
            try renderer.render(to: output, cancel: cancel) { meter.update($0) }
            meter.finish()
            if verbose, let counts = renderer.frameCounts {
                printError("video frames: \(counts.copied) copied, \(counts.encoded) encoded")
            }
            if let l = try renderer.loudness(of: output) {
                func say(_ v: Double?, _ unit: String) -> String { v.map { String(format: "%.2f %@", $0, unit) } ?? "none (silence)" }
                printError("loudness: \(say(l.integrated, "LUFS")) integrated, true peak \(say(l.truePeak, "dBTP")), range \(say(l.range, "LU"))")
            }
        }
    }

    /// Runs a render with `meter`, finished however it ends: a cancel exits 130, a failure 1, each
    /// said on standard error.
    func rendering(_ meter: ProgressMeter, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch RenderError.cancelled {
            meter.finish()
            printError("render cancelled")
            throw ExitCode(130)
        } catch {
            meter.finish()
            printError("render failed: \(error)")
            throw ExitCode(1)
        }
    }

    /// The render in a child process (`IsolatedRender`), its failure said as the server says it.
    private func runIsolated() throws {
        let file: SpecFile
        do {
            file = try SpecFile.load(source.spec, outputPath: output, media: source.media, web: source.web)
            if file.spec.outputs != nil { throw CLIError("--isolated renders a spec's one output; \(source.spec) has outputs: render it without --isolated") }
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
        let meter = ProgressMeter(enabled: progress, outputSeconds: 1)
        do {
            try IsolatedRender.run(spec: file.json.serialized, mediaRoot: file.directory, output: output, cancel: CancellationToken()) {
                meter.update($0)
            }
            meter.finish()
        } catch {
            meter.finish()
            printError("render failed: \(error)")
            throw ExitCode(1)
        }
    }

    /// Removes the renderer's temporary files for `output` (`.NAME.partial-PID-N`) written by this
    /// process, when it exits without letting the render clean up.
    static func removePartials(of output: String) {
        let url = URL(fileURLWithPath: output)
        let dir = url.deletingLastPathComponent().path
        let prefix = PartialName.prefix(for: url.lastPathComponent)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: dir + "/" + name)
        }
    }
}

/// Counts Ctrl-C presses (the signal handler runs on a dispatch queue).
final class Presses: Sendable {
    private let count = Atomic(0)
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}
