import Foundation
import Glibc
import ReelSync

/// A response file that another thread is still writing (an object being copied into the node's
/// cache), sent while it grows: the head, with the length the object will have, goes out before
/// the copy is whole; the event loop sends what is written and, when it catches up, waits for the
/// writer's next `advance` (posted through its mailbox, like a `ResponseStream`: no thread waits).
///
/// The file is opened once (`open`) before its writer starts, so the descriptor outlives the
/// writer's rename of the finished copy into place or its removal of a failed one. A writer that
/// starts over (a retried download rewrites from byte 0) may make the file shorter than what was
/// announced: a reader past its end waits for the next `advance`, never sends stale bytes, because
/// the object is the same bytes every time.
public final class GrowingFile: Sendable, Equatable {
    private struct State {
        var descriptor: FileDescriptor?
        var written: Int64 = 0
        var complete = false
        var failure: String?
        var waiting: [(LoopMailbox, UInt64)] = []
    }

    /// Its condition wakes `waitForStart` at every change.
    private let state = Guarded(State())

    public init() {}

    public static func == (a: GrowingFile, b: GrowingFile) -> Bool { a === b }

    /// Opens the file the writer is about to write (it must exist).
    public func open(_ path: String) throws {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RequestError(500, "cannot open the response file: \(HTTPServerError.describe(errno: errno))") }
        let descriptor = FileDescriptor(fd)
        state.withLock { $0.descriptor = descriptor }
    }

    // MARK: The writer's side

    /// `bytes` from the start are in the file (a smaller number than before: the writer started over).
    public func advance(to bytes: Int64) { change { $0.written = max($0.written, bytes) } }

    /// Everything is written.
    public func complete() { change { $0.complete = true } }

    /// The writer gave up: a reader that needs more is cut off with `reason`.
    public func fail(_ reason: String) { change { if !$0.complete { $0.failure = reason } } }

    private func change(_ apply: (inout State) -> Void) {
        let waiting = state.withLock(waking: .all) { s -> [(LoopMailbox, UInt64)] in
            apply(&s)
            defer { s.waiting = [] }
            return s.waiting
        }
        for (mailbox, id) in waiting { mailbox.post(streamReady: id) }
    }

    /// Blocks until the first bytes are written or the writer ended, at most `seconds`; answers
    /// the writer's failure, if it failed before writing anything. For a handler that wants to
    /// answer an error before the head goes out.
    public func waitForStart(seconds: Double) -> String? {
        state.wait(until: Date(timeIntervalSinceNow: seconds), for: { $0.written > 0 || $0.complete || $0.failure != nil }) { $0.failure }
    }

    // MARK: The event loop's side

    var descriptor: FileDescriptor? { state.withLock { $0.descriptor } }

    enum Take: Equatable {
        /// Bytes up to this offset may be read.
        case upTo(Int64)
        /// Nothing more yet: the connection is woken at the writer's next change.
        case wait
        case failed(String)
    }

    /// How far a reader at `offset` may read now; `wait` registers the connection for a wake-up.
    /// `pastEnd`: the reader found the file shorter than announced (the writer started over).
    func available(at offset: Int64, pastEnd: Bool = false, mailbox: LoopMailbox?, connectionID: UInt64) -> Take {
        state.withLock { s in
            if let failure = s.failure { return .failed(failure) }
            if s.written > offset && !pastEnd { return .upTo(s.written) }
            if s.complete { return pastEnd ? .failed("the response file ended early") : .upTo(s.written) }
            if let mailbox { s.waiting.append((mailbox, connectionID)) }
            return .wait
        }
    }
}
