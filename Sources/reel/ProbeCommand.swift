import ArgumentParser
import Foundation
import ReelEngine
import ReelSpec

/// `reel probe FILE`: the container, streams, metadata and chapters of a media file as JSON.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Print a media file's duration, streams, metadata and chapters as JSON.")

    @Argument(help: "The media file, or an http(s) URL (fetched into the cache first).")
    var file: String

    @OptionGroup var web: WebSourceOptions

    func run() throws {
        Reel.setUp()
        var path = file
        if SourceScheme(file) == .web {
            do {
                path = try web.resolver(mediaRoot: FileManager.default.currentDirectoryPath).resolve(file)
            } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
        }
        do {
            let info = try MediaProbe.probe(path: path)
            print(info.json.prettyPrinted)
        } catch let e as FFmpegError {
            printError("\(file) is not readable media: \(e.message)")
            throw ExitCode(1)
        }
    }
}
