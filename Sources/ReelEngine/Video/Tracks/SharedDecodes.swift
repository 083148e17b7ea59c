import ReelBasics
import ReelSpec

/// The video sources of one timeline decoded once for every canvas that a render draws in
/// lockstep (`MultiRenderer`'s passes: outputs of one frame rate and range at several sizes): the
/// `videos` track's clips, plain or drawn as layers, video overlays, video masks and matte
/// transitions' mattes, in groups too. Each picture stage holds a seat; the first to open a
/// source at a time opens its decoder and the others find it there (`SharedClip`), each fitting
/// its frames to its own canvas (`SharedClipView`).
final class SharedDecodes: Sendable {
    /// One picture stage's place among the readers; `groups`: the overlay indices of the groups
    /// (outermost first) whose items this seat draws now, so a group's sources are told from the
    /// timeline's.
    struct Seat: Sendable {
        let decodes: SharedDecodes
        let reader: Int
        var groups: [Int] = []

        /// The seat for the items of group overlay `index`.
        func inGroup(_ index: Int) -> Seat { Seat(decodes: decodes, reader: reader, groups: groups + [index]) }

        /// The place of `role` `index` among this seat's sources.
        func slot(_ role: Source.Role, _ index: Int) -> Slot { Slot(seat: self, role: role, index: index) }
    }

    /// One source's place among a seat's: what a producer that may share its decoder is given.
    struct Slot: Sendable {
        let seat: Seat
        let role: Source.Role
        let index: Int

        /// The pictures of a source (file `path`) from source time `first` on: with a slot, one
        /// decoder's frames shared with the other canvases and fitted here by `fitter` (should the
        /// shared decoder let this canvas go, a decoder of its own opened at the time asked);
        /// without, a decoder of its own. `open(t, stop)`: a producer sought to source time `t`.
        static func pictures(_ slot: Slot?, path: String, from first: Time, fitter: FrameFitter, rotation: Int, mode: FitMode,
                             stop: CancellationToken?,
                             open: @escaping (Time, CancellationToken?) throws -> ClipProducer) throws -> any ClipPictures {
            guard let slot else { return try open(first, stop) }
            let (seat, role, index) = (slot.seat, slot.role, slot.index)
            let decodes = seat.decodes
            let source = Source(role: role, index: index, groups: seat.groups, path: path)
            let clip = try decodes.clip(source, at: first, reader: seat.reader) { try open(first, decodes.stop) }
            // The shared decoder never fits; the view fits with the same fitter, and so does the
            // producer of its own it opens should the shared one let it go (the view then fits no more).
            return SharedClipView(clip, reader: seat.reader, fitter: fitter, rotation: rotation, mode: mode) { at in try open(at, stop) }
        }
    }

    /// Which of the timeline's video sources a decoder reads. The file is part of it: a canvas
    /// whose plan numbered its sources otherwise shares nothing rather than another's pictures.
    struct Source: Hashable, Sendable {
        enum Role: Hashable, Sendable {
            /// A `videos` segment's clip, plain or drawn as a layer.
            case segment
            /// A `videos` segment's video mask.
            case segmentMask
            /// A video overlay.
            case overlay
            /// An overlay's video mask.
            case overlayMask
            /// A matte transition's matte (by its `TransitionPlan.index`: the outgoing segment's).
            case transitionMatte
        }

        let role: Role
        let index: Int
        let groups: [Int]
        let path: String
    }

    private struct Key: Hashable {
        let source: Source
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

    /// `source` opened at source time `t` for `reader`: the one another reader opened there, or a
    /// new one from `open` (a producer sought there, stopped by `stop`).
    func clip(_ source: Source, at t: Time, reader: Int, open: () throws -> ClipProducer) throws -> SharedClip {
        try state.withLock { s in
            let key = Key(source: source, time: t)
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
