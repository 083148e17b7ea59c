/// An uploaded file (media, a font or a caption file): where it lives, its digest, its kind and its
/// probe as JSON text.
public struct Asset: Sendable, Equatable {
    public var id: String
    public var path: String
    public var bytes: Int64
    public var sha256: String
    public var contentType: String?
    public var filename: String?
    /// `media`, `font` or `captions` (`AssetKind`).
    public var kind: String
    /// The kind's probe serialised (`MediaInfo.json`, `FontProbe` or `CaptionProbe`).
    public var probe: String
    public var createdAt: Int64
    /// The API key that uploaded it (its SHA-256 hex; "" when the server has no keys).
    public var keyID: String

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
