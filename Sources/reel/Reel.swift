import ArgumentParser
import Logging
import ReelAPI
import ReelEngine

/// The `reel` command: the render service and its offline tools.
@main
struct Reel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Render video timelines described in JSON.",
        version: BuildInfo.version,
        subcommands: [ServeCommand.self, RenderCommand.self, ValidateCommand.self, ProbeCommand.self, OTIOCommand.self, ChildCommand.self]
    )

    /// Process-wide setup shared by every subcommand: logs go to standard error, FFmpeg is quiet.
    static func setUp(verbose: Bool = false) {
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = verbose ? .debug : .warning
            return h
        }
        FFmpegLog.configure(verbose: verbose)
    }
}
