/// An uploaded file (media, a font or a caption file): where it lives, its digest, its kind and its
/// probe as JSON text. A direct upload or an import is an asset before its bytes are checked
/// (`status` uploading or importing: `bytes` the size announced, no digest or probe yet).
public struct Asset: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Waiting for its bytes at a signed URL (`POST /v1/uploads`), then `complete`.
        case uploading
        /// Being fetched from the web (`POST /v1/assets` with a URL).
        case importing
        /// Checked and usable as a source.
        case ready
        /// Its bytes could not be used; `error` says why.
        case failed
    }

    public var id: String
    public var path: String
    public var bytes: Int64
    public var sha256: String
    public var contentType: String?
    public var filename: String?
    /// `video`, `audio`, `image`, `font`, `captions` or `lottie` (`AssetKind`); `media` for a media
    /// asset stored before the three were told apart whose probe could not be read to tell which.
    public var kind: String
    /// The kind's probe serialised (`MediaInfo.json`, `FontProbe` or `CaptionProbe`).
    public var probe: String
    public var createdAt: Int64
    /// The API key that uploaded it (its SHA-256 hex; "" when the server has no keys).
    public var keyID: String
    public var status: Status = .ready
    /// Why it failed.
    public var error: String?
    /// When its upload URL stops working (ms since 1970); nil once it is not uploading.
    public var uploadExpiresAt: Int64?
    /// The URL an imported asset was fetched from.
    public var sourceURL: String?

    public init(id: String, path: String, bytes: Int64, sha256: String, contentType: String?, filename: String?, probe: String,
                createdAt: Int64, keyID: String = "", kind: String = "media") {
        self.kind = kind
        self.id = id
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
        self.contentType = contentType
        self.filename = filename
        self.probe = probe
        self.createdAt = createdAt
        self.keyID = keyID
    }
}
