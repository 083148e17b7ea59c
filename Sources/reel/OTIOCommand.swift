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

    @OptionGroup var source: SpecSourceOptions

    @Option(name: .shortAndLong, help: "The .otio file to write (default: standard output).")
    var output: String?

    func run() throws {
        Reel.setUp()
        do {
            let (file, plan, _) = try source.plan()
            let name = URL(fileURLWithPath: source.spec).deletingPathExtension().lastPathComponent
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
