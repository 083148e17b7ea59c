import Foundation
import ReelEngine
import ReelStorage

/// A chunked job's loudness levels (`output.audio.loudness`): solved once for the whole output by
/// the job's node before its chunks are cut, shared as a piece, and read by every chunk's audio, so
/// the gain is one number for all chunks. A job with `outputs`: one piece for each output with a
/// target (`ChunkPiece.levels(of:)`).
enum ChunkLevels {
    /// Solves the levels and shares them, unless an earlier attempt already did; nil without a target.
    /// `solve` measures them (`ChunkJoiner.solveLevels`: in a render child where renders are isolated).
    static func share(target: Bool, jobID: String, piece: ChunkPiece = .levels, pieces: any ChunkStore, storage: StorageWait,
                      solve: () throws -> LoudnessLevels?) throws -> LoudnessLevels? {
        guard target else { return nil }
        if pieces.has(jobID: jobID, piece: piece), let known = try? read(pieces.fetch(jobID: jobID, piece: piece)) { return known }
        guard let levels = try solve() else { return nil }
        let path = pieces.localPath(jobID: jobID, piece: piece)
        do {
            try JSONEncoder().encode(levels).write(to: URL(fileURLWithPath: path), options: .atomic)
            try storage.run("sharing the loudness levels") { try pieces.share(jobID: jobID, piece: piece) }
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
        return levels
    }

    /// The levels a chunk's audio carries: the shared piece, or (gone with a lost bucket or folder)
    /// solved again, which gives the same numbers; nil without a target.
    static func fetch(_ renderer: Renderer, jobID: String, piece: ChunkPiece = .levels, pieces: any ChunkStore) throws -> LoudnessLevels? {
        guard renderer.hasLoudnessTarget else { return nil }
        if let path = try? pieces.fetch(jobID: jobID, piece: piece), let levels = try? read(path) { return levels }
        return try renderer.loudnessLevels()
    }

    /// The shared levels piece, when it is there and reads.
    static func shared(jobID: String, piece: ChunkPiece = .levels, pieces: any ChunkStore) -> LoudnessLevels? {
        guard pieces.has(jobID: jobID, piece: piece), let path = try? pieces.fetch(jobID: jobID, piece: piece) else { return nil }
        return try? read(path)
    }

    private static func read(_ path: String) throws -> LoudnessLevels {
        try JSONDecoder().decode(LoudnessLevels.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
