/// Reading an OpenTimelineIO timeline (`otio` in a job, docs/API.md (OpenTimelineIO)) into Reel's own timeline,
/// with OTIO's semantics: the first video track of the top-level stack is the picture, higher video
/// tracks are layered above it, audio tracks are mixed; a transition is centred on its cut and
/// takes its frames from the media beyond the neighbouring clips' ranges (their handles), so it does
/// not shorten the timeline; markers become chapters. Every place Reel cannot play is reported at
/// its pointer into `otio`; `pointers` maps the timeline built here back to those places, for the
/// problems only planning can find (a missing file, a handle the media does not have).
extension SpecDecoder {
    struct DecodedOTIO {
        var timeline = TimelineSpec()
        var chapters: [ChapterSpec] = []
        var pointers = PointerMap()
        /// `global_start_time`: the timecode of the timeline's first frame.
        var start: Time?
        /// What a gap shows: the output's background.
        let background: Color
        let problems: ProblemCollector
    }

    /// One item of a track, in track time: a clip (or what stands in for one) or a gap.
    struct OTIOPiece {
        enum Content { case media(String), color(Color), gap }
        var content: Content
        /// The item's `source_range`: where its media starts, and how long it lasts in the track
        /// (OTIO's `duration()`, whatever its time warp).
        var source: TimeRange
        /// Media seconds per track second (`LinearTimeWarp`'s `time_scalar`).
        var speed: Rational?
        /// The reference gives no `available_range`: `source` counts from the file's own start
        /// timecode, which only the probe knows (`VideoItem.sourceTimecoded`).
        var timecoded = false

        var isMedia: Bool { if case .media = content { return true } else { return false } }

        /// The media the piece plays: from the range's start, its track duration times its speed.
        var media: TimeRange { TimeRange(start: source.start, duration: source.duration.scaled(by: speed ?? Rational(1))) }
        var trackStart: Time
        /// The Reel item this clip was written from (`metadata.reel.item`, by Reel's OTIO writer):
        /// its fit, filters, keyframes, volume… survive the round trip; OTIO's timing and media win.
        var item: VideoItem?
        var pointer: String
        var sourcePointer: String
        var referencePointer: String
    }

    struct OTIOCut {
        var kind: TransitionSpec.Kind
        var inOffset: Time
        var outOffset: Time
        /// The Reel transition it was written from (`metadata.reel.transition`): its direction and colour.
        var spec: TransitionSpec?
        var pointer: String
    }

    static func otio(_ f: Field, relink: [String: String], background: Color) -> DecodedOTIO? {
        var out = DecodedOTIO(background: background, problems: f.problems)
        let ok = f.openObject { r -> Bool? in
            guard schema(r, "Timeline") else { return nil }
            out.start = r.field("global_start_time").flatMap { $0.value == .null ? nil : OTIOTime.time($0) }
            guard let tracks = r.required("tracks") else { return nil }
            let read = tracks.openObject { s -> Bool? in
                guard schema(s, "Stack") else { return nil }
                out.chapters += markers(s.field("markers"), offset: .zero, sourceStart: .zero)
                if let effects = s.field("effects")?.array(), !effects.isEmpty { effects[0].report("effects on the top-level stack are not supported") }
                guard let children = s.required("children")?.array() else { return nil }
                var firstVideo = true
                for t in stack(children, relink: relink, background: background, problems: f.problems) {
                    out.chapters += t.chapters
                    switch t.kind {
                    case "Audio": audio(t.pieces, t.cuts, into: &out)
                    default:
                        if firstVideo { base(t.pieces, t.cuts, into: &out) } else { layer(t.pieces, t.cuts, into: &out) }
                        firstVideo = false
                    }
                }
                return true
            }
            if let reel = reelMetadata(r) { extras(reel, into: &out) }
            return read
        }
        guard ok != nil else { return nil }
        out.chapters.sort { $0.start < $1.start }
        return out
    }

    /// The `OTIO_SCHEMA` name of an object ("Clip.2").
    static func schemaName(_ r: ObjectReader) -> String? {
        guard case .string(let s)? = r.peek("OTIO_SCHEMA") else { return nil }
        return s
    }

    /// Checks that the object is a `name.N`, reporting it otherwise.
    private static func schema(_ r: ObjectReader, _ name: String) -> Bool {
        guard let found = schemaName(r) else {
            r.report("OTIO_SCHEMA", "must be \(name).1 here")
            return false
        }
        guard found.hasPrefix(name + ".") else {
            r.report("OTIO_SCHEMA", "is \(found), expected \(name).1 here")
            return false
        }
        return true
    }

