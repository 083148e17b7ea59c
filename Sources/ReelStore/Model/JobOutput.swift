import ReelBasics
/// A finished job's file.
public struct JobOutput: Sendable, Equatable {
    /// Its name among the job's `outputs`; nil for the one `output`.
    public var name: String?
    public var path: String
    public var bytes: Int64
    /// Output duration, exact (`Time.description`: decimal or `N/D` seconds).
    public var duration: String
    public var sha256: String
    public var contentType: String
    /// Deleted by the retention sweep.
    public var expired: Bool
    /// Video frames copied from the sources as they were (passthrough) and encoded; nil for an
    /// output without video (m4a) and for jobs finished before Reel counted them.
    public var copiedFrames: Int64?
    public var encodedFrames: Int64?
    /// The output's measured loudness, for a job with a loudness target.
    public var loudness: MeasuredLoudness?
    /// A progressive output's seconds from the start of its render until it could be played.
    public var firstSegmentSeconds: Double?
    /// The buckets the output is copied to, in the spec's order, and how each copy stands.
    public var destinations: [OutputDestination] = []

    public init(path: String, bytes: Int64, duration: String, sha256: String, contentType: String, expired: Bool = false,
                copiedFrames: Int64? = nil, encodedFrames: Int64? = nil, loudness: MeasuredLoudness? = nil,
                destinations: [OutputDestination] = [], firstSegmentSeconds: Double? = nil, name: String? = nil) {
        self.name = name
        self.loudness = loudness
        self.firstSegmentSeconds = firstSegmentSeconds
        self.path = path
        self.bytes = bytes
        self.duration = duration
        self.sha256 = sha256
        self.contentType = contentType
        self.expired = expired
        self.copiedFrames = copiedFrames
        self.encodedFrames = encodedFrames
        self.destinations = destinations
    }
}
