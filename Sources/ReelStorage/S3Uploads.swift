import Foundation
import ReelS3

/// `UploadStore` in an S3 bucket: an upload is stored under `<prefix>assets/<id>` and recorded as
/// `s3://bucket/key`; a node reading it downloads it once into `cache` (written under a partial
/// name, renamed when whole, so two workers fetching it at once both end with a whole file).
public struct S3Uploads: UploadStore {
    public let place: S3Place
    /// Local folder of downloaded uploads.
    public let cache: String
    var client: S3Client { place.client }

    public init(_ place: S3Place, cache: String) {
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
        let path = cache + "/" + id
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let partial = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        try client.download(place.key(location), to: partial)
        guard rename(partial, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return path
    }

    public func removeUpload(_ location: String, id: String) {
        try? client.deleteObject(place.key(location))
        try? FileManager.default.removeItem(atPath: cache + "/" + id)
    }

}
