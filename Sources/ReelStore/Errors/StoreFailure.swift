/// A job store's error as the API and the workers classify it, whichever database raised it.
public protocol StoreFailure: Error, CustomStringConvertible {
    /// Another writer holds a lock the write needs, past the wait allowed.
    var isBusy: Bool { get }
    /// The disk (or the database's size limit) is full.
    var isFull: Bool { get }
    /// The database cannot be written (a read-only file, a standby server).
    var isReadOnly: Bool { get }
    /// The database could not be reached (a dropped connection, a server restarting).
    var isUnavailable: Bool { get }
}

extension StoreFailure {
    /// A failure that may pass by itself: waiting and trying again is worth it.
    public var isTransient: Bool { isBusy || isUnavailable }
}
