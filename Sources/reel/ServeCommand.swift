import ArgumentParser
import Dispatch
import Foundation
import Logging
import ReelAPI
import ReelServer
import ReelEngine

/// `reel serve`: the HTTP API, job queue and workers, until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the render service (HTTP API, SQLite job queue, worker threads).")

    @Option(help: "Configuration file (JSON); REEL_* environment variables override it.")
    var config: String?

    func run() throws {
        LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        FFmpegLog.configure(verbose: false)
        // FFmpeg's messages as JSON lines too, each with the job it came from.
        FFmpegLog.route(to: Logger(label: "reel.ffmpeg"))
        let logger = Logger(label: "reel.serve")
        let path = config ?? (FileManager.default.fileExists(atPath: "config/reel.json") ? "config/reel.json" : nil)
        let settings: ServerConfiguration
        do {
            settings = try ServerConfiguration.load(path: path)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        let service: ReelService
        do {
            service = try ReelService(config: settings, logger: logger, requestLog: { JSONLogHandler.write($0) })
            try service.start()
        } catch {
            printError("cannot start: \(error)")
            throw ExitCode(1)
        }
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGTERM, SIGINT] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { stop.signal() }
            s.resume()
            sources.append(s)
        }
        stop.wait()
        service.stop()
        _ = sources
    }
}
