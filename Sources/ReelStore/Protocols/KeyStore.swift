/// The API keys of every project, stored as hashes. Every request's key is looked up here (no
/// node keeps a copy it trusts), so a key deleted on one node is refused at once on all of them.
public protocol KeyStore: AnyObject, Sendable {
    /// Records the configured keys (`apiKeys`, `projects`) at start-up, each under the project
    /// the configuration gives it now; a configured key deleted through the API stays deleted.
    /// A key's `adopts` names the owner its resources had before projects (its own hash, from when
    /// each key owned what it made): those rows move to its project in the same transaction, once.
    /// Returns the keys as stored (the deleted ones included), in the order given.
    func registerConfiguredKeys(_ keys: [ConfiguredKey]) throws -> [StoredKey]
    /// The key whose secret hashes to `hash`, deleted or not; nil when there is none.
    func key(hash: String) throws -> StoredKey?
    /// Stores a key made through the API.
    func insertKey(_ key: StoredKey) throws
    /// The project's keys that are not deleted, oldest first.
    func keys(project: String) throws -> [StoredKey]
    /// Deletes a key of `project`: refused from now on.
    func deleteKey(_ id: String, project: String) throws -> KeyDeletion
    /// Notes that a key was used at `millis` (callers note it at most about once a minute).
    func touchKey(_ id: String, at millis: Int64) throws
}

/// A key from the configuration, as `KeyStore.registerConfiguredKeys` records it.
public struct ConfiguredKey: Sendable, Equatable {
    public var id: String
    public var project: String
    public var scope: StoredKey.Scope
    public var hash: String
    /// The owner id whose rows become the project's (the key's hash: what owned them before projects).
    public var adopts: String?

    public init(id: String, project: String, scope: StoredKey.Scope, hash: String, adopts: String?) {
        self.id = id
        self.project = project
        self.scope = scope
        self.hash = hash
        self.adopts = adopts
    }
}
