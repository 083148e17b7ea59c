import Foundation
import ReelBasics
import ReelStore
import Logging
import ReelEngine
import ReelSpec
import ReelStorage

/// Worker threads that claim jobs from the store and render them, renewing each job's lease and
/// reporting progress every quarter second, and stopping a render within a second of a cancel.
public final class WorkerPool: Sendable {
    let store: any JobStore
    /// Where outputs and chunk pieces are written.
    let locations: any MediaLocations
    /// Where finished outputs are published.
    let outputs: any OutputStore
    /// Where the pieces of chunked jobs meet.
    let chunks: any ChunkStore
    let resolver: SourceResolver
    /// This node's copies of web sources, held while a render uses them; nil where sources are
    /// not fetched (tests of the pool alone).
    let webSources: WebSources?
    let logger: Logger
    public let metrics = RenderMetrics()
    let count: Int
    /// Each render's share of the cores: the workers may all render at once.
    var codecThreading: CodecThreading { CodecThreading.forRender(cores: coresPerRender) }
    let ownerPrefix: String
    /// Outputs longer than this many seconds are cut into chunks that any worker renders
    /// (`chunkSeconds`); 0 renders every output whole.
    public let chunkSeconds: Int
    /// Wakes each CPU while renders run (`schedulerTickMicroseconds`); nil: no ticker.
    private let ticker: SchedulerTicker?
    /// Plans of the jobs whose chunks this pool's workers took lately (`ChunkRun`).
    let plans = PlanCache<RenderPlan>()
    /// The same for jobs with `outputs`: each output's plan.
    let outputPlans = PlanCache<[MultiRenderer.Member]>()
    /// Renders jobs in child processes (`RenderChild`); nil: in this process.
    let isolation: RenderIsolation?
    private struct State {
        var stopping = false
        var pendingWakeups = 0
        /// The tokens of the renders running now, by job id (or chunk key).
        var running: [String: CancellationToken] = [:]
        /// Those of `running` that a worker runs inside its own job's run (a chunked job's worker
        /// rendering one of its chunks): not a worker more.
        var nested: Set<String> = []
        /// The child process rendering each job that renders in one, by job id.
        var children: [String: pid_t] = [:]
    }
    private let state = Guarded(State())
    private let finished = DispatchGroup()

    /// `schedulerTickMicroseconds`: how often each CPU is woken while renders run; 0: never.
    public init(store: any JobStore, workers: Int, locations: any MediaLocations, outputs: any OutputStore,
                chunks: any ChunkStore, resolver: SourceResolver, webSources: WebSources? = nil, logger: Logger,
                chunkSeconds: Int = 0, schedulerTickMicroseconds: Int = 0, isolation: RenderIsolation? = nil) {
        self.webSources = webSources
        self.isolation = isolation
        self.store = store
        count = max(1, workers)
        self.locations = locations
        self.outputs = outputs
        self.chunks = chunks
        self.resolver = resolver
        self.logger = logger
        self.chunkSeconds = chunkSeconds
        ticker = schedulerTickMicroseconds > 0 ? SchedulerTicker(periodMicroseconds: schedulerTickMicroseconds) : nil
        ownerPrefix = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(ULID.make().suffix(6))"
    }

    public func start() {
        // Another node's submit (or a job given back) wakes a worker here at once.
        store.startWakeups { [weak self] in self?.wake() }
        // Started here, on the caller's thread: the workers below lower their own priority.
        ticker?.start()
        finished.enter()
        let beat = Thread { [self] in
            KernelThread.setName("reel-heartbeat")
            heartbeats()
            finished.leave()
        }
        beat.name = "reel-heartbeat"
        beat.start()
        for i in 0..<count {
            finished.enter()
            let t = Thread { [self] in
                KernelThread.setName("reel-worker-\(i)")  // Foundation's Thread.name is not the kernel's name
                // Below the HTTP threads; every thread the render starts inherits it.
                if !RenderPriority.lowerCurrentThread() {
                    logger.warning("cannot lower the render threads' priority", metadata: ["errno": .stringConvertible(errno)])
                }
                loop(owner: "\(ownerPrefix)-w\(i)")
                finished.leave()
            }
            t.name = "reel-worker-\(i)"
            t.stackSize = 4 << 20
            t.start()
        }
    }

    /// Tells an idle worker a job is waiting. Wake-ups beyond one per worker are dropped: a burst of
    /// notifications (every submit on every node) must not send a worker through as many empty
    /// claims once it is free; one claim per worker finds what is there.
    public func wake() {
        state.withLock(waking: .one) { $0.pendingWakeups = min($0.pendingWakeups + 1, max(1, count)) }
    }

