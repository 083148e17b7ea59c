/// How an attempt to copy an output to a destination ended.
public enum DestinationOutcome: Sendable, Equatable {
    /// The object is in place, with this ETag.
    case delivered(etag: String)
    /// Failed; tried again at `next` (ms since 1970).
    case retry(error: String, next: Int64)
    /// Failed for good.
    case failed(error: String)
}
