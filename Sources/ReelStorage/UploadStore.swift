/// Where accepted uploads (media, fonts, caption files) are kept: under `dataDir` (`DataDirectory`)
/// or in an S3 bucket (`S3Uploads`). Renders and probes read a local file: a bucket's upload is
/// downloaded once into the node's cache and read from there.
public protocol UploadStore: Sendable {
    /// Keeps the checked upload at `path` (a local temporary, moved or deleted) as asset `id`;
    /// returns the location to record.
    func keep(_ id: String, from path: String, contentType: String?) throws -> String
    /// A local file with the bytes of the upload at `location`.
    func localCopy(_ location: String, id: String) throws -> String
    /// Deletes the upload at `location` (and any local copy of it).
    func removeUpload(_ location: String, id: String)
    /// Where a direct upload of asset `id` goes: the location to record, and a presigned PUT URL
    /// valid for `expires` seconds where the store gives one (a bucket; with `contentType`, the
    /// PUT must carry exactly that type); nil where the API takes the PUT itself (local disk).
    func directUpload(_ id: String, contentType: String?, expires: Int) -> (location: String, url: String?)
    /// The size of the upload at `location`, or nil when nothing is there yet.
    func uploadedBytes(_ location: String) throws -> Int64?
}
