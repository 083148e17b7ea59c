import Foundation
import Logging
import ReelStore

/// A store write a worker must not give up on at the first error (a failed attempt handed back, a
/// chunk's end, a cancel recorded): a busy, unreachable, full or read-only store is waited out for
/// up to `patience` seconds, trying again with growing pauses (50 ms doubling to 1 s), as a
/// finished render's success already is. Given up, the error is logged and the job's lease, left
/// to run out, hands it on. A write retried after a lost reply finds its job already changed and
/// changes nothing: every such write is conditional on the job's owner. Once `givingUp` says so (the
/// pool is shutting down) no more tries are made: the lease hands the job on anyway, and a stop
/// must not wait a minute for a store that is down.
enum PatientWrite {
    static func run(patience: Double, logger: Logger, metadata: Logger.Metadata, givingUp: () -> Bool = { false },
                    _ body: () throws -> Void) {
        let deadline = Date().addingTimeInterval(patience)
        var pause = 0.05
        var tries = 0
        while true {
            tries += 1
            do {
                try body()
                if tries > 1 { logger.info("job store write succeeded after retries", metadata: metadata.merging(["tries": .stringConvertible(tries)]) { $1 }) }
                return
            } catch let e as StoreFailure where (e.isTransient || e.isFull || e.isReadOnly) && Date().addingTimeInterval(pause) < deadline
                                               && !givingUp() {
                logger.warning("job store write failed; retrying", metadata: metadata.merging(["error": "\(e)", "try": .stringConvertible(tries)]) { $1 })
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 1)
            } catch {
                logger.error("job store write failed", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                return
            }
        }
    }
}
