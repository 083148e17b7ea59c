import Foundation
import ReelEngine
import ReelStorage
import ReelBasics

/// A chunked job with `outputs` joined in a render child (task `join`), which plans the spec itself
/// and writes each output in a hidden work folder beside the outputs; each is moved into place here.
/// The job's own worker cuts by the ranges its first child reported and never plans the spec.
final class ChildOutputsJoiner: ChunkJoiner {
    let plan: RenderPlan? = nil
    let outputs: [String]?
    let progressive = false
    let levelTargets: [String?]
    private let isolation: RenderIsolation
    /// The request every child of the job starts from (the spec, its sources, its limits).
    private let request: RenderChildRequest
    private let targets: [JobRun.OutputTarget]
    /// What the join child reported once every output was whole: each one's summary.
    private(set) var summary: RenderedSummary?
    /// Tells the pool which child joins now (`WorkerPool.children`, as `JOB/join`), nil once it ended.
    private let adopt: (pid_t?) -> Void

    init(isolation: RenderIsolation, request: RenderChildRequest, targets: [JobRun.OutputTarget], outputs: [String],
         adopt: @escaping (pid_t?) -> Void) {
        levelTargets = targets.filter { outputs.contains($0.output.name) && $0.output.spec.audio.loudness != nil }.map(\.output.name)
        self.isolation = isolation
        self.request = request
        self.targets = targets
        self.outputs = outputs
        self.adopt = adopt
    }

    /// In a render child (task `levels`) of its own, as for one output.
    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? {
        var asked = request
        asked.task = .levels
        asked.levelsOutput = output
        let child = try RenderChild(isolation, request: asked)
        _ = try child.planned(cancel: cancel)
        return try child.render(to: "", cancel: cancel) { _ in }.levels
    }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        var asked = request
        asked.task = .join
        asked.pieces = pieces
        let work = try JobRun.workFolder(for: path, progressive: false)
        defer { try? FileManager.default.removeItem(atPath: work) }
        asked.access.read += Set(pieces.joined().map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
        asked.access.write = [work]
        let child = try RenderChild(isolation, request: asked)
        adopt(child.pid)
        defer { adopt(nil) }
        _ = try child.planned(cancel: cancel)
        let inWork = { (t: JobRun.OutputTarget) in work + "/" + (t.path as NSString).lastPathComponent }
        summary = try child.render(outputs: Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, inWork($0)) }), cancel: cancel) { _ in }
        var placed: [String] = []
        do {
            for t in targets {
                try Renderer.moveIntoPlace(inWork(t), t.path, folder: t.format == .hls)
                placed.append(t.path)
            }
        } catch {
            for p in placed { try? FileManager.default.removeItem(atPath: p) }
            throw error
        }
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        preconditionFailure("a job with outputs is never joined as its chunks come")
    }

    /// Each output's measures come with the join child's summary.
    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) { (nil, nil) }

    deinit { adopt(nil) }
}
