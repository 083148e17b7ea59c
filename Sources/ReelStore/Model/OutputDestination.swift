/// A bucket a succeeded job's output is copied to, and how that copy stands (the job's
/// `output.destinations[i]`). The worker that finishes the job fills in the key; the store keeps
/// each one as a durable delivery that any node's `DestinationDeliverer` tries until it is
/// delivered or its retry schedule ends.
public struct OutputDestination: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Not copied yet; tried again until the schedule ends.
        case pending
        /// The object is in the bucket (`etag`).
        case delivered
        /// The schedule ended (or the profile is gone) without a copy; `error` says why.
        case failed
    }

    /// `s3://bucket/key`, placeholders filled in.
    public var url: String
    /// The `storageProfiles` entry signing the copy; nil: the server's storage's credentials.
    public var profile: String?
    public var status: Status
    public var attempts: Int
    /// Why the last attempt failed.
    public var error: String?
    /// The delivered object's ETag (of the master playlist, for an HLS folder).
    public var etag: String?

    public init(url: String, profile: String?, status: Status = .pending, attempts: Int = 0, error: String? = nil, etag: String? = nil) {
        self.url = url
        self.profile = profile
        self.status = status
        self.attempts = attempts
        self.error = error
        self.etag = etag
    }
}
