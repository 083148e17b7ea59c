import Foundation
import ArgumentParser
import ReelEngine

/// The spec a command reads and where its sources are, shared by `render`, `validate` and `otio`.
struct SpecSourceOptions: ParsableArguments {
    @Argument(help: "The job spec (JSON), or an OpenTimelineIO timeline (.otio).")
    var spec: String

    @Option(help: """
        Where relative sources are (default: $REEL_MEDIA_ROOT when set, the folder `reel serve` reads them from; \
        else the spec's directory); an .otio file's file:// media are looked up there by name.
        """)
    var media: String?

    /// `--media`, else the server's own setting, so a spec judged here finds what `reel serve` finds.
    var mediaRoot: String? { media ?? ProcessInfo.processInfo.environment["REEL_MEDIA_ROOT"].flatMap { $0.isEmpty ? nil : $0 } }

    @OptionGroup var web: WebSourceOptions

    /// The spec read and planned, its sources resolved and probed; `CLIError` lists every problem.
    /// `outputPath` (`render -o`) settles the output format a spec leaves open. `plan` is the
    /// first (the one) output's, `plans` every output's.
    func plan(outputPath: String? = nil) throws -> (file: SpecFile, plan: RenderPlan, plans: JobPlan) {
        let file = try SpecFile.load(spec, outputPath: outputPath, media: mediaRoot, web: web)
        let plans = try file.plans(web: web)
        return (file, plans.outputs[0].plan, plans)
    }
}
