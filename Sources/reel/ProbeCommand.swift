import ArgumentParser
import ReelEngine
import ReelSpec

/// `reel probe FILE`: the container, streams, metadata and chapters of a media file as JSON.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Print a media file's duration, streams, metadata and chapters as JSON.")

    @Argument(help: "The media file.")
    var file: String

    func run() throws {
        Reel.setUp()
        do {
            let info = try MediaProbe.probe(path: file)
            print(info.json.prettyPrinted)
        } catch let e as FFmpegError {
            printError("\(file) is not readable media: \(e.message)")
            throw ExitCode(1)
        }
    }
}
