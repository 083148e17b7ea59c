/// An API key as the store knows it: never the secret, only its SHA-256 (`hash`, hex), the
/// project whose resources it reaches and what it may do there.
public struct StoredKey: Sendable, Equatable {
    /// What a key may do in its project.
    public enum Scope: String, Sendable, CaseIterable {
        /// Everything the project may do.
        case full
        /// GET and HEAD only.
        case read
    }

    /// `key_…`: for a configured key derived from its hash (every node names it alike), for one
    /// made through the API a ULID.
    public var id: String
    /// The project's id: every job, asset, template and batch of the project is owned by it.
    public var project: String
    public var scope: Scope
    /// The SHA-256 of the secret, lowercase hex.
    public var hash: String
    /// A key from the configuration (`apiKeys`, `projects`) rather than made through the API.
    public var configured: Bool
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var lastUsedAt: Int64?
    /// When it was deleted (a deleted key is refused; a configured one stays deleted across restarts).
    public var deletedAt: Int64?

    public init(id: String, project: String, scope: Scope, hash: String, configured: Bool, createdAt: Int64,
                lastUsedAt: Int64? = nil, deletedAt: Int64? = nil) {
        self.id = id
        self.project = project
        self.scope = scope
        self.hash = hash
        self.configured = configured
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.deletedAt = deletedAt
    }
}
