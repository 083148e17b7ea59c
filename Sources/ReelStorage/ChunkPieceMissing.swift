/// A piece of a chunked job that is not where its chunk's record says it is: deleted by a sweep,
/// lost with a bucket, or never shared by a node that died between sharing and recording. The
/// joining worker renders such a chunk again rather than failing the job.
public struct ChunkPieceMissing: Error, CustomStringConvertible, Sendable {
    public let jobID: String
    public let piece: ChunkPiece

    public init(jobID: String, piece: ChunkPiece) {
        self.jobID = jobID
        self.piece = piece
    }

    public var description: String { "the chunk piece \(piece.fileName) of job \(jobID) is missing" }
}
