import ArgumentParser
import ReelSpec

/// `reel validate SPEC.json`: every problem of a spec, including sources that cannot be read.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a job spec and its sources; print every problem with its JSON pointer.")

    @OptionGroup var source: SpecSourceOptions

    func run() throws {
        Reel.setUp()
        do {
            let plan = try source.plan().plan
            print("\(source.spec) is valid: \(plan.width)x\(plan.height) at \(plan.frameRate) fps, \(plan.outputRange.duration) s, \(plan.frameCount) frames")
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(1)
        }
    }
}
