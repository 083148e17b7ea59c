import Foundation
import Logging
import ReelEngine
import ReelStorage
import ReelBasics

/// A run's reads and writes of its storage (chunk pieces, the finished output) wait out an outage
/// of the bucket (`StorageOutage`) with growing pauses (0.5 s doubling to 10 s) for up to
/// `patience`, while the run's lease keeper keeps its lease: an outage is not the job's fault, so it
/// must not spend the job's attempts. Past the patience the error is thrown and the run gives its
/// job or chunk back unspent. A cancelled run or a stopping pool stops waiting at once, and that is
/// a `RenderError.cancelled` (the run's own stop), not the outage.
struct StorageWait {
    static let patience = 300.0
    static let backoff = Backoff(first: 0.5, limit: 10)

    let logger: Logger
    let metadata: Logger.Metadata
    let givingUp: () -> Bool

    func run<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try StorageWait.backoff.run(patience: StorageWait.patience, isPassing: StorageOutage.isOutage, givingUp: givingUp,
                                               retrying: { error, tries in
                logger.warning("storage unavailable; waiting", metadata: metadata.merging(["what": "\(what)", "error": "\(error)",
                                                                                          "try": .stringConvertible(tries)]) { $1 })
            }, body)
        } catch where StorageOutage.isOutage(error) && givingUp() {
            throw RenderError.cancelled
        }
    }
}
