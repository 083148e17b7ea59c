import ArgumentParser
import Foundation
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

    func run() throws {
        // Errors to the server's standard error, as its own lines; FFmpeg quiet.
        Reel.setUp()
        let status = RenderChildMain.run()
        throw ExitCode(status)
    }
}
