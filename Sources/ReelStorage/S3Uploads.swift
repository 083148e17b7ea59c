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
        let key = place.prefix + "assets/" + id
        return (place.location(key), client.presignedURL("PUT", key: key, expires: expires,
                                                         headers: contentType.map { [("content-type", $0)] } ?? []))
    }

    public func uploadedBytes(_ location: String) throws -> Int64? { try client.headObject(place.key(location))?.bytes }

}
