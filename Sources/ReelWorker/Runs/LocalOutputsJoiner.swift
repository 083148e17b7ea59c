import Foundation
import ReelEngine
import ReelStorage
import ReelBasics

/// A chunked job with `outputs` joined in this process (a pool without isolation): each cut
/// output's pieces copied into its file and the stills rendered (`MultiRenderer.joinChunks`), or,
/// with a progressive output, joined as the chunks are done (`OutputsChunkJoin`).
final class LocalOutputsJoiner: ChunkJoiner {
    let renderer: MultiRenderer
    /// Where each output goes, by name, and where each progressive one is read while it grows.
    let paths: [String: String]
    let live: [String: any LiveOutput]

    init(_ renderer: MultiRenderer, paths: [String: String], live: [String: any LiveOutput]) {
        self.renderer = renderer
        self.paths = paths
        self.live = live
    }

    var plan: RenderPlan? { nil }
    var members: [MultiRenderer.Member]? { renderer.members }
    var outputs: [String]? { renderer.cutMembers.map(\.name) }
    var progressive: Bool { renderer.isProgressive }
    var levelTargets: [String?] { renderer.loudnessTargeted.map(\.name) }

    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? {
        try output.flatMap { try renderer.loudnessLevels(of: $0) }
    }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        try renderer.joinChunks(JobRun.piecesByOutput(pieces, outputs: outputs ?? []), to: paths, cancel: cancel)
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        try OutputsChunkJoin(renderer, paths: paths, live: self.live, started: started)
    }

    /// Each output is measured by the run that publishes it.
    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) { (nil, nil) }
}
