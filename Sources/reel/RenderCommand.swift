import ArgumentParser
import Dispatch
import Foundation
import ReelEngine
import ReelSpec

/// `reel render SPEC.json -o OUT`: renders a spec to a file, with progress on standard error.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a job spec to a file. Sources are relative to the spec's directory.")

    @Argument(help: "The job spec (JSON).")
    var spec: String

    @Option(name: .shortAndLong, help: "The output file.")
    var output: String

    @Flag(help: "Show progress (a bar on a terminal, plain lines otherwise).")
    var progress = false

    @Flag(help: "Show FFmpeg's warnings and encoder statistics.")
    var verbose = false

    func run() throws {
        Reel.setUp(verbose: verbose)
        let plan: RenderPlan
        do {
            plan = try SpecFile.load(spec, outputPath: output).plan()
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
        let cancel = CancellationToken()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { cancel.cancel() }
        interrupt.resume()
        let meter = ProgressMeter(enabled: progress)
        do {
            try Renderer(plan: plan).render(to: output, cancel: cancel) { meter.update($0) }
            meter.finish()
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
}
