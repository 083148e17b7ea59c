/// A finished job's file.
public struct JobOutput: Sendable, Equatable {
    public var path: String
    public var bytes: Int64
    /// Output duration, exact (`Time.description`: decimal or `N/D` seconds).
    public var duration: String
    public var sha256: String
    public var contentType: String
    /// Deleted by the retention sweep.
    public var expired: Bool

    public init(path: String, bytes: Int64, duration: String, sha256: String, contentType: String, expired: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.duration = duration
        self.sha256 = sha256
        self.contentType = contentType
        self.expired = expired
    }
}
