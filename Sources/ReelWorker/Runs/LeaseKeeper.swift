import Foundation
import ReelStore
import Logging
import ReelEngine

/// A thread beside each render that every 250 ms renews the job's lease, stores progress and ETA,
/// and fires the render's cancellation token when the job was cancelled or its lease lost.
final class LeaseKeeper: Sendable {
    let store: any JobStore
    let jobID: String
    let owner: String
    let progress: ProgressBox
    let token: CancellationToken
    let reason: JobRun.StopReason
    let logger: Logger
    /// Set for a chunk's render: the chunk's lease is renewed instead of the job's.
    let chunkIndex: Int?
    /// Where the job's progress comes from when it is not one render's (a chunked job's, summed
    /// over its chunks); read on the keeper's thread each beat.
    let progressSource: (@Sendable () -> Double)?
    private let done = DispatchSemaphore(value: 0)
    /// Signalled once by `stop`: the keeper's wait between beats ends early.
    private let stopping = DispatchSemaphore(value: 0)

    init(store: any JobStore, jobID: String, owner: String, progress: ProgressBox, token: CancellationToken,
         reason: JobRun.StopReason, logger: Logger, chunkIndex: Int? = nil, progressSource: (@Sendable () -> Double)? = nil) {
        self.store = store
        self.jobID = jobID
        self.owner = owner
        self.progress = progress
        self.token = token
        self.reason = reason
        self.logger = logger
        self.chunkIndex = chunkIndex
        self.progressSource = progressSource
    }

    func start() {
        let started = Date()
        Thread { [self] in
            defer { done.signal() }
            /// Beats in a row whose renewal failed.
            var failures = 0
            while stopping.wait(timeout: .now() + 0.25) == .timedOut {
                let p = progressSource?() ?? progress.current
                let elapsed = Date().timeIntervalSince(started)
                let eta = p > 0.01 ? elapsed / p * (1 - p) : nil
                switch renew(progress: p, eta: eta, failures: &failures) {
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
        stopping.signal()
        done.wait()
    }

    /// One beat. A store error (say the database busy past its timeout) is logged and the render
    /// goes on: the next beat, a quarter second later, tries again well before the lease runs out.
    /// A store that stays broken is logged on its first failure and then every 10 s, not 4 times a
    /// second.
    private func renew(progress p: Double, eta: Double?, failures: inout Int) -> LeaseStatus {
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
