import ReelBasics
import ReelSpec

/// The plain clips of one timeline decoded once for every canvas that a render draws in lockstep
/// (`MultiRenderer`'s passes: outputs of one frame rate and range at several sizes). Each picture
/// stage holds a seat; the first to open a segment's clip at a time opens its decoder and the
/// others find it there (`SharedClip`), each fitting its frames to its own canvas.
final class SharedDecodes: Sendable {
    /// One picture stage's place among the readers.
    struct Seat: Sendable {
        let decodes: SharedDecodes
        let reader: Int
    }

    private struct Key: Hashable {
        let segment: Int
        let time: Time
    }

    private struct State {
        /// Clips some seat has not opened yet.
        var waiting: [Key: (clip: SharedClip, opened: Set<Int>)] = [:]
        /// Every clip opened, for the counts (each releases its decoder once no reader reads).
        var all: [SharedClip] = []
    }

    let readers: Int
    /// The shared decoders' stop token: cancelled when the pass ends, not when one stage stops.
    let stop = CancellationToken()
    private let state = Guarded(State())

    init(readers: Int) { self.readers = readers }

    /// The seats, one per picture stage of the pass.
    var seats: [Seat] { (0..<readers).map { Seat(decodes: self, reader: $0) } }

    /// Segment `segment`'s clip opened at timeline time `t` for `reader`: the one another reader
    /// opened there, or a new one from `open` (a producer sought there, stopped by `stop`).
    func clip(segment: Int, at t: Time, reader: Int, open: () throws -> ClipProducer) throws -> SharedClip {
        try state.withLock { s in
            let key = Key(segment: segment, time: t)
            if var found = s.waiting[key], !found.opened.contains(reader) {
                found.opened.insert(reader)
                s.waiting[key] = found.opened.count == readers ? nil : found
                return found.clip
            }
            let clip = SharedClip(try open(), readers: readers)
            s.all.append(clip)
            if readers > 1 { s.waiting[key] = (clip, [reader]) }
            return clip
        }
    }

    /// Clip decoders opened so far, and the readers let go to decode on their own.
    var counts: (decoders: Int, alone: Int) {
        state.withLock { s in (s.all.count, s.all.reduce(0) { $0 + $1.readersLetGo }) }
    }
}
