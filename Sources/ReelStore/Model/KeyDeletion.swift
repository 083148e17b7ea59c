/// What `deleteKey` did.
public enum KeyDeletion: Sendable, Equatable {
    /// The key is refused from now on, on every node.
    case deleted
    /// No key of the project has that id (or it was deleted before).
    case notFound
    /// It is the project's last `full` key: deleting it would leave nobody able to change the
    /// project, its keys included.
    case lastFullKey
}
