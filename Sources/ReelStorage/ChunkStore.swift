/// A piece of a chunked job: one chunk's video or audio packets, or the loudness levels of the whole output.
public enum ChunkPiece: Sendable, Equatable {
    /// A chunk's audio packets.
    case audio(Int)
    /// A chunk's video packets.
    case video(Int)
    /// A loudness target's levels, solved once for the whole output (JSON).
    case levels
    /// One named output's video packets of a chunk (a job with `outputs`).
    case outputVideo(Int, output: String)
    /// One named output's audio packets of a chunk.
    case outputAudio(Int, output: String)
    /// One named output's loudness levels, solved once for its whole mix.
    case outputLevels(output: String)

    /// Its file name in the job's folder (or under the job's key prefix). An output's name has no
    /// `.` (`NamedOutput`), so no name of one piece is another's.
    public var fileName: String {
        switch self {
        case .audio(let i): return "audio-\(i).packets"
        case .video(let i): return "video-\(i).packets"
        case .levels: return "levels.json"
        case .outputVideo(let i, let name): return "video-\(i)-\(name).packets"
        case .outputAudio(let i, let name): return "audio-\(i)-\(name).packets"
        case .outputLevels(let name): return "levels-\(name).json"
        }
    }

    /// The levels piece of the job's one output (`output` nil) or of one of its named outputs.
    public static func levels(of output: String?) -> ChunkPiece { output.map { .outputLevels(output: $0) } ?? .levels }

    /// The pieces chunk `i` is rendered into, video then audio: the job's one output's, or, for
    /// a job with `outputs`, each named output's a chunk renders (`outputs`, in order).
    public static func pieces(ofChunk i: Int, outputs: [String]?) -> [ChunkPiece] {
        guard let outputs else { return [.video(i), .audio(i)] }
        return outputs.flatMap { [ChunkPiece.outputVideo(i, output: $0), .outputAudio(i, output: $0)] }
    }
}

/// Where the pieces of chunked jobs meet: the node that renders a piece writes it to its local
/// path and shares it; the node that joins them fetches each. On one shared `dataDir`
/// (`DataDirectory`) sharing and fetching are nothing; in a bucket (`S3Chunks`) a piece is
/// uploaded and downloaded, so nodes need no shared file system.
public protocol ChunkStore: Sendable {
    /// Makes the job's local folder, before pieces are written to it.
    func prepare(jobID: String) throws
    /// The local file a piece is written to and read from.
    func localPath(jobID: String, piece: ChunkPiece) -> String
    /// Makes the piece written whole at its local path available to every node.
    func share(jobID: String, piece: ChunkPiece) throws
    /// Whether the piece is there, written whole by some node.
    func has(jobID: String, piece: ChunkPiece) -> Bool
    /// The local path of the piece, fetched first when another node wrote it; `ChunkPieceMissing`
    /// when no node's piece is there.
    func fetch(jobID: String, piece: ChunkPiece) throws -> String
    /// Deletes every piece of the job, shared and local.
    func removePieces(jobID: String)
    /// The jobs that have pieces now.
    func jobsWithPieces() -> [String]
}
