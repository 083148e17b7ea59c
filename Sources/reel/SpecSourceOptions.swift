import ArgumentParser
import ReelEngine

/// The spec a command reads and where its sources are, shared by `render`, `validate` and `otio`.
struct SpecSourceOptions: ParsableArguments {
    @Argument(help: "The job spec (JSON), or an OpenTimelineIO timeline (.otio).")
    var spec: String

    @Option(help: "Where the sources are (default: the spec's directory); an .otio file's file:// media are looked up there by name.")
    var media: String?

    @OptionGroup var web: WebSourceOptions

    /// The spec read and planned, its sources resolved and probed; `CLIError` lists every problem.
    /// `outputPath` (`render -o`) settles the output format a spec leaves open.
    func plan(outputPath: String? = nil) throws -> (file: SpecFile, plan: RenderPlan) {
        let file = try SpecFile.load(spec, outputPath: outputPath, media: media, web: web)
        return (file, try file.plan(web: web))
    }
}
