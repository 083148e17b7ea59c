import Foundation
import Logging
import ReelHTTP
import ReelStore
import ReelBasics

/// Turns the store's job changes into Server-Sent Events for the streams open on this node
/// (`GET /v1/jobs/{id}/events`, `GET /v1/events`). One thread does all of it, so a stream's
/// events go out in the order they were read: it hears which jobs changed (from this process's
/// commits, or on PostgreSQL from every node's through LISTEN/NOTIFY), reads each changed job
/// once, and hands its event to every stream that may see it. A stream only costs memory: its
/// bytes wait in its `ResponseStream` (bounded; a reader that falls behind is dropped) and its
/// connection's loop writes them.
///
/// Every stream catches up from the store first — a job's stream with the job as it is, a key's
/// stream with the key's jobs changed after its `Last-Event-ID` (or after the latest change when it
/// opened), in pages while its client keeps up; live changes skip it meanwhile, since the catch-up
/// reads them, and the changes a catch-up sent are not sent again when their notifications come.
final class JobEventHub: Sendable {
    /// Jobs read per page of a catch-up.
    static let pageSize = 100
    /// How soon a catch-up whose client is behind is looked at again.
    static let postponeSeconds = 0.05
    /// Jobs whose last delivered change is remembered (`delivered`); past it the older half goes.
    static let deliveredMemory = 4096
    /// The most jobs a key's stream remembers from its catch-up (`Entry.caughtUp`).
    static let caughtUpMemory = 10_000

    private struct Entry {
        let stream: ResponseStream
        let keyID: String
        /// nil: every job of the key.
        let jobID: String?
        /// The change number of the last event sent; a catch-up reads after it.
        var lastSent: Int64
        var catchingUp = true
        /// A key's stream: the change each job was sent at by its last catch-up, until the hub's
        /// turn `caughtUpUntil` — the notifications of those changes come after the catch-up read
        /// them, and must not send them twice.
        var caughtUp: [String: Int64] = [:]
        var caughtUpUntil: UInt64 = 0
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var byJob: [String: Set<UInt64>] = [:]
        var keyWide: Set<UInt64> = []
        var changed: [String] = []
        var catchUps: [UInt64] = []
        var postponed: [UInt64] = []
        /// The last change of each recently changed job sent live: a notification that arrives
        /// after the job was already read in a later state sends nothing again.
        var delivered: [String: Int64] = [:]
        var nextID: UInt64 = 1
        /// The hub thread's turns so far.
        var turn: UInt64 = 0
        var started = false
        var stopping = false
        var joined = false
        var hasWork: Bool { !changed.isEmpty || !catchUps.isEmpty || stopping }
    }

    private let store: any JobStore
    private let render: @Sendable (Job) -> [UInt8]
    private let logger: Logger
    private let state = Guarded(State())
    private let done = DispatchSemaphore(value: 0)

    /// `render` gives a job's event data (its JSON).
    init(store: any JobStore, logger: Logger, render: @escaping @Sendable (Job) -> [UInt8]) {
        self.store = store
        self.logger = logger
        self.render = render
    }

    /// Streams open now (for metrics and tests).
    var streamCount: Int { state.withLock { $0.entries.count } }

    /// Starts the hub's thread and listening to the store, on the first stream: a server nobody
    /// watches reads nothing.
    /// False once the hub has stopped.
    private func startIfNeeded() -> Bool {
        state.withLock { s in
            guard !s.stopping else { return false }
            guard !s.started else { return true }
            s.started = true
            // Under the lock, so a `stop` cannot come between and leave the listener running.
            store.startJobChanges { [weak self] ids in self?.heard(ids) }
            let t = Thread { [self] in
                defer { done.signal() }
                run()
            }
            t.name = "reel-events"
            t.start()
            return true
        }
    }

    /// Ends every stream (they close after what was sent) and the thread; a second call returns.
    func stop() {
        let join = state.withLock(waking: .all) { s -> Bool in
            s.stopping = true
            defer { if s.started { s.joined = true } }
            return s.started && !s.joined
        }
        guard join else { return }
        store.stopJobChanges()
        done.wait()
    }