    /// Stops claiming, interrupts running renders and gives their jobs back to the queue (the
    /// attempt is not counted), then waits for the threads.
    public func shutdown() {
        state.withLock(waking: .all) { s in
            s.stopping = true
            s.running.values.forEach { $0.cancel() }
        }
        store.stopWakeups()
        finished.wait()
        ticker?.stop()
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    /// How often this node renews its row of the store's nodes, and how long a silent node's
    /// workers are still counted (three beats missed).
    static let heartbeatSeconds = 10.0
    static let liveWindowSeconds = 30.0

    /// Renews this node's row (`NodeRegistry`) until the pool stops, then removes it.
    private func heartbeats() {
        while !isStopping {
            do { try store.heartbeat(node: ownerPrefix, workers: count) } catch {
                logger.warning("node heartbeat failed", metadata: ["error": "\(error)"])
            }
            state.wait(until: Date().addingTimeInterval(Self.heartbeatSeconds), for: { $0.stopping }) { _ in }
        }
        do { try store.forgetNode(ownerPrefix) } catch { logger.warning("node not forgotten", metadata: ["error": "\(error)"]) }
    }

    /// The workers of the cluster sharing the store now (this node's at least: its heartbeat may
    /// not have been written yet, or the store may not answer).
    func liveWorkers() -> Int {
        max(count, (try? store.liveWorkers(seenWithin: Self.liveWindowSeconds)) ?? count)
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
                state.wait(until: Date().addingTimeInterval(store.idlePollSeconds), for: { $0.pendingWakeups > 0 || $0.stopping }) {
                    $0.pendingWakeups = max(0, $0.pendingWakeups - 1)
                }
                continue
            }
            JobRun(job: job, owner: owner, pool: self).execute()
        }
    }

    /// Registers a running render's token so shutdown can interrupt it; false when already stopping.
    /// `nested`: run by a worker inside its own job's run (counted once in `workers.busy`).
    func register(_ id: String, _ token: CancellationToken, nested: Bool = false) -> Bool {
        state.withLock { s in
            if s.stopping { return false }
            if nested { s.nested.insert(id) }
            // Counted once per id, as unregister uncounts it (a lease taken over in this process
            // registers the same id again while the first render winds down).
            if s.running.updateValue(token, forKey: id) == nil { ticker?.renderBegan() }
            return true
        }
    }

    func unregister(_ id: String) {
        state.withLock { s in
            if s.running.removeValue(forKey: id) != nil { ticker?.renderEnded() }
            s.nested.remove(id)
            s.children[id] = nil
        }
    }

    /// Records the child process rendering job `id` (until `unregister`), or, nil, that it ended
    /// (a job's join child, `id/join`, which no registration holds).
    func adopt(_ id: String, child: pid_t?) { state.withLock { $0.children[id] = child } }

    /// The child processes rendering jobs now, by job id.
    public var children: [String: pid_t] { state.withLock { $0.children } }

    /// The cores each render may use: the workers may all render at once.
    var coresPerRender: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / count) }

    var shuttingDown: Bool { isStopping }

    /// How many workers this pool has, and how many are rendering now (a job or a chunk each).
    public var workers: (total: Int, busy: Int) { (count, state.withLock { $0.running.count - $0.nested.count }) }

    /// Keeps the node's copies of the web sources `spec` names from eviction until released: a
    /// render opens a source only when its timeline reaches it.
    func holdWebSources(of spec: JobSpec) -> WebSources.Hold? {
        let urls = remoteSources(of: spec)
        return urls.isEmpty ? nil : webSources?.hold(urls)
    }

    /// How messages about a job name its sources to the client (`SourceNaming`, `SourceNames`).
    public var naming: SourceNaming { SourceNaming(mediaRoot: resolver.mediaRoot, dataRoot: locations.root, webSources: webSources) }

    /// The sources of `spec` a child cannot resolve itself, resolved here: every `upload:ID` the spec
    /// names anywhere, and its web sources (fetched already). A source that cannot be resolved is
    /// passed on with its reason, so the child's planner reports it where the spec names it.
    func resolvedSources(of spec: JobSpec, text: String) -> [String: ResolvedSource] {
        var names = Set(remoteSources(of: spec))
        if let json = try? JSONParser.parse(Array(text.utf8)) { WorkerPool.uploads(in: json, into: &names) }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ResolvedSource.resolving($0, with: resolver)) })
    }

    /// What a render child is asked for job `jobID` (its spec's `text`, decoded as `spec`): this
    /// node's media root, the sources it resolved, this pool's share of the cores and chunk size.
    func renderRequest(jobID: String, text: String, spec: JobSpec, isolation: RenderIsolation,
                       task: RenderChildRequest.Task = .job) -> RenderChildRequest {
        var request = RenderChildRequest(jobID: jobID, spec: text, mediaRoot: resolver.mediaRoot,
                                         sources: resolvedSources(of: spec, text: text), cores: coresPerRender,
                                         chunkSeconds: task == .job ? chunkSeconds : 0, limits: isolation.limits, sandbox: isolation.sandbox)
        request.task = task
        if task == .job { request.workers = liveWorkers() }
        // Its sandbox opens the media root and this job's own sources, nothing else of Reel's.
        request.access.read = [resolver.mediaRoot] + request.sources.values.compactMap(\.path).sorted()
        return request
    }

    /// Every string of `json` that names an upload.
    public static func uploads(in json: JSONValue, into names: inout Set<String>) {
        switch json {
        case .string(let s) where SourceScheme(s) == .upload: names.insert(s)
        case .array(let items): items.forEach { uploads(in: $0, into: &names) }
        case .object(let members): members.forEach { uploads(in: $0.value, into: &names) }
        default: break
        }
    }

    /// The sources of `spec` this node fetches into its cache (http(s) and s3:// URLs); none where
    /// the pool fetches nothing.
    func remoteSources(of spec: JobSpec) -> [String] { webSources == nil ? [] : spec.timeline.remoteSources }
}
