import Foundation
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore
import ReelBasics

/// A chunked job's levels and join, each in a render child (tasks `levels` and `join`) that plans
/// the spec itself: the job's own worker cuts by the ranges its first child reported
/// (`PlannedOutput.ranges`) and never plans the spec. A join child reads the job's pieces folder
/// and its sources and writes only where its output goes (a work folder beside the outputs, or a
/// progressive output's own folder).
final class ChildChunkJoiner: ChunkJoiner {
    let plan: RenderPlan? = nil
    let progressive: Bool
    let levelTargets: [String?]
    private let isolation: RenderIsolation
    private let format: OutputFormat
    /// The request every child of the job starts from (the spec, its sources, its limits).
    private let request: RenderChildRequest
    /// The folder the job's pieces are read from.
    private let pieces: String
    /// What the join child reported once the output was whole.
    private var summary: RenderedSummary?
    /// Tells the pool which child joins now (`WorkerPool.children`, as `JOB/join`), nil once it ended.
    private let adopt: (pid_t?) -> Void

    init(isolation: RenderIsolation, request: RenderChildRequest, planned: PlannedOutput, format: OutputFormat, pieces: String,
         adopt: @escaping (pid_t?) -> Void) {
        self.adopt = adopt
        self.isolation = isolation
        self.request = request
        self.format = format
        self.pieces = pieces
        progressive = planned.progressive
        levelTargets = planned.loudnessTarget == true ? [nil] : []
    }

    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? {
        try ChildTasks.levels(isolation, request: request, output: nil, cancel: cancel)
    }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        let (child, work) = try ChildTasks.join(isolation, request: request, pieces: pieces, beside: path, cancel: cancel, adopt: adopt)
        defer { try? FileManager.default.removeItem(atPath: work) }
        defer { adopt(nil) }
        let target = work + "/" + URL(fileURLWithPath: path).lastPathComponent
        summary = try child.render(to: target, cancel: cancel) { _ in }
        try Renderer.moveIntoPlace(target, path, folder: format == .hls)
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        var asked = request
        asked.task = .join
        asked.startedNanoseconds = started.uptimeNanoseconds
        asked.access.read.append(pieces)
        try JobRun.emptyFolder(folder)
        asked.access.write = [folder]
        let child = try RenderChild(isolation, request: asked)
        adopt(child.pid)
        _ = try child.planned(cancel: cancel)
        // A progressive output kept elsewhere is put by this process as the child reports its files.
        let relayed = live is LocalLiveOutput ? nil : live
        try child.begin(folder, relay: relayed != nil)
        // Its first files put, it is ready for the first chunk.
        _ = try child.join(nil, output: folder, cancel: cancel, live: relayed)
        return Steps(child: child, folder: folder, live: relayed, cancel: cancel) { [weak self] in self?.summary = $0 }
    }

    deinit { adopt(nil) }

    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) {
        let l = summary?.loudness
        return (l.flatMap(MeasuredLoudness.init(numbers:)),
                summary?.firstSegmentSeconds)
    }

    /// A progressive join child fed step by step.
    private final class Steps: ProgressiveChunkJoin {
        let child: RenderChild
        let folder: String
        let live: (any LiveOutput)?
        let cancel: CancellationToken
        let finished: (RenderedSummary) -> Void

        init(child: RenderChild, folder: String, live: (any LiveOutput)?, cancel: CancellationToken, finished: @escaping (RenderedSummary) -> Void) {
            self.child = child
            self.folder = folder
            self.live = live
            self.cancel = cancel
            self.finished = finished
        }

        func append(pieces: [String]) throws {
            _ = try child.join(JoinStep(video: pieces[0], audio: pieces[1]), output: folder, cancel: cancel, live: live)
        }

        func finish() throws {
            guard let summary = try child.join(JoinStep(finish: true), output: folder, cancel: cancel, live: live) else {
                throw ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the join process did not finish the output"))
            }
            finished(summary)
        }
    }
}
