import Foundation
import ReelS3

/// `UploadStore` in an S3 bucket: an upload is stored under `<prefix>assets/<id>` and recorded as
/// `s3://bucket/key`; a node reading it downloads it once into its `LocalCache` (`uploads/<id>`),
/// which bounds the bytes such copies take.
public struct S3Uploads: UploadStore {
    public let place: S3Place
    /// Where downloaded uploads are kept on this node.
    public let cache: LocalCache
    var client: S3Client { place.client }

    public init(_ place: S3Place, cache: LocalCache) {
        self.place = place
        self.cache = cache
    }

    public func keep(_ id: String, from path: String, contentType: String?) throws -> String {
        let key = place.prefix + "assets/" + id
        try client.upload(file: path, to: key, contentType: contentType)
        try? FileManager.default.removeItem(atPath: path)
        return place.location(key)
    }

    public func localCopy(_ location: String, id: String) throws -> String {
        try cache.copy("uploads/" + id) { try client.download(place.key(location), to: $0) }
    }

    public func removeUpload(_ location: String, id: String) {
        try? client.deleteObject(place.key(location))
        cache.remove("uploads/" + id)
    }

    public func directUpload(_ id: String, contentType: String?, expires: Int) -> (location: String, url: String?) {
        let key = place.prefix + "assets/" + UploadName.incoming(id)
        return (place.location(key), client.presignedURL("PUT", key: key, expires: expires,
                                                         headers: contentType.map { [("content-type", $0)] } ?? []))
    }

    public func receiveUpload(_ location: String, from path: String) throws {
        try client.upload(file: path, to: place.key(location))
        try? FileManager.default.removeItem(atPath: path)
    }

    public func uploadedBytes(_ location: String) throws -> Int64? { try client.headObject(place.key(location))?.bytes }

    /// The presigned URL keeps working until it expires, so the bytes are downloaded once (at most
    /// `maxBytes`), and those very bytes (not whatever the incoming key holds by then) are uploaded
    /// to the asset's own key; the local file then becomes the node's cached copy when the asset is
    /// kept. The incoming object stays until the completion ends (`discardIncoming`).
    public func claimUpload(_ location: String, id: String, contentType: String?, maxBytes: Int64) throws -> ClaimedUpload? {
        let incoming = place.key(location)
        let file = PartialName.path(beside: cache.folder + "/uploads/" + id)
        try FileManager.default.createDirectory(atPath: cache.folder + "/uploads", withIntermediateDirectories: true)
        do {
            try client.download(incoming, to: file, range: 0...max(0, maxBytes - 1))
        } catch let e as S3Error where e.kind == .noSuchKey {
            try? FileManager.default.removeItem(atPath: file)
            return nil
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
        let key = place.prefix + "assets/" + UploadName.claimed(id)
        do {
            try client.upload(file: file, to: key, contentType: contentType)
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
        return ClaimedUpload(location: place.location(key), file: file)
    }

    public func discardIncoming(_ location: String) { try? client.deleteObject(place.key(location)) }

    public func returnClaim(_ claim: ClaimedUpload, to location: String, id: String) {
        finish(claim, id: id, kept: false)  // the incoming object is still there
    }

    public func finish(_ claim: ClaimedUpload, id: String, kept: Bool) {
        defer { try? FileManager.default.removeItem(atPath: claim.file) }  // unless it moved into the cache
        if kept {
            // The cache's copy of the asset is the file that was checked.
            _ = try? cache.copy("uploads/" + id) { partial in
                guard rename(claim.file, partial) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial]) }
            }
        } else {
            try? client.deleteObject(place.key(claim.location))
        }
    }
}
