import Foundation
import ReelEngine
import ReelStorage
import ReelBasics

/// A chunked job with `outputs` joined in a render child (task `join`), which plans the spec itself
/// and writes each output in a hidden work folder beside the outputs (each moved into place here),
/// or, with a progressive output, one child for the whole render fed each chunk's pieces as it is
/// done (`JoinStep.pieces`), writing the progressive outputs in their own folders (their files put
/// here where they are kept elsewhere). The job's own worker cuts by the ranges its first child
/// reported and never plans the spec.
final class ChildOutputsJoiner: ChunkJoiner {
    let plan: RenderPlan? = nil
    let outputs: [String]?
    let progressive: Bool
    let levelTargets: [String?]
    private let isolation: RenderIsolation
    /// The request every child of the job starts from (the spec, its sources, its limits).
    private let request: RenderChildRequest
    private let targets: [JobRun.OutputTarget]
    /// The folder the job's pieces are read from.
    private let piecesFolder: String
    /// What the join child reported once every output was whole: each one's summary.
    private(set) var summary: RenderedSummary?
    /// Tells the pool which child joins now (`WorkerPool.children`, as `JOB/join`), nil once it ended.
    private let adopt: (pid_t?) -> Void

    init(isolation: RenderIsolation, request: RenderChildRequest, targets: [JobRun.OutputTarget], outputs: [String], pieces: String,
         adopt: @escaping (pid_t?) -> Void) {
        piecesFolder = pieces
        levelTargets = targets.filter { outputs.contains($0.output.name) && $0.output.spec.audio.loudness != nil }.map(\.output.name)
        progressive = targets.contains(where: \.progressive)
        self.isolation = isolation
        self.request = request
        self.targets = targets
        self.outputs = outputs
        self.adopt = adopt
    }

    /// In a render child (task `levels`) of its own, as for one output.
    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? {
        try ChildTasks.levels(isolation, request: request, output: output, cancel: cancel)
    }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        let (child, work) = try ChildTasks.join(isolation, request: request, pieces: pieces, beside: path, cancel: cancel, adopt: adopt)
        defer { try? FileManager.default.removeItem(atPath: work) }
        defer { adopt(nil) }
        summary = try child.render(outputs: Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, inWork($0, work)) }), cancel: cancel) { _ in }
        try place(from: work)
    }

    /// Where the child writes a target: a progressive one in its own folder, the others in `work`.
    private func inWork(_ t: JobRun.OutputTarget, _ work: String) -> String {
        t.progressive ? t.path : work + "/" + (t.path as NSString).lastPathComponent
    }

    /// Moves every output but the progressive ones from `work` into place; none is left on a failure.
    private func place(from work: String) throws {
        var placed: [String] = []
        do {
            for t in targets where !t.progressive {
                try Renderer.moveIntoPlace(inWork(t, work), t.path, folder: t.format == .hls)
                placed.append(t.path)
            }
        } catch {
            for p in placed { try? FileManager.default.removeItem(atPath: p) }
            throw error
        }
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        var asked = request
        asked.task = .join
        asked.startedNanoseconds = started.uptimeNanoseconds
        let work = try JobRun.workFolder(for: targets[0].path, progressive: false)
        let paths = Dictionary(uniqueKeysWithValues: targets.map { ($0.output.name, inWork($0, work)) })
        // The progressive outputs kept elsewhere are put by this process as the child reports their files.
        let relayed = Dictionary(uniqueKeysWithValues: targets.compactMap { t in t.live.flatMap { $0 is LocalLiveOutput ? nil : (t.output.name, $0) } })
        let child: RenderChild
        do {
            asked.access.read.append(piecesFolder)
            for t in targets where t.progressive { try JobRun.emptyFolder(t.path) }
            asked.access.write = [work] + targets.filter(\.progressive).map(\.path)
            child = try RenderChild(isolation, request: asked)
            adopt(child.pid)
            _ = try child.planned(cancel: cancel)
            try child.begin(outputs: paths, live: relayed)
            // Its first files put, it is ready for the first chunk.
            _ = try child.join(nil, outputs: paths, cancel: cancel, live: relayed)
        } catch {
            try? FileManager.default.removeItem(atPath: work)
            throw error
        }
        return Steps(child: child, paths: paths, live: relayed, work: work, cancel: cancel) { [weak self] summary in
            self?.summary = summary
            try self?.place(from: work)
        }
    }

    /// The join child fed step by step: each chunk's pieces, then the finish (the other outputs
    /// then moved into place). Its work folder goes with it, finished or not.
    private final class Steps: ProgressiveChunkJoin {
        let child: RenderChild
        let paths: [String: String]
        let live: [String: any LiveOutput]
        let work: String
        let cancel: CancellationToken
        let finished: (RenderedSummary) throws -> Void

        init(child: RenderChild, paths: [String: String], live: [String: any LiveOutput], work: String, cancel: CancellationToken,
             finished: @escaping (RenderedSummary) throws -> Void) {
            self.child = child
            self.paths = paths
            self.live = live
            self.work = work
            self.cancel = cancel
            self.finished = finished
        }

        deinit { try? FileManager.default.removeItem(atPath: work) }

        func append(pieces: [String]) throws {
            _ = try child.join(JoinStep(pieces: pieces), outputs: paths, cancel: cancel, live: live)
        }

        func finish() throws {
            guard let summary = try child.join(JoinStep(finish: true), outputs: paths, cancel: cancel, live: live) else {
                throw ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the join process did not finish the outputs"))
            }
            try finished(summary)
        }
    }

    /// Each output's measures come with the join child's summary.
    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) { (nil, nil) }

    deinit { adopt(nil) }
}