    /// One track as read: its kind, its items laid end to end from 0 in track time, its transitions
    /// (the one after piece i at key i) and its markers as chapters.
    struct OTIOTrack {
        var kind: String
        var pieces: [OTIOPiece] = []
        var cuts: [Int: OTIOCut] = [:]
        var chapters: [ChapterSpec] = []
        /// Where the track ends.
        var end = Time.zero
    }

    /// A stack's tracks in order (disabled ones left out, as OTIO plays them), the tracks of stacks
    /// nested in them after each. A clip, gap or stack standing in a stack by itself is a video
    /// track of its own.
    static func stack(_ children: [Field], relink: [String: String], background: Color, problems: ProblemCollector) -> [OTIOTrack] {
        var tracks: [OTIOTrack] = []
        for child in children {
            _ = child.openObject { t -> Bool? in
                if let name = schemaName(t), !name.hasPrefix("Track.") {
                    tracks += track([child], kind: "Video", relink: relink, background: background, problems: problems)
                    return true
                }
                guard schema(t, "Track") else { return nil }
                // A disabled track plays no part (OTIO's rule; Reel's writer adds its output so).
                if let enabled = t.field("enabled")?.bool(), !enabled { return true }
                // Reel's writer shows its overlays and audio to editors as tracks too, and reads
                // them back from the timeline's `metadata.reel` (`OTIOWriter+Mirror`).
                if case .bool(true)? = reelMetadata(t)?.peek("mirror") { return true }
                let kind = t.field("kind")?.oneOf(["Video", "Audio"]) ?? "Video"
                guard let items = t.required("children")?.array() else { return nil }
                if let effects = t.field("effects")?.array(), !effects.isEmpty { effects[0].report("track effects are not supported") }
                tracks += track(items, kind: kind, relink: relink, background: background, problems: problems)
                return true
            }
        }
        return tracks
    }

    /// A track, followed by the other tracks of the stacks nested in it (placed where their stack
    /// is). A nested stack (or track) plays its first track of this track's kind in this track,
    /// trimmed to its `source_range`; its other tracks lie above (video) or beside (audio) it.
    static func track(_ items: [Field], kind: String, relink: [String: String], background: Color, problems: ProblemCollector)
        -> [OTIOTrack] {
        var main = OTIOTrack(kind: kind), nested: [OTIOTrack] = []
        var cursor = Time.zero
        for item in items {
            _ = item.openObject { r -> Bool? in
                let name = schemaName(r) ?? ""
                if name.hasPrefix("Transition.") {
                    guard let cut = transition(r, at: item.pointer) else { return nil }
                    if main.pieces.isEmpty || main.cuts[main.pieces.count - 1] != nil {
                        r.reportHere("a transition must stand between two items")
                    } else {
                        main.cuts[main.pieces.count - 1] = cut
                    }
                    return true
                }
                if name.hasPrefix("Stack.") || name.hasPrefix("Track.") {
                    guard let children = r.required("children")?.array() else { return nil }
                    let innerKind = r.field("kind")?.oneOf(["Video", "Audio"]) ?? kind
                    let effectsField = r.field("effects")
                    if effects(effectsField) != nil, let effectsField {
                        effectsField.report("a time warp on a nested stack or track is not supported yet")
                    }
                    let inner = name.hasPrefix("Stack.") ? stack(children, relink: relink, background: background, problems: problems)
                        : track(children, kind: innerKind, relink: relink, background: background, problems: problems)
                    let whole = inner.map(\.end).max() ?? .zero
                    let range = r.field("source_range").flatMap { $0.value == .null ? nil : OTIOTime.range($0) }
                        ?? TimeRange(start: .zero, duration: whole)
                    var placed = inner.compactMap { trim($0, to: range, at: cursor, problems: problems) }
                    var filled = cursor
                    if let i = placed.firstIndex(where: { $0.kind == kind }) {
                        let own = placed.remove(at: i)
                        let offset = main.pieces.count
                        main.pieces += own.pieces
                        for (k, cut) in own.cuts { main.cuts[offset + k] = cut }
                        main.chapters += own.chapters
                        filled = own.pieces.last.map { $0.trackStart + $0.source.duration } ?? cursor
                    }
                    // What the nested track leaves of the range (or all of it, without one) is a gap,
                    // so the items after the stack start where OTIO puts them.
                    if filled < cursor + range.duration {
                        main.pieces.append(OTIOPiece(content: .gap, source: TimeRange(start: .zero, duration: cursor + range.duration - filled),
                                                     trackStart: filled, pointer: item.pointer, sourcePointer: item.pointer,
                                                     referencePointer: item.pointer))
                    }
                    nested += placed
                    cursor = cursor + range.duration
                    return true
                }
                guard let piece = self.piece(r, name: name, at: item.pointer, start: cursor, relink: relink, background: background)
                else { return nil }
                if case .media = piece.content {
                    main.chapters += markers(r.field("markers"), offset: cursor, sourceStart: piece.source.start)
                } else {
                    _ = r.field("markers")
                }
                cursor = cursor + piece.source.duration
                main.pieces.append(piece)
                return true
            }
        }
        if let cut = main.cuts[main.pieces.count - 1] {
            problems.report(cut.pointer, "a transition must stand between two items")
            main.cuts[main.pieces.count - 1] = nil
        }
        main.end = cursor
        return [main] + nested
    }

