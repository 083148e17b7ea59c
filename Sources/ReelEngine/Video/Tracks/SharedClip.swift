import ReelBasics
import ReelSpec

/// One video source decoded once for the canvases of several picture stages that draw one timeline
/// in lockstep (`SharedDecodes`: a job's outputs of one frame rate and range at several sizes).
/// Each canvas is a reader that asks for the same source times in the same order, so the frame
/// shown at each (`ClipProducer.decoded(at:)`) is decoded by whichever reader asks first and kept
/// in a log until every reader still reading has taken it; each fits it to its own canvas
/// (`SharedClipView`).
///
/// Nothing waits for a reader: the first decodes on, so no stage can hold another back, and a
/// reader that asks for a time the log does not hold next, or falls more than `maximumLag`
/// requests behind, is let go and decodes the clip on its own. That costs the work, never the
/// picture: a producer shows the same frame for a time whatever it was asked before. The lockstep
/// of the render keeps readers within a picture queue of each other, far inside the lag.
final class SharedClip {
    struct Entry {
        let time: Time
        let frame: Frame
        /// Changes when the frame shown does: a canvas fits each frame once.
        let generation: Int
    }

    private struct State {
        /// Released once no reader reads.
        var producer: ClipProducer?
        var log: [Entry] = []
        /// The request number of `log[0]`.
        var logStart = 0
        /// Each reader's next request number.
        var next: [Int]
        var reading: [Bool]
        /// A decode's error, thrown to every reader that asks past it (as each alone would have met it).
        var failure: (any Error)?
        var letGo = 0
    }

    /// Requests a reader may fall behind the first before it is let go.
    static let maximumLag = 32
    /// Whether the source is an image sequence (fitted as a still: untagged sRGB).
    let isSequence: Bool
    private let state: Guarded<State>

    /// Decodes with `producer` (sought to the clip's first time) for `readers` readers, 0..<readers.
    init(_ producer: ClipProducer, readers: Int) {
        isSequence = producer.stream.input.isSequence
        state = Guarded(State(producer: producer, next: Array(repeating: 0, count: readers), reading: Array(repeating: true, count: readers)))
    }

    /// The frame shown at source time `t`, this reader's next request; nil when the reader has been
    /// let go (it then decodes on its own). Rethrows the decode's error.
    func decoded(reader r: Int, at t: Time) throws -> Entry? {
        try state.withLock { s in
            guard s.reading[r], s.producer != nil else { return nil }
            let n = s.next[r]
            let entry: Entry
            if n < s.logStart + s.log.count {
                entry = s.log[n - s.logStart]
                guard entry.time == t else {
                    Self.letGo(r, &s)
                    return nil
                }
            } else {
                if let failure = s.failure { throw failure }
                do {
                    let (frame, generation) = try s.producer!.decoded(at: t)
                    entry = Entry(time: t, frame: frame, generation: generation)
                } catch {
                    s.failure = error
                    throw error
                }
                s.log.append(entry)
            }
            s.next[r] = n + 1
            Self.trim(&s)
            return entry
        }
    }

    /// The reader reads no more (its source closed: its segment or overlay is over, or its stage stopped).
    func leave(reader r: Int) {
        state.withLock { s in
            guard s.reading[r] else { return }
            s.reading[r] = false
            Self.trim(&s)
        }
    }

    /// Readers let go to decode on their own (the tests' and the log's count of work not shared).
    var readersLetGo: Int { state.withLock { $0.letGo } }

    private static func letGo(_ r: Int, _ s: inout State) {
        s.reading[r] = false
        s.letGo += 1
        trim(&s)
    }

    /// Lets go of readers too far behind, drops the entries every reader has taken, and releases
    /// the decoder once no reader reads.
    private static func trim(_ s: inout State) {
        let end = s.logStart + s.log.count
        for r in s.next.indices where s.reading[r] && end - s.next[r] > maximumLag {
            s.reading[r] = false
            s.letGo += 1
        }
        let readers = s.next.indices.filter { s.reading[$0] }
        guard let oldest = readers.map({ s.next[$0] }).min() else {
            s.producer = nil
            s.log = []
            s.logStart = end
            return
        }
        if oldest > s.logStart {
            s.log.removeFirst(oldest - s.logStart)
            s.logStart = oldest
        }
    }
}
