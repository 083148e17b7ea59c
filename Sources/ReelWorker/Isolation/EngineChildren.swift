import Foundation
import ReelEngine
import ReelBasics

/// The warm engine children of a node: what the API plans, previews and writes as OTIO runs in
/// them, never on its handler threads. One child a core, each answering one request at a time, so
/// at most one preview a core draws at once; previews of one context go to the same child (its
/// decoders stay open there); a request waits for its child in a bounded queue and past it, or past
/// `deadline`, is refused (`EngineFailure.busy`: a 503 with Retry-After). A child past its deadline
/// is killed and started again on the next request.
public final class EngineChildren: Sendable {
    private struct State {
        /// The children not lent out now, by slot.
        var idle: [Int: EngineChild] = [:]
        /// Requests waiting for each slot (previews), and for any child (-1: plans and probes).
        var waiting: [Int: Int] = [:]
        /// The pid of each slot's child as last started (busy or idle).
        var pids: [Int: pid_t] = [:]
        /// The slots whose child has a request now (started, asked, not yet answered).
        var asking: Set<Int> = []
        var stopped = false
    }

    private let state: Guarded<State>
    private let count: Int
    /// How long a request may take, and wait for its child (`limits.previewSeconds`).
    public let deadline: Double
    /// Requests that may wait for one child.
    public let queuePerChild: Int

    /// `reads`: the folders whose files requests may name besides `mediaRoot` (uploads and their
    /// copies, web copies, uploads being received, outputs): the only ones the children's sandbox
    /// lets them open (with Landlock).
    public init(_ isolation: RenderIsolation, mediaRoot: String, reads: [String], children: Int = ProcessInfo.processInfo.activeProcessorCount,
                deadline: Double = 10, queuePerChild: Int = 4) {
        count = max(1, children)
        self.deadline = deadline
        self.queuePerChild = max(0, queuePerChild)
        var s = State()
        for i in 0..<count { s.idle[i] = EngineChild(isolation, mediaRoot: mediaRoot, access: ChildAccess(read: [mediaRoot] + reads)) }
        state = Guarded(s)
    }

    /// A spec judged: planned (`EngineReply.planned`), its problems, or a source unavailable.
    public func plan(spec: String, sources: [String: ResolvedSource]) throws -> EngineReply {
        try ask(EngineRequest(kind: .plan, spec: spec, sources: sources), slot: nil).reply
    }

    /// The preview frame of `spec` holding `time` (`context` names the spec, key and format, so
    /// the same child keeps it open).
    public func preview(spec: String, sources: [String: ResolvedSource], context: String, format: String, timeValue: Int64, timeScale: Int32,
                 width: Int?, output: String? = nil) throws -> (reply: EngineReply, bytes: [UInt8]) {
        try ask(EngineRequest(kind: .preview, spec: spec, sources: sources, context: context, format: format, timeValue: timeValue,
                                     timeScale: timeScale, width: width, output: output), slot: slot(of: context))
    }

    /// The job's timeline as OTIO text (the reply's bytes), or why it cannot be written.
    public func timeline(spec: String, sources: [String: ResolvedSource], name: String, outputURL: String?) throws -> (reply: EngineReply, bytes: [UInt8]) {
        try ask(EngineRequest(kind: .timeline, spec: spec, sources: sources, name: name, outputURL: outputURL), slot: nil)
    }

    /// A file's probe (`kind` probe), waveform (`waveform`, `pointsPerSecond`) or an upload's
    /// examination (`examine`): the reply, and its JSON bytes.
    public func file(_ kind: String, path: String, src: String?, pointsPerSecond: Int? = nil) throws -> (reply: EngineReply, bytes: [UInt8]) {
        guard let kind = EngineRequest.Kind(rawValue: kind), [.probe, .waveform, .examine].contains(kind) else {
            throw EngineFailure.unavailable("no such file request: \(kind)")
        }
        return try ask(EngineRequest(kind: kind, spec: "", sources: [:], path: path, src: src, pointsPerSecond: pointsPerSecond), slot: nil)
    }