    /// The part of a nested stack's track inside `range` (the stack's own time), moved to start at
    /// `offset` of the track holding the stack: items cut at the range's edges, transitions kept
    /// where both their sides and their whole span are inside (one across an edge is reported).
    static func trim(_ t: OTIOTrack, to range: TimeRange, at offset: Time, problems: ProblemCollector) -> OTIOTrack? {
        var out = OTIOTrack(kind: t.kind)
        var kept: [Int: Int] = [:]   // old piece index → new
        let end = range.start + range.duration
        for (i, p) in t.pieces.enumerated() {
            let pEnd = p.trackStart + p.source.duration
            let lo = Time.max(p.trackStart, range.start), hi = Time.min(pEnd, end)
            guard lo < hi else { continue }
            var q = p
            q.source.start = p.source.start + (lo - p.trackStart).scaled(by: p.speed ?? Rational(1))
            q.source.duration = hi - lo
            q.trackStart = offset + (lo - range.start)
            kept[i] = out.pieces.count
            out.pieces.append(q)
        }
        for (i, cut) in t.cuts {
            guard let a = kept[i], let b = kept[i + 1], b == a + 1 else { continue }
            let at = t.pieces[i + 1].trackStart
            if range.start < at - cut.inOffset || at - cut.inOffset == range.start, at + cut.outOffset < end || at + cut.outOffset == end {
                out.cuts[a] = cut
            } else {
                problems.report(cut.pointer, "crosses the edge of its nested stack's source_range, which is not supported yet")
            }
        }
        out.chapters = t.chapters.compactMap { c in
            c.start < range.start || !(c.start < end) ? nil : ChapterSpec(start: offset + (c.start - range.start), title: c.title)
        }
        out.end = offset + range.duration
        return out.pieces.isEmpty ? nil : out
    }

    /// `metadata.reel` of an OTIO object, where Reel's writer keeps what OTIO cannot say.
    static func reelMetadata(_ r: ObjectReader) -> ObjectReader? {
        guard let m = r.field("metadata"), case .object(let members) = m.value,
              let reel = members.first(where: { $0.key == "reel" }), case .object(let inner) = reel.value else { return nil }
        return ObjectReader(members: inner, pointer: JSONPointer.appending("reel", to: m.pointer), problems: m.problems)
    }

    /// A timeline's Reel-only items (titles, captions, images, voice-overs, music) from its
    /// `metadata.reel`, drawn and mixed above what the tracks give.
    private static func extras(_ reel: ObjectReader, into out: inout DecodedOTIO) {
        for f in reel.field("overlays")?.array() ?? [] {
            guard let o = overlay(f) else { continue }
            out.pointers.map("/timeline/overlays/\(out.timeline.overlays.count)", to: f.pointer)
            out.timeline.overlays.append(o)
        }
        for f in reel.field("voiceOvers")?.array() ?? [] {
            guard let a = audioItem(f, isMusic: false) else { continue }
            out.pointers.map("/timeline/voiceOvers/\(out.timeline.voiceOvers.count)", to: f.pointer)
            out.timeline.voiceOvers.append(a)
        }
        for f in reel.field("music")?.array() ?? [] {
            guard let a = audioItem(f, isMusic: true) else { continue }
            out.pointers.map("/timeline/music/\(out.timeline.music.count)", to: f.pointer)
            out.timeline.music.append(a)
        }
    }
}
