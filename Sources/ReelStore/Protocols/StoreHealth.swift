/// What readiness asks of the store.
public protocol StoreHealth: AnyObject, Sendable {
    /// Whether a write could start now, waiting at most `waitMillis`; throws what a write would meet.
    func checkWritable(waitMillis: Int32) throws
    /// Free bytes on the file system holding the node's data, for readiness; nil when unknown.
    var freeBytes: Int64? { get }
}
