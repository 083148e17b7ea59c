import Foundation
import ReelEngine

/// The latest progress of a render, written by the render thread and read by its heartbeat.
final class ProgressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.0
    func set(_ v: Double) { lock.lock(); value = v; lock.unlock() }
    var current: Double { lock.lock(); defer { lock.unlock() }; return value }
}

/// A thread beside each render that every 250 ms renews the job's lease, stores progress and ETA,
/// and fires the render's cancellation token when the job was cancelled or its lease lost.
final class Heartbeat: @unchecked Sendable {
    let store: JobStore
    let jobID: String
    let owner: String
    let progress: ProgressBox
    let token: CancellationToken
    let reason: JobRun.StopReason
    private let done = DispatchSemaphore(value: 0)
    private let stopped = NSCondition()
    private var stopFlag = false

    init(store: JobStore, jobID: String, owner: String, progress: ProgressBox, token: CancellationToken, reason: JobRun.StopReason) {
        self.store = store
        self.jobID = jobID
        self.owner = owner
        self.progress = progress
        self.token = token
        self.reason = reason
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
                let p = progress.current
                let elapsed = Date().timeIntervalSince(started)
                let eta = p > 0.01 ? elapsed / p * (1 - p) : nil
                switch (try? store.heartbeat(jobID, owner: owner, progress: p, eta: eta)) ?? .keepGoing {
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
}
