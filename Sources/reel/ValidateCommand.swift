import ArgumentParser
import ReelEngine
import ReelSpec

/// `reel validate SPEC.json`: every problem of a spec at once (its structure's and its sources',
/// as the API's 422 lists them), or what it would make.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a job spec and its sources; print every problem with its JSON pointer.")

    @OptionGroup var source: SpecSourceOptions

    @Flag(help: "Print the verdict as JSON, as POST /v1/validate answers it ({\"valid\", \"errors\", \"duration\", \"frames\", \"output\"}).")
    var json = false

    func run() throws {
        Reel.setUp()
        do {
            let plans = try source.plan().plans
            if json {
                print(PlanSummary.valid(plans).prettyPrinted)
            } else {
                for o in plans.outputs {
                    let plan = o.plan
                    print("\(source.spec)\(o.name.map { " (\($0))" } ?? "") is valid: \(plan.width)x\(plan.height) at \(plan.frameRate) fps, "
                          + "\(plan.outputRange.duration) s, \(plan.frameCount) frames")
                }
            }
        } catch let e as CLIError {
            if json, let problems = e.problems {
                print(PlanSummary.invalid(problems).prettyPrinted)
            } else {
                printError(e.description)
            }
            throw ExitCode(1)
        }
    }
}