    /// A JPEG of the finished output at `path` (a file, or an HLS folder) at `time`, `width` wide:
    /// the reply (a time that shows nothing is a problem at `/time`), and the JPEG's bytes.
    public func thumbnail(path: String, timeValue: Int64, timeScale: Int32, width: Int?) throws -> (reply: EngineReply, bytes: [UInt8]) {
        try ask(EngineRequest(kind: .thumbnail, spec: "", sources: [:], timeValue: timeValue, timeScale: timeScale, width: width, path: path),
                slot: nil)
    }

    /// Ends every child; later requests are refused.
    public func stop() {
        let children = state.withLock(waking: .all) { s -> [EngineChild] in
            s.stopped = true
            defer { s.idle = [:] }
            return Array(s.idle.values)
        }
        children.forEach { $0.stop() }
    }

    /// The pid of each slot's child as last started, by slot (for tests and operators).
    public var pids: [Int: pid_t] { state.withLock { $0.pids } }

    /// The slots whose child is answering a request now.
    public var asking: Set<Int> { state.withLock { $0.asking } }

    /// Starts every child that is not running yet (in the background at start: the first preview
    /// of a node then finds its child warm).
    public func warm() {
        for slot in 0..<count {
            guard let child = state.withLock({ $0.stopped ? nil : $0.idle.removeValue(forKey: slot) }) else { continue }
            let pid = try? child.start(deadline).pid
            state.withLock(waking: .all) { s in
                if let pid { s.pids[slot] = pid }
                if s.stopped { child.stop() } else { s.idle[slot] = child }
            }
        }
    }

    /// The slot that previews of `context` go to.
    public func slot(of context: String) -> Int {
        var h = Hasher()
        h.combine(context)
        return Int(UInt(bitPattern: h.finalize()) % UInt(count))
    }

    private func ask(_ asked: EngineRequest, slot wanted: Int?) throws -> (reply: EngineReply, bytes: [UInt8]) {
        var request = asked
        request.requestID = FFmpegLog.currentRequest
        let (slot, child) = try borrow(wanted)
        defer { state.withLock(waking: .all) { s in if !s.stopped { s.idle[slot] = child } else { child.stop() } } }
        do {
            let pid = try child.start(deadline).pid
            state.withLock { s in
                s.pids[slot] = pid
                s.asking.insert(slot)
            }
            defer { state.withLock { _ = $0.asking.remove(slot) } }
            return try child.ask(request, deadline: deadline)
        } catch let e as EngineFailure {
            throw e
        } catch {
            throw EngineFailure.unavailable("\(error)")
        }
    }

    /// Takes the child of `wanted` (any idle one when nil), waiting in the bounded queue.
    private func borrow(_ wanted: Int?) throws -> (Int, EngineChild) {
        let until = Date().addingTimeInterval(deadline)
        let queueSlot = wanted ?? -1
        // nil: refused; false: a child is free now; true: queued behind others.
        let queued = state.withLock { s -> Bool? in
            guard !s.stopped else { return nil }
            if wanted == nil, !s.idle.isEmpty { return false }
            if let wanted, s.idle[wanted] != nil { return false }
            guard s.waiting[queueSlot, default: 0] < queuePerChild * (wanted == nil ? count : 1) else { return nil }
            s.waiting[queueSlot, default: 0] += 1
            return true
        }
        guard let queued else { throw EngineFailure.busy }
        let taken = state.wait(until: until, for: { s in s.stopped || (wanted.map { s.idle[$0] != nil } ?? !s.idle.isEmpty) }) { s -> (Int, EngineChild)? in
            if queued { s.waiting[queueSlot, default: 1] -= 1 }
            guard !s.stopped, let slot = wanted ?? s.idle.keys.min(), let child = s.idle.removeValue(forKey: slot) else { return nil }
            return (slot, child)
        }
        guard let taken else { throw EngineFailure.busy }
        return taken
    }
}
