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
    /// Where a direct upload of asset `id` goes (`assets/incoming/<id>`, a place no ready asset
    /// uses): the location to record, and a presigned PUT URL valid for `expires` seconds where the
    /// store gives one (a bucket; with `contentType`, the PUT must carry exactly that type); nil
    /// where the API takes the PUT itself (local disk, `receiveUpload`).
    func directUpload(_ id: String, contentType: String?, expires: Int) -> (location: String, url: String?)
    /// Puts the body of a direct upload's PUT (a local temporary, moved) at its `location`,
    /// replacing an earlier PUT's in one step.
    func receiveUpload(_ location: String, from path: String) throws
    /// The size of the upload at `location`, or nil when nothing is there yet.
    func uploadedBytes(_ location: String) throws -> Int64?
    /// Takes a direct upload's bytes away from its `location` (which a PUT may still write) to a
    /// place of their own (`assets/<id>.<random>`), so that what is checked is what is kept, however
    /// PUTs and completions interleave; returns that place and a local file with the same bytes,
    /// or nil when nothing is at `location` (never sent, or another completion took it). At most
    /// `maxBytes` are taken (a bucket's object may have grown since its size was read).
    func claimUpload(_ location: String, id: String, contentType: String?, maxBytes: Int64) throws -> ClaimedUpload?
    /// Gives a claim's bytes back to `location` when the completion could not end (the store
    /// failed before the asset settled), so the next completion finds them; a newer PUT there wins.
    func returnClaim(_ claim: ClaimedUpload, to location: String, id: String)
    /// Deletes what PUTs left at a direct upload's `location` after its bytes were claimed.
    func discardIncoming(_ location: String)
    /// Ends a claim: `kept` when the asset became ready with it (its local file may serve later
    /// reads), otherwise everything it made is deleted.
    func finish(_ claim: ClaimedUpload, id: String, kept: Bool)
}

/// A direct upload's bytes, taken from where its URL puts them (`UploadStore.claimUpload`).
public struct ClaimedUpload: Sendable {
    /// Where the bytes are kept now: the location to record.
    public let location: String
    /// A local file with the bytes, to check.
    public let file: String

    public init(location: String, file: String) {
        self.location = location
        self.file = file
    }
}
