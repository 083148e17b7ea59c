import Foundation
import ReelEngine

/// One spec planned and rendered by a render child, as `reel serve`'s workers render a job, for
/// `reel render --isolated`: what isolation costs is then measured beside the same render in the
/// calling process (`make bench`'s isolation workload). Sources are paths under `mediaRoot` only.
public enum IsolatedRender {
    public static func run(spec: String, mediaRoot: String, output: String, executable: String = RenderIsolation.ownExecutable,
                           limits: ChildLimits = ChildLimits(), cancel: CancellationToken, progress: (Double) -> Void) throws {
        let isolation = RenderIsolation(executable: executable, limits: limits)
        var request = RenderChildRequest(jobID: "cli", spec: spec, mediaRoot: mediaRoot, sources: [:],
                                         cores: ProcessInfo.processInfo.activeProcessorCount, chunkSeconds: 0,
                                         limits: limits, sandbox: isolation.sandbox)
        // The output is written beside its name, then renamed: its folder is the one to write.
        request.access = ChildAccess(read: [mediaRoot], write: [URL(fileURLWithPath: output).deletingLastPathComponent().path])
        let child = try RenderChild(isolation, request: request)
        _ = try child.planned(cancel: cancel)
        _ = try child.render(to: output, cancel: cancel, progress: progress)
    }
}
