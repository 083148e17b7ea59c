import Foundation
import ReelStore
import Logging
import ReelEngine
import ReelSpec
import ReelStorage

/// Worker threads that claim jobs from the store and render them, renewing each job's lease and
/// reporting progress every quarter second, and stopping a render within a second of a cancel.
public final class WorkerPool: @unchecked Sendable {
    let store: any JobStore
    /// Where outputs and chunk pieces are written.
    let locations: any MediaLocations
    let resolver: SourceResolver
    let logger: Logger
    public let metrics = RenderMetrics()
    let count: Int
    /// Each render's share of the cores: the workers may all render at once.
    var codecThreading: CodecThreading {
        CodecThreading.forRender(cores: ProcessInfo.processInfo.activeProcessorCount / count)
    }
    let ownerPrefix: String
    /// Outputs longer than this many seconds are cut into chunks that any worker renders
    /// (`chunkSeconds`); 0 renders every output whole.
    public var chunkSeconds = 0
    /// Wakes each CPU this often while renders run (`SchedulerTicker`); 0: no ticker. Set before
    /// `start`.
    public var schedulerTickMicroseconds = 0
    private var ticker: SchedulerTicker?
    /// Plans of the jobs whose chunks this pool's workers took lately (`ChunkRun`).
    let plans = PlanCache()
    private let condition = NSCondition()
    private var stopping = false
    private var pendingWakeups = 0
    private var threads: [Thread] = []
    private var running: [String: CancellationToken] = [:]
    private let finished = DispatchGroup()

    public init(store: any JobStore, workers: Int, locations: any MediaLocations, resolver: SourceResolver, logger: Logger) {
        self.store = store
        count = max(1, workers)
        self.locations = locations
        self.resolver = resolver
        self.logger = logger
        ownerPrefix = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(ULID.make().suffix(6))"
    }

    public func start() {
        // Another node's submit (or a job given back) wakes a worker here at once.
        store.startWakeups { [weak self] in self?.wake() }
        if schedulerTickMicroseconds > 0 {
            // Started here, on the caller's thread: the workers below lower their own priority.
            let t = SchedulerTicker(periodMicroseconds: schedulerTickMicroseconds)
            t.start()
            ticker = t
        }
        for i in 0..<count {
            finished.enter()
            let t = Thread { [self] in
                KernelThread.setName("reel-worker-\(i)")  // Foundation's Thread.name is not the kernel's name
                // Below the HTTP threads; every thread the render starts inherits it.
                if !RenderPriority.lowerCurrentThread() {
                    logger.warning("cannot lower the render threads' priority", metadata: ["errno": "\(errno)"])
                }
                loop(owner: "\(ownerPrefix)-w\(i)")
                finished.leave()
            }
            t.name = "reel-worker-\(i)"
            t.stackSize = 4 << 20
            threads.append(t)
            t.start()
        }
    }

    /// Tells an idle worker a job is waiting. Wake-ups beyond one per worker are dropped: a burst of
    /// notifications (every submit on every node) must not send a worker through as many empty
    /// claims once it is free; one claim per worker finds what is there.
    public func wake() {
        condition.lock()
        pendingWakeups = min(pendingWakeups + 1, max(1, count))
        condition.signal()
        condition.unlock()
    }

    /// Stops claiming, interrupts running renders and gives their jobs back to the queue (the
    /// attempt is not counted), then waits for the threads.
    public func shutdown() {
        condition.lock()
        stopping = true
        running.values.forEach { $0.cancel() }
        condition.broadcast()
        condition.unlock()
        store.stopWakeups()
        finished.wait()
        ticker?.stop()
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    private func loop(owner: String) {
        while !isStopping {
            // A chunk of a job already running comes before a new job: it finishes work started.
            do {
                if let chunk = try store.claimChunk(owner: owner, jobID: nil) {
                    ChunkRun(chunk: chunk, owner: owner, pool: self).execute()
                    continue
                }
            } catch {
                logger.error("chunk claim failed", metadata: ["error": "\(error)"])
            }
            let job: Job?
            do {
                job = try store.claim(owner: owner)
            } catch {
                logger.error("claim failed", metadata: ["error": "\(error)"])
                job = nil
            }
            guard let job else {
                condition.lock()
                if pendingWakeups == 0 && !stopping { _ = condition.wait(until: Date().addingTimeInterval(store.idlePollSeconds)) }
                pendingWakeups = max(0, pendingWakeups - 1)
                condition.unlock()
                continue
            }
            JobRun(job: job, owner: owner, pool: self).execute()
        }
    }

    /// Registers a running render's token so shutdown can interrupt it; false when already stopping.
    func register(_ id: String, _ token: CancellationToken) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if stopping { return false }
        // Counted once per id, as unregister uncounts it (a lease taken over in this process
        // registers the same id again while the first render winds down).
        if running.updateValue(token, forKey: id) == nil { ticker?.renderBegan() }
        return true
    }

    func unregister(_ id: String) {
        condition.lock()
        if running.removeValue(forKey: id) != nil { ticker?.renderEnded() }
        condition.unlock()
    }

    var shuttingDown: Bool { isStopping }
}
