import Foundation
import ReelStore
import Logging
import ReelEngine

/// A thread beside each render that every 250 ms renews the job's lease, stores progress and ETA,
/// and fires the render's cancellation token when the job was cancelled or its lease lost.
final class LeaseKeeper: @unchecked Sendable {
    let store: any JobStore
    let jobID: String
    let owner: String
    let progress: ProgressBox
    let token: CancellationToken
    let reason: JobRun.StopReason
    let logger: Logger
    /// Set for a chunk's render: the chunk's lease is renewed instead of the job's.
    var chunkIndex: Int?
    /// Where the job's progress comes from when it is not one render's (a chunked job's, summed
    /// over its chunks); read on the keeper's thread each beat.
    var progressSource: (() -> Double)?
    private let done = DispatchSemaphore(value: 0)
    private let stopped = NSCondition()
    private var stopFlag = false
    /// Beats in a row whose renewal failed (touched only by the keeper's own thread).
    private var failures = 0

    init(store: any JobStore, jobID: String, owner: String, progress: ProgressBox, token: CancellationToken,
         reason: JobRun.StopReason, logger: Logger) {
        self.store = store
        self.jobID = jobID
        self.owner = owner
        self.progress = progress
        self.token = token
        self.reason = reason
        self.logger = logger
    }

    func start() {
        let started = Date()
        Thread { [self] in
            defer { done.signal() }
            while true {
                stopped.lock()
                if !stopFlag { _ = stopped.wait(until: Date().addingTimeInterval(0.25)) }
                let stop = stopFlag
                stopped.unlock()
                if stop { return }
                let p = progressSource?() ?? progress.current
                let elapsed = Date().timeIntervalSince(started)
                let eta = p > 0.01 ? elapsed / p * (1 - p) : nil
                switch renew(progress: p, eta: eta) {
                case .keepGoing: continue
                case .cancel:
                    reason.set(.cancel)
                    token.cancel()
                case .lost:
                    reason.set(.lost)
                    token.cancel()
                }
            }
        }.start()
    }

    func stop() {
        stopped.lock()
        stopFlag = true
        stopped.signal()
        stopped.unlock()
        done.wait()
    }

    /// One beat. A store error (say the database busy past its timeout) is logged and the render
    /// goes on: the next beat, a quarter second later, tries again well before the lease runs out.
    /// A store that stays broken is logged on its first failure and then every 10 s, not 4 times a
    /// second.
    private func renew(progress p: Double, eta: Double?) -> LeaseStatus {
        do {
            let status = try chunkIndex.map { try store.heartbeatChunk(jobID, index: $0, owner: owner, progress: p) }
                ?? store.heartbeat(jobID, owner: owner, progress: p, eta: eta)
            if failures > 0 {
                logger.info("lease renewal works again", metadata: ["jobId": "\(jobID)", "failedBeats": .stringConvertible(failures)])
                failures = 0
            }
            return status
        } catch {
            if failures % 40 == 0 {
                logger.warning("lease renewal failed; retrying on the next beat",
                               metadata: ["jobId": "\(jobID)", "error": "\(error)", "failedBeats": .stringConvertible(failures + 1)])
            }
            failures += 1
            return .keepGoing
        }
    }
}
