import Foundation
import ReelS3

/// The rule for "the storage cannot be used for now": a bucket that does not answer, answers with
/// a server error or throttling, or is gone (deleted, perhaps to be made again). Such a failure is
/// nobody's job's fault: workers wait it out without spending attempts, the API answers 503
/// `storage-unavailable`, and `/readyz` says not ready. Access refused or a missing key is not an
/// outage: waiting would not change it.
public enum StorageOutage {
    public static func isOutage(_ error: any Error) -> Bool {
        if let e = error as? S3Error { return [.transport, .server, .throttled, .noSuchBucket].contains(e.kind) }
        if let cause = (error as? any CarriesCause)?.cause { return isOutage(cause) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error { return isOutage(underlying) }
        return false
    }
}

/// An error that wraps the one that caused it, so rules about causes (`StorageOutage`) see through it.
public protocol CarriesCause: Error {
    var cause: (any Error)? { get }
}
