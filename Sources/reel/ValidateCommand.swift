import ArgumentParser
import ReelSpec

/// `reel validate SPEC.json`: every problem of a spec, including sources that cannot be read.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a job spec and its sources; print every problem with its JSON pointer.")

    @Argument(help: "The job spec (JSON), or an OpenTimelineIO timeline (.otio).")
    var spec: String

    @Option(help: "Where the sources are (default: the spec's directory); an .otio file's file:// media are looked up there by name.")
    var media: String?

    @OptionGroup var web: WebSourceOptions

    func run() throws {
        Reel.setUp()
        do {
            let file = try SpecFile.load(spec, media: media)
            let plan = try file.plan(web: web)
            print("\(spec) is valid: \(plan.width)x\(plan.height) at \(plan.frameRate) fps, \(plan.outputRange.duration) s, \(plan.frameCount) frames")
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
    }
}
