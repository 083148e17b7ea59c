/// The database was written by a newer Reel: its schema version is past every migration this
/// binary knows, so its tables may hold columns and meanings this binary would get wrong.
public struct SchemaTooNewError: Error, CustomStringConvertible, Sendable {
    public let path: String
    /// The database's `user_version`.
    public let version: Int
    /// The newest schema version this binary knows.
    public let known: Int

    public var description: String {
        "the database \(path) has schema version \(version), newer than version \(known), the newest this reel knows; "
            + "run the newer reel that wrote it, or restore a backup made before the upgrade"
    }
}