    /// Adds a stream of job `jobID`'s events (nil: every job of `keyID`) that has seen the changes
    /// up to `after`. A job stream catches up at once with the job as it is; a key's stream only
    /// when it resumes (`after` given), else it starts with what changes next (after the latest
    /// change now, the point it would catch up from if changes were missed).
    func subscribe(_ stream: ResponseStream, keyID: String, jobID: String?, after: Int64?) throws {
        let start = after == nil && jobID == nil ? try store.latestChange() : nil
        guard startIfNeeded() else {
            stream.finish()  // the server is stopping
            return
        }
        let id = state.withLock(waking: .all) { s -> UInt64 in
            let id = s.nextID
            s.nextID += 1
            s.entries[id] = Entry(stream: stream, keyID: keyID, jobID: jobID, lastSent: after ?? start ?? 0)
            if let jobID { s.byJob[jobID, default: []].insert(id) } else { s.keyWide.insert(id) }
            s.catchUps.append(id)
            return id
        }
        stream.whenClosed { [weak self] in self?.remove(id) }
    }

    private func remove(_ id: UInt64) {
        state.withLock { s in
            guard let e = s.entries.removeValue(forKey: id) else { return }
            if let job = e.jobID {
                s.byJob[job]?.remove(id)
                if s.byJob[job]?.isEmpty == true { s.byJob[job] = nil }
            } else {
                s.keyWide.remove(id)
            }
        }
    }

    /// From the store: these jobs changed; none means some changes may have been missed, so every
    /// stream catches up from its last event.
    private func heard(_ ids: [String]) {
        state.withLock(waking: .all) { s in
            if ids.isEmpty {
                for (id, _) in s.entries where !s.entries[id]!.catchingUp {
                    s.entries[id]!.catchingUp = true
                    s.catchUps.append(id)
                }
            } else if !s.entries.isEmpty {
                s.changed += ids
            }
        }
    }

    // MARK: The hub's thread

    private func run() {
        while true {
            let (stopping, changed, catchUps) = state.wait(
                until: state.withLock { $0.postponed.isEmpty } ? nil : Date().addingTimeInterval(Self.postponeSeconds),
                for: { $0.hasWork }
            ) { s -> (Bool, [String], [UInt64]) in
                defer {
                    s.changed = []
                    s.catchUps = []
                    s.postponed = []
                    s.turn += 1
                }
                return (s.stopping, s.changed, s.catchUps + s.postponed)
            }
            if stopping { break }
            for id in catchUps { catchUp(id) }
            var seen = Set<String>()
            for jobID in changed where seen.insert(jobID).inserted { deliver(jobID) }
        }
        let streams = state.withLock { s -> [ResponseStream] in
            defer {
                s.entries = [:]
                s.byJob = [:]
                s.keyWide = []
            }
            return s.entries.values.map(\.stream)
        }
        for stream in streams { stream.finish() }
    }

    private func entry(_ id: UInt64) -> Entry? { state.withLock { $0.entries[id] } }

    private func update(_ id: UInt64, _ change: (inout Entry) -> Void) {
        state.withLock { s in
            if s.entries[id] != nil { change(&s.entries[id]!) }
        }
    }

