import ArgumentParser
import Foundation
import ReelEngine
import ReelSpec

/// `reel otio SPEC.json [-o CUT.otio]`: the spec's timeline as OpenTimelineIO, for an editor
/// (`OTIOWriter`); its sources are probed, as a render's are, for their ranges.
struct OTIOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otio",
        abstract: "Write a job spec's timeline as OpenTimelineIO (.otio) for an editor.")

    @Argument(help: "The job spec (JSON).")
    var spec: String

    @Option(name: .shortAndLong, help: "The .otio file to write (default: standard output).")
    var output: String?

    @Option(help: "Where the sources are (default: the spec's directory).")
    var media: String?

    @OptionGroup var web: WebSourceOptions

    func run() throws {
        Reel.setUp()
        do {
            let file = try SpecFile.load(spec, media: media)
            let plan = try file.plan(web: web)
            let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
            let text = OTIOWriter.timeline(plan, spec: file.json, name: name, outputURL: nil).prettyPrinted + "\n"
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                    throw CLIError("cannot write \(output): \(String(cString: strerror(errno)))")
                }
            } else {
                print(text, terminator: "")
            }
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
    }
}
