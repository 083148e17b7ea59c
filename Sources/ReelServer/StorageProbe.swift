import Foundation
import ReelAPI
import ReelS3
import ReelStorage

/// Before the service listens, its storage must take a write, give it back and let it go: a wrong
/// secret, a missing bucket or an endpoint that does not answer is a clear error at start-up, not a
/// failed job later.
enum StorageProbe {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The stores `settings` name (checked, for S3, with local copies bounded to `cacheBytes`), or
    /// `local` itself.
    static func stores(_ settings: StorageSettings, local: DataDirectory, cacheBytes: Int64, pins: CachePins)
        throws -> (outputs: any OutputStore, uploads: any UploadStore, chunks: any ChunkStore) {
        guard case .s3(let endpoint, let prefix, let credentials) = settings else { return (local, local, local) }
        let client = S3Client(endpoint: endpoint, credentials: credentials)
        let key = prefix + ".reel-probe/" + UUID().uuidString.lowercased()
        let body = Array("reel storage probe".utf8)
        do {
            try client.putObject(key, bytes: body, contentType: "text/plain")
            guard try client.getObject(key) == body else {
                throw Failed(description: "storage \(settings.description): a probe object read back different bytes")
            }
            try client.deleteObject(key)
        } catch let e as S3Error {
            throw Failed(description: "storage \(settings.description): cannot write, read and delete a probe object: \(e)")
        }
        let place = S3Place(client: client, prefix: prefix)
        let cache = LocalCache(folder: local.cache, limit: cacheBytes, pins: pins)
        return (S3Outputs(place, cache: cache), S3Uploads(place, cache: cache), S3Chunks(place, local: local))
    }
}