    /// One step of a stream's catch-up: the job of a job stream, or a page of the key's changes.
    private func catchUp(_ id: UInt64) {
        guard let e = entry(id) else { return }
        do {
            if let jobID = e.jobID {
                guard let job = try store.job(jobID), job.keyID == e.keyID else {
                    e.stream.send(ServerSentEvent.event("deleted", id: nil, data: Array(#"{"id":"\#(jobID)"}"#.utf8)))
                    e.stream.finish()
                    return
                }
                update(id) { $0.catchingUp = false }
                send(job, to: id)
                return
            }
            if e.stream.backlog > e.stream.limit / 2 {
                state.withLock { $0.postponed.append(id) }
                return
            }
            let page = try store.jobsChanged(keyID: e.keyID, after: e.lastSent, limit: Self.pageSize)
            for job in page { send(job, to: id) }
            state.withLock { s in
                guard s.entries[id] != nil else { return }
                for job in page where s.entries[id]!.caughtUp.count < Self.caughtUpMemory { s.entries[id]!.caughtUp[job.id] = job.changeSeq }
                if page.count == Self.pageSize {
                    s.postponed.append(id)
                } else {
                    s.entries[id]!.catchingUp = false
                    // The notifications of what it read are taken on the next turn at the latest.
                    s.entries[id]!.caughtUpUntil = s.turn + 2
                }
            }
        } catch {
            // The store is unreachable: try again shortly; the stream waits.
            logger.warning("an events stream cannot catch up", metadata: ["error": "\(error)"])
            state.withLock { $0.postponed.append(id) }
        }
    }

    /// A live change: job `jobID`'s event to every stream that may see it and is not catching up
    /// (a catch-up reads the change itself).
    private func deliver(_ jobID: String) {
        let (forJob, keyWide) = state.withLock { s in
            (Array(s.byJob[jobID] ?? []).filter { !s.entries[$0]!.catchingUp },
             Array(s.keyWide).filter { !s.entries[$0]!.catchingUp })
        }
        guard !forJob.isEmpty || !keyWide.isEmpty else { return }
        let job: Job?
        do {
            job = try store.job(jobID)
        } catch {
            // Missed: every stream that wanted it catches up once the store answers again.
            logger.warning("an events stream cannot read a changed job", metadata: ["jobId": "\(jobID)", "error": "\(error)"])
            heard([])
            return
        }
        guard let job else {
            state.withLock { _ = $0.delivered.removeValue(forKey: jobID) }
            for id in forJob {
                guard let e = entry(id) else { continue }
                e.stream.send(ServerSentEvent.event("deleted", id: nil, data: Array(#"{"id":"\#(jobID)"}"#.utf8)))
                e.stream.finish()
            }
            return
        }
        guard isNew(job) else { return }
        for id in forJob + keyWide { send(job, to: id) }
    }

    /// Whether `job`'s change was not sent live yet (and now counts as sent).
    private func isNew(_ job: Job) -> Bool {
        state.withLock { s in
            if let last = s.delivered[job.id], last >= job.changeSeq { return false }
            s.delivered[job.id] = job.changeSeq
            if s.delivered.count > Self.deliveredMemory {
                let keep = s.delivered.sorted { $0.value > $1.value }.prefix(Self.deliveredMemory / 2)
                s.delivered = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
            }
            return true
        }
    }

    /// Sends `job` to stream `id` if it may see it and has not seen this change; a job stream
    /// finishes once its job can change no more.
    private func send(_ job: Job, to id: UInt64) {
        guard let e = entry(id), e.keyID == job.keyID else { return }
        // Changes are numbered in commit order, but the hub may read one job's later change before
        // another's earlier notification (they come from several threads), so a key's stream is
        // not held to its last number: only a job's stream is, and a key's stream to what its
        // catch-up sent.
        if e.jobID == nil && !e.catchingUp && !e.caughtUp.isEmpty {
            let seen = state.withLock { s -> Int64? in
                guard let entry = s.entries[id] else { return nil }
                if s.turn > entry.caughtUpUntil {
                    s.entries[id]!.caughtUp = [:]
                    return nil
                }
                return entry.caughtUp[job.id]
            }
            if let seen, job.changeSeq <= seen { return }
        }
        if e.jobID == nil || job.changeSeq > e.lastSent {
            e.stream.send(ServerSentEvent.event("job", id: job.changeSeq, data: render(job)))
            update(id) { $0.lastSent = max($0.lastSent, job.changeSeq) }
        }
        if e.jobID != nil && Self.hasEnded(job) { e.stream.finish() }
    }

    /// Finished, with no copy to a destination still to come: nothing about the job changes again
    /// but its expiry.
    static func hasEnded(_ job: Job) -> Bool {
        job.status.isFinished && !job.allOutputs.contains { $0.destinations.contains { $0.status == .pending } }
    }
}
