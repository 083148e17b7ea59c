/// The records of uploads (media, fonts, captions), each owned by an API key.
public protocol AssetStore: AnyObject, Sendable {
    func insert(_ a: Asset) throws
    /// The asset, of any key (the workers' view).
    func asset(_ id: String) throws -> Asset?
    /// The asset when it belongs to `keyID`.
    func asset(_ id: String, keyID: String) throws -> Asset?
    /// The key's assets (of `kind` when given), newest first, `limit` a page; `cursor` (an asset
    /// id) continues after it.
    func listAssets(keyID: String, kinds: [String]?, limit: Int, cursor: String?) throws -> (assets: [Asset], nextCursor: String?)
    /// Deletes an asset of `keyID` unless a queued or running job names it.
    func deleteAsset(_ id: String, keyID: String) throws -> AssetDeletion
    /// Deletes the records of assets uploaded before `cutoff` (ms) that no queued or running job
    /// names, and returns their paths for the caller to remove.
    func expireAssets(createdBefore cutoff: Int64) throws -> [String]
    /// Ends an uploading or importing asset as `ready` (with `checked`) or `failed` (with `error`).
    func settle(_ id: String, checked: Asset?, error: String?) throws -> Bool
    /// Deletes uploads left uncompleted past their URL's expiry and fails stale imports.
    func expireUploads(before cutoff: Int64, importsBefore: Int64) throws -> [(id: String, path: String)]
    /// The ids of the assets some queued or running job names (a node keeps its copies of them).
    func assetsInUse() throws -> Set<String>
}
