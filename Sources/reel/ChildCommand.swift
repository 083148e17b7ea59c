import ArgumentParser
import Foundation
import Logging
import ReelEngine
import ReelWorker

/// `reel child`: a render process of the server (`RenderChildMain`), started by a worker thread
/// with its request on standard input; not for people, so hidden from help.
struct ChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: RenderIsolation.childCommand,
        abstract: "A render process of `reel serve` (started by the server itself).",
        shouldDisplay: false
    )

    @Argument(help: "render (one job's render), engine (plans and previews, one after another) or check (the sandbox tried)")
    var role: String = "render"

    func run() throws {
        // The server's standard error is JSON lines: the child's are too, FFmpeg's each with its job
        // (a library's own prints are wrapped into lines by the child's `AllocationWatch`).
        LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        FFmpegLog.configure(verbose: false)
        FFmpegLog.route(to: Logger(label: "reel.ffmpeg"))
        let status = switch role {
        case RenderIsolation.engineRole: EngineChildMain.run()
        case SandboxCheck.role: SandboxCheck.main()
        default: RenderChildMain.run()
        }
        throw ExitCode(status)
    }
}
