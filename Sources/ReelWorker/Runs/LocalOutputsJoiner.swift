import Foundation
import ReelEngine
import ReelStorage
import ReelBasics

/// A chunked job with `outputs` joined in this process (a pool without isolation): each cut
/// output's pieces copied into its file and the stills rendered (`MultiRenderer.joinChunks`). Such
/// a job has no progressive output (`MultiRenderer.canRenderInChunks`).
final class LocalOutputsJoiner: ChunkJoiner {
    let renderer: MultiRenderer
    /// Where each output goes, by name.
    let paths: [String: String]

    init(_ renderer: MultiRenderer, paths: [String: String]) {
        self.renderer = renderer
        self.paths = paths
    }

    var plan: RenderPlan? { nil }
    var members: [MultiRenderer.Member]? { renderer.members }
    var outputs: [String]? { renderer.cutMembers.map(\.name) }
    var progressive: Bool { false }
    var levelTargets: [String?] { renderer.loudnessTargeted.map(\.name) }

    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? {
        try output.flatMap { try renderer.loudnessLevels(of: $0) }
    }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        try renderer.joinChunks(JobRun.piecesByOutput(pieces, outputs: outputs ?? []), to: paths, cancel: cancel)
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        preconditionFailure("a job with outputs is never joined as its chunks come")
    }

    /// Each output is measured by the run that publishes it.
    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) { (nil, nil) }
}
