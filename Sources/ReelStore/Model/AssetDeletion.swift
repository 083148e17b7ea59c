/// What `deleteAsset` did.
public enum AssetDeletion: Sendable, Equatable {
    /// The record is gone; the caller removes the file at `path`.
    case deleted(path: String)
    /// Queued or running jobs name the asset; nothing changed.
    case inUse(jobs: [String])
    case notFound
}
