import Foundation
import ReelS3

/// `ChunkStore` in an S3 bucket: pieces under `<prefix>chunks/<job id>/`, written locally under
/// `local`'s chunk folder, uploaded when whole, and downloaded by the joining node.
public struct S3Chunks: ChunkStore {
    public let place: S3Place
    public let local: DataDirectory
    var client: S3Client { place.client }

    public init(_ place: S3Place, local: DataDirectory) {
        self.place = place
        self.local = local
    }

    func key(_ jobID: String, _ piece: ChunkPiece?) -> String { place.prefix + "chunks/\(jobID)/" + (piece?.fileName ?? "") }

    public func prepare(jobID: String) throws { try local.prepare(jobID: jobID) }

    public func localPath(jobID: String, piece: ChunkPiece) -> String { local.localPath(jobID: jobID, piece: piece) }

    public func share(jobID: String, piece: ChunkPiece) throws {
        try client.upload(file: localPath(jobID: jobID, piece: piece), to: key(jobID, piece), contentType: "application/octet-stream")
    }

    public func has(jobID: String, piece: ChunkPiece) -> Bool {
        local.has(jobID: jobID, piece: piece) || ((try? client.headObject(key(jobID, piece))) ?? nil) != nil
    }

    public func fetch(jobID: String, piece: ChunkPiece) throws -> String {
        let path = localPath(jobID: jobID, piece: piece)
        if FileManager.default.fileExists(atPath: path) { return path }
        try prepare(jobID: jobID)
        let partial = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        do {
            try client.download(key(jobID, piece), to: partial)
        } catch let e as S3Error where e.kind == .noSuchKey {
            throw ChunkPieceMissing(jobID: jobID, piece: piece)
        }
        guard rename(partial, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return path
    }

    public func removePieces(jobID: String) {
        place.removeAll(under: key(jobID, nil))
        local.removePieces(jobID: jobID)
    }

    public func jobsWithPieces() -> [String] {
        var jobs = Set(local.jobsWithPieces())
        var continuation: String?
        let base = place.prefix + "chunks/"
        repeat {
            guard let page = try? client.list(prefix: base, continuation: continuation) else { break }
            for object in page.objects {
                let rest = object.key.dropFirst(base.count)
                if let id = rest.split(separator: "/").first, OutputName.isJobID(String(id)) { jobs.insert(String(id)) }
            }
            continuation = page.next
        } while continuation != nil
        return jobs.sorted()
    }
}
