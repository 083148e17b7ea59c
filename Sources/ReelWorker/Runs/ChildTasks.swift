import Foundation
import ReelEngine
import ReelBasics

/// The render children a chunked job's own worker starts besides its chunks' (the levels, the
/// whole join), as both child joiners (`ChildChunkJoiner`, `ChildOutputsJoiner`) start them.
enum ChildTasks {
    /// Solves the loudness levels of the whole mix in a child of its own (task `levels`; `output`:
    /// one of a job's named outputs, nil for its one).
    static func levels(_ isolation: RenderIsolation, request: RenderChildRequest, output: String?,
                       cancel: CancellationToken) throws -> LoudnessLevels? {
        var asked = request
        asked.task = .levels
        asked.levelsOutput = output
        let child = try RenderChild(isolation, request: asked)
        _ = try child.planned(cancel: cancel)
        return try child.render(to: "", cancel: cancel) { _ in }.levels
    }

    /// Starts a join child (task `join`) of every chunk's `pieces`, reading their folders and
    /// writing only in a work folder made beside `path`, adopted by the pool (`adopt`), and waits for
    /// its plan. The child and the work folder, which the caller removes.
    static func join(_ isolation: RenderIsolation, request: RenderChildRequest, pieces: [[String]], beside path: String,
                     cancel: CancellationToken, adopt: (pid_t?) -> Void) throws -> (child: RenderChild, work: String) {
        var asked = request
        asked.task = .join
        asked.pieces = pieces
        let work = try JobRun.workFolder(for: path, progressive: false)
        do {
            asked.access.read += Set(pieces.joined().map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
            asked.access.write = [work]
            let child = try RenderChild(isolation, request: asked)
            adopt(child.pid)
            _ = try child.planned(cancel: cancel)
            return (child, work)
        } catch {
            try? FileManager.default.removeItem(atPath: work)
            throw error
        }
    }
}
