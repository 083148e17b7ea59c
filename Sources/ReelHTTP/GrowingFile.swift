import Foundation
import Glibc
import ReelBasics

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
    private struct Waiter {
        let mailbox: LoopMailbox
        let connectionID: UInt64
        /// Woken once the writer is past this offset (or ends).
        let offset: Int64
    }

    private struct State {
        var descriptor: FileDescriptor?
        var written: Int64 = 0
        var complete = false
        var failure: String?
        /// Connections waiting, each for bytes past an offset.
        var waiting: [Waiter] = []
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

    /// Applies a change and wakes the connections it concerns: those whose offset the writer is
    /// now past, or all once it ended. (A reader far ahead, a range deep in the file, is not woken
    /// by every piece written before its place.)
    private func change(_ apply: (inout State) -> Void) {
        let woken = state.withLock(waking: .all) { s -> [Waiter] in
            apply(&s)
            let ended = s.complete || s.failure != nil
            let written = s.written
            let woken = s.waiting.filter { ended || $0.offset < written }
            s.waiting.removeAll { ended || $0.offset < written }
            return woken
        }
        for w in woken { w.mailbox.post(streamReady: w.connectionID) }
    }

    /// Blocks until the first bytes are written or the writer ended, at most `seconds`; answers
    /// the writer's failure, if it has failed by then (even after some bytes). For a handler that
    /// wants to answer an error before the head goes out.
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
    /// `pastEnd`: the reader found the file shorter than announced (the writer started over and
    /// is not back at `offset` yet): it waits for the writer's next change, unless the writer has
    /// ended, when the file is final and one more read tells.
    func available(at offset: Int64, pastEnd: Bool = false, mailbox: LoopMailbox?, connectionID: UInt64) -> Take {
        state.withLock { s in
            if let failure = s.failure { return .failed(failure) }
            if s.complete || (s.written > offset && !pastEnd) { return .upTo(s.written) }
            if let mailbox { s.waiting.append(Waiter(mailbox: mailbox, connectionID: connectionID, offset: pastEnd ? -1 : offset)) }
            return .wait
        }
    }
}
