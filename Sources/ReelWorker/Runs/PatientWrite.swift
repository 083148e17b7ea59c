import Foundation
import Logging
import ReelStore
import ReelBasics

/// A store write a worker must not give up on at the first error (a failed attempt handed back, a
/// chunk's end, a cancel recorded): a busy, unreachable, full or read-only store is waited out for
/// up to `patience` seconds, trying again with growing pauses (50 ms doubling to 1 s), as a
/// finished render's success already is. Given up, the error is logged and the job's lease, left
/// to run out, hands it on. A write retried after a lost reply finds its job already changed and
/// changes nothing: every such write is conditional on the job's owner. Once `givingUp` says so (the
/// pool is shutting down) no more tries are made: the lease hands the job on anyway, and a stop
/// must not wait a minute for a store that is down.
enum PatientWrite {
    static let backoff = Backoff(first: 0.05, limit: 1)

    static func run(patience: Double, logger: Logger, metadata: Logger.Metadata, givingUp: () -> Bool = { false },
                    _ body: () throws -> Void) {
        var retries = 0
        do {
            try backoff.run(patience: patience, isPassing: { ($0 as? StoreFailure).map { $0.isTransient || $0.isFull || $0.isReadOnly } ?? false },
                            givingUp: givingUp, retrying: { error, tries in
                retries = tries
                logger.warning("job store write failed; retrying", metadata: metadata.merging(["error": "\(error)", "try": .stringConvertible(tries)]) { $1 })
            }, body)
            if retries > 0 {
                logger.info("job store write succeeded after retries", metadata: metadata.merging(["tries": .stringConvertible(retries + 1)]) { $1 })
            }
        } catch {
            logger.error("job store write failed", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}
