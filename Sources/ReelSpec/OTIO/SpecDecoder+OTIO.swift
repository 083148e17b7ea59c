/// Reading an OpenTimelineIO timeline (`otio` in a job, PRODUCT.md §7) into Reel's own timeline,
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
            _ = r.field("global_start_time")
            guard let tracks = r.required("tracks") else { return nil }
            let read = tracks.openObject { s -> Bool? in
                guard schema(s, "Stack") else { return nil }
                out.chapters += markers(s.field("markers"), offset: .zero, sourceStart: .zero)
                if let effects = s.field("effects")?.array(), !effects.isEmpty { effects[0].report("effects on the top-level stack are not supported") }
                guard let children = s.required("children")?.array() else { return nil }
                var firstVideo = true
                for child in children {
                    child.openObject { t -> Bool? in
                        if let name = schemaName(t), name.hasPrefix("Stack.") {
                            t.reportHere("a nested stack is not supported yet: flatten it in the editor")
                            return nil
                        }
                        guard schema(t, "Track") else { return nil }
                        // A disabled track plays no part (OTIO's rule; Reel's writer adds its output so).
                        if let enabled = t.field("enabled")?.bool(), !enabled { return true }
                        let kind = t.field("kind")?.oneOf(["Video", "Audio"]) ?? "Video"
                        guard let items = t.required("children")?.array() else { return nil }
                        let (pieces, cuts, chapters) = track(items, relink: relink, background: background, problems: f.problems)
                        out.chapters += chapters
                        if let effects = t.field("effects")?.array(), !effects.isEmpty { effects[0].report("track effects are not supported") }
                        switch kind {
                        case "Audio": audio(pieces, cuts, into: &out)
                        default:
                            if firstVideo { base(pieces, cuts, into: &out) } else { layer(pieces, cuts, into: &out) }
                            firstVideo = false
                        }
                        return true
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

    /// A track's items, laid end to end from 0 in track time, and its transitions (after piece i).
    static func track(_ items: [Field], relink: [String: String], background: Color, problems: ProblemCollector)
        -> (pieces: [OTIOPiece], cuts: [Int: OTIOCut], chapters: [ChapterSpec]) {
        var pieces: [OTIOPiece] = [], cuts: [Int: OTIOCut] = [:], chapters: [ChapterSpec] = []
        var cursor = Time.zero
        for item in items {
            item.openObject { r -> Bool? in
                let name = schemaName(r) ?? ""
                if name.hasPrefix("Transition.") {
                    guard let cut = transition(r, at: item.pointer) else { return nil }
                    if pieces.isEmpty || cuts[pieces.count - 1] != nil {
                        r.reportHere("a transition must stand between two items")
                    } else {
                        cuts[pieces.count - 1] = cut
                    }
                    return true
                }
                guard let piece = self.piece(r, name: name, at: item.pointer, start: cursor, relink: relink, background: background)
                else { return nil }
                if case .media = piece.content {
                    chapters += markers(r.field("markers"), offset: cursor, sourceStart: piece.source.start)
                } else {
                    _ = r.field("markers")
                }
                cursor = cursor + piece.source.duration
                pieces.append(piece)
                return true
            }
        }
        if let cut = cuts[pieces.count - 1] {
            problems.report(cut.pointer, "a transition must stand between two items")
            cuts[pieces.count - 1] = nil
        }
        return (pieces, cuts, chapters)
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
