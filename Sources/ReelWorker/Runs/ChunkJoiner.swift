import Foundation
import ReelEngine
import ReelStorage
import ReelStore
import ReelBasics

/// What a chunked job's own worker needs of its render besides the chunks: the levels a loudness
/// target needs solved first, and the join (all at once, or a progressive output's chunk by chunk
/// as they are done). In this process (`LocalChunkJoiner`: a pool without isolation) or in render
/// children (`ChildChunkJoiner`), so that a server that isolates renders never plans or joins an
/// untrusted spec itself.
protocol ChunkJoiner: AnyObject {
    /// The plan this process renders chunks with; nil where each chunk plans in its own child.
    var plan: RenderPlan? { get }
    /// The same for a job with `outputs`: its outputs' plans.
    var members: [MultiRenderer.Member]? { get }
    /// A job with `outputs`: the named outputs each chunk renders pieces of; nil for one `output`.
    var outputs: [String]? { get }
    var progressive: Bool { get }
    /// The outputs with a loudness target, whose levels are solved before the cut: the job's one
    /// (`[nil]`), or named ones; none without.
    var levelTargets: [String?] { get }
    /// Solves the levels of the whole mix of the job's one output (`output` nil) or a named one.
    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels?
    /// Joins every chunk's pieces (`pieces[i]`: chunk `i`'s, as `ChunkPiece.pieces(ofChunk:outputs:)`
    /// lists them), in order, into the output at `path` (it appears whole); a job with `outputs`
    /// into each of its outputs' files, which the joiner knows (`path`: the first's).
    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws
    /// Starts a progressive output's join in `folder`, its files made visible through `live` (a job
    /// with `outputs`: each progressive output's own folder and live output, which the joiner knows).
    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin
    /// The joined output's loudness and a progressive output's time to its first segment.
    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?)
}

extension ChunkJoiner {
    var members: [MultiRenderer.Member]? { nil }
    var outputs: [String]? { nil }
}

/// A progressive output's join, fed each chunk's pieces in timeline order (as
/// `ChunkPiece.pieces(ofChunk:outputs:)` lists them).
protocol ProgressiveChunkJoin: AnyObject {
    func append(pieces: [String]) throws
    func finish() throws
}

extension HLSChunkJoin: ProgressiveChunkJoin {
    func append(pieces: [String]) throws { try append(video: pieces[0], audio: pieces[1]) }
}

extension OutputsChunkJoin: ProgressiveChunkJoin {
    func append(pieces: [String]) throws {
        try append(JobRun.piecesByOutput([pieces], outputs: outputs).compactMapValues(\.first))
    }
}

/// A chunked job's join in this process, by its `Renderer` (a pool without isolation: the CLI's
/// and the tests of the pool's own rules).
final class LocalChunkJoiner: ChunkJoiner {
    let renderer: Renderer

    init(_ renderer: Renderer) { self.renderer = renderer }

    var plan: RenderPlan? { renderer.plan }
    var progressive: Bool { renderer.plan.isProgressive }
    var levelTargets: [String?] { renderer.hasLoudnessTarget ? [nil] : [] }

    func solveLevels(output: String?, cancel: CancellationToken) throws -> LoudnessLevels? { try renderer.loudnessLevels() }

    func join(pieces: [[String]], to path: String, cancel: CancellationToken) throws {
        try renderer.joinChunks(pieces.map { $0[0] }, audio: pieces.map { $0[1] }, to: path, cancel: cancel)
    }

    func progressiveJoin(folder: String, live: any LiveOutput, started: DispatchTime, cancel: CancellationToken) throws -> any ProgressiveChunkJoin {
        if FileManager.default.fileExists(atPath: folder) { try FileManager.default.removeItem(atPath: folder) }
        return try HLSChunkJoin(renderer, folder: folder, live: live, started: started)
    }

    func measured(path: String) throws -> (loudness: MeasuredLoudness?, firstSegmentSeconds: Double?) {
        (try renderer.loudness(of: path), renderer.firstSegmentSeconds)
    }
}
