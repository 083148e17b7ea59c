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
    private struct Piece {
        enum Content { case media(String), color(Color), gap }
        var content: Content
        /// Media time played (clips), else only its duration counts.
        var source: TimeRange
        /// Media seconds per track second (`LinearTimeWarp`).
        var speed: Rational?
        var trackStart: Time
        var pointer: String
        var sourcePointer: String
        var referencePointer: String
    }

    private struct Cut {
        var kind: TransitionSpec.Kind
        var inOffset: Time
        var outOffset: Time
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
            return read
        }
        guard ok != nil else { return nil }
        out.chapters.sort { $0.start < $1.start }
        return out
    }

    /// The `OTIO_SCHEMA` name of an object ("Clip.2").
    private static func schemaName(_ r: ObjectReader) -> String? {
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
    private static func track(_ items: [Field], relink: [String: String], background: Color, problems: ProblemCollector)
        -> (pieces: [Piece], cuts: [Int: Cut], chapters: [ChapterSpec]) {
        var pieces: [Piece] = [], cuts: [Int: Cut] = [:], chapters: [ChapterSpec] = []
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
                cursor = cursor + piece.source.duration.played(at: piece.speed ?? Rational(1))
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

    /// A clip or a gap (anything else is reported).
    private static func piece(_ r: ObjectReader, name: String, at pointer: String, start: Time, relink: [String: String],
                              background: Color) -> Piece? {
        let rangeField = r.field("source_range").flatMap { $0.value == .null ? nil : $0 }
        let sourcePointer = rangeField?.pointer ?? pointer
        if name.hasPrefix("Gap.") {
            let range = rangeField.flatMap(OTIOTime.range) ?? r.field("duration").flatMap(OTIOTime.time).map { TimeRange(start: .zero, duration: $0) }
            guard let range else { r.report("source_range", "a gap needs a source_range"); return nil }
            return Piece(content: .gap, source: range, trackStart: start, pointer: pointer, sourcePointer: sourcePointer,
                         referencePointer: pointer)
        }
        if name.hasPrefix("Stack.") || name.hasPrefix("Track.") {
            r.reportHere("a nested stack is not supported yet: flatten it in the editor")
            return nil
        }
        guard name.hasPrefix("Clip.") else {
            r.report("OTIO_SCHEMA", name.isEmpty ? "is missing" : "is \(name), which Reel cannot play in a track")
            return nil
        }
        if let enabled = r.field("enabled")?.bool(), !enabled {
            let range = rangeField.flatMap(OTIOTime.range)
            guard let range else { return nil }
            return Piece(content: .gap, source: range, trackStart: start, pointer: pointer, sourcePointer: sourcePointer, referencePointer: pointer)
        }
        guard let (content, available, referencePointer) = reference(r, relink: relink, background: background) else {
            return nil
        }
        var range = rangeField.flatMap(OTIOTime.range)
        if rangeField == nil {
            range = available
            if range == nil { r.report("source_range", "is needed: the media reference gives no available_range") }
        }
        let speed = effects(r.field("effects"))
        guard var source = range else { return nil }
        // Source ranges are in the media's own time: its first frame is at available_range's start.
        if case .media = content, let first = available?.start { source.start = source.start - first }
        return Piece(content: content, source: source, speed: speed, trackStart: start, pointer: pointer, sourcePointer: sourcePointer,
                     referencePointer: referencePointer)
    }

    /// The clip's active media reference: what it shows, the media's available range, and the
    /// pointer of the place that names the media.
    private static func reference(_ r: ObjectReader, relink: [String: String], background: Color)
        -> (Piece.Content, TimeRange?, String)? {
        var field: Field?
        if let refs = r.field("media_references") {
            let key = r.field("active_media_reference_key")?.string() ?? "DEFAULT_MEDIA"
            field = refs.openObject { m -> Field? in
                let f = m.field(key)
                if f == nil { m.reportHere("has no reference named \(key) (active_media_reference_key)") }
                return f
            }
        } else if let single = r.field("media_reference") {
            field = single
        } else {
            r.reportHere("a clip needs a media reference")
        }
        guard let field else { return nil }
        return field.openObject { m -> (Piece.Content, TimeRange?, String)? in
            let name = schemaName(m) ?? ""
            let available = m.field("available_range").flatMap { $0.value == .null ? nil : OTIOTime.range($0) }
                        if name.hasPrefix("ExternalReference.") {
                guard let urlField = m.required("target_url"), let url = urlField.string() else { return nil }
                guard let src = source(url, relink: relink) else {
                    urlField.report("names \(url), which Reel cannot read: relink it (\"relink\": {\"\(url)\": \"clips/…\"})")
                    return nil
                }
                return (.media(src), available, urlField.pointer)
            }
            if name.hasPrefix("GeneratorReference.") {
                let kind = m.field("generator_kind")?.string()
                guard kind == "SolidColor" else {
                    m.report("generator_kind", "is \(kind ?? "missing"); Reel generates SolidColor only")
                    return nil
                }
                let color = m.field("parameters")?.openObject { p -> Color? in
                    let c = p.field("color")?.color()
                    return c
                }
                return (.color(color ?? background), available, m.pointer(for: "parameters"))
            }
            if name.hasPrefix("MissingReference.") {
                m.reportHere("the clip's media is missing (MissingReference): relink it in the editor")
                return nil
            }
            m.report("OTIO_SCHEMA", "is \(name.isEmpty ? "missing" : name), a media reference Reel cannot read yet")
            return nil
        }
    }

    /// Where `url` is read from: the job's `relink` for it, else the file name of a `file://` URL
    /// (looked up under the media root), a relative path, or an http(s)/s3 URL as any `src`.
    static func source(_ url: String, relink: [String: String]) -> String? {
        if let mapped = relink[url] { return mapped }
        if url.hasPrefix("file://") {
            let path = String(url.dropFirst("file://".count))
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            return name.removingPercentEncodingIfValid.isEmpty ? nil : name.removingPercentEncodingIfValid
        }
        if url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("s3://") { return url }
        if url.contains("://") || url.hasPrefix("/") { return nil }
        return url.isEmpty ? nil : url
    }

    /// A clip's effects: a `LinearTimeWarp` is its speed (0.25–4); anything else is reported.
    private static func effects(_ f: Field?) -> Rational? {
        guard let items = f?.array() else { return nil }
        var speed: Rational?
        for item in items {
            item.openObject { e -> Bool? in
                let name = schemaName(e) ?? ""
                                if name.hasPrefix("LinearTimeWarp.") {
                    guard let sf = e.required("time_scalar"), case .number(let text) = sf.value,
                          case .success(let t) = TimeParser.parseDecimal(text) else { return nil }
                    let r = Rational(t)
                    guard !(r < Rational(1, 4)), !(Rational(4) < r) else {
                        sf.report("is \(text); Reel plays speeds from 0.25 to 4")
                        return nil
                    }
                    speed = r
                    return true
                }
                if name.hasPrefix("FreezeFrame.") {
                    e.reportHere("a freeze frame is not supported: export it as a still or a clip")
                    return nil
                }
                e.report("OTIO_SCHEMA", "is \(name.isEmpty ? "missing" : name), an effect Reel cannot play")
                return nil
            }
        }
        return speed
    }

    /// A `Transition.1`: a dissolve (SMPTE_Dissolve) with its offsets before and after the cut.
    private static func transition(_ r: ObjectReader, at pointer: String) -> Cut? {
                let type = r.field("transition_type")
        var kind: TransitionSpec.Kind?
        if let type, case .string(let name) = type.value {
            if name == "SMPTE_Dissolve" { kind = .dissolve } else { type.report("is \(name); Reel plays SMPTE_Dissolve transitions") }
        } else {
            r.report("transition_type", "is required")
        }
        guard let inField = r.required("in_offset"), let outField = r.required("out_offset"),
              let inOffset = OTIOTime.time(inField), let outOffset = OTIOTime.time(outField), let kind else { return nil }
        if inOffset.isNegative || outOffset.isNegative || (inOffset + outOffset).isZero {
            r.reportHere("needs offsets that are not negative and not both zero")
            return nil
        }
        return Cut(kind: kind, inOffset: inOffset, outOffset: outOffset, pointer: pointer)
    }

    /// Markers as chapters: each at its marked range's start, a clip's taken from media time
    /// (`sourceStart` at track time `offset`) to timeline time.
    private static func markers(_ f: Field?, offset: Time, sourceStart: Time) -> [ChapterSpec] {
        guard let items = f?.array() else { return [] }
        return items.compactMap { item in
            item.openObject { m -> ChapterSpec? in
                                guard let range = m.required("marked_range").flatMap(OTIOTime.range) else { return nil }
                let name = m.field("name")?.string(nonEmpty: false) ?? ""
                let start = offset + (range.start - sourceStart)
                return start.isNegative ? nil : ChapterSpec(start: start, title: name.isEmpty ? "Marker" : name)
            }
        }
    }

    // MARK: tracks into Reel's timeline

    /// The base track: `videos`, each piece with the handles its transitions take.
    private static func base(_ pieces: [Piece], _ cuts: [Int: Cut], into out: inout DecodedOTIO) {
        for (i, p) in pieces.enumerated() {
            let before = i > 0 ? cuts[i - 1] : nil, after = cuts[i]
            // Track time: the cut's incoming side starts `in_offset` early, its outgoing side ends
            // `out_offset` late; in media time that is scaled by the piece's speed.
            let head = before?.inOffset ?? .zero, tail = after?.outOffset ?? .zero
            let speed = p.speed ?? Rational(1)
            var item: VideoItem
            switch p.content {
            case .media(let src):
                item = VideoItem(content: .media(src: src))
                item.sourceRange = TimeRange(start: p.source.start - head.scaled(by: speed),
                                             duration: p.source.duration + (head + tail).scaled(by: speed))
                item.speed = p.speed
            case .color(let c):
                item = VideoItem(content: .color(c))
                item.duration = p.source.duration + head + tail
            case .gap:
                item = VideoItem(content: .color(out.background))
                item.duration = p.source.duration + head + tail
            }
            let ptr = "/timeline/videos/\(out.timeline.videos.count)"
            out.pointers.map(ptr, to: p.pointer)
            out.pointers.map(ptr + "/src", to: p.referencePointer)
            out.pointers.map(ptr + "/sourceRange", to: p.sourcePointer)
            out.pointers.map(ptr + "/duration", to: p.sourcePointer)
            out.timeline.videos.append(item)
            if i > 0 {
                let t = before.map { TransitionSpec(kind: $0.kind, duration: $0.inOffset + $0.outOffset) }
                if let before { out.pointers.map("/timeline/transitions/\(out.timeline.transitions.count)", to: before.pointer) }
                out.timeline.transitions.append(t)
            }
        }
    }

    /// A higher video track: its clips as full-frame video overlays at their track times.
    private static func layer(_ pieces: [Piece], _ cuts: [Int: Cut], into out: inout DecodedOTIO) {
        for cut in cuts.values.sorted(by: { $0.pointer < $1.pointer }) {
            out.problems.report(cut.pointer, "a transition in a layered video track is not supported yet")
        }
        for p in pieces {
            guard case .media(let src) = p.content else { continue }
            var overlay = OverlaySpec(content: .video(src: src, sourceRange: p.source, volume: nil, muted: false), start: p.trackStart)
            overlay.duration = p.source.duration.played(at: p.speed ?? Rational(1))
            overlay.frame = FractionRect(x: 0.5, y: 0.5, width: 1, height: 1)
            if p.speed != nil {
                out.problems.report(p.pointer + "/effects", "a time warp in a layered video track is not supported yet")
            }
            let ptr = "/timeline/overlays/\(out.timeline.overlays.count)"
            out.pointers.map(ptr, to: p.pointer)
            out.pointers.map(ptr + "/src", to: p.referencePointer)
            out.timeline.overlays.append(overlay)
        }
    }

    /// An audio track: its clips mixed at their track times, at unity gain.
    private static func audio(_ pieces: [Piece], _ cuts: [Int: Cut], into out: inout DecodedOTIO) {
        for cut in cuts.values.sorted(by: { $0.pointer < $1.pointer }) {
            out.problems.report(cut.pointer, "a transition in an audio track is not supported yet")
        }
        for p in pieces {
            guard case .media(let src) = p.content else { continue }
            var item = AudioItem(src: src)
            item.start = p.trackStart
            item.sourceRange = p.source
            item.speed = p.speed
            let ptr = "/timeline/voiceOvers/\(out.timeline.voiceOvers.count)"
            out.pointers.map(ptr, to: p.pointer)
            out.pointers.map(ptr + "/src", to: p.referencePointer)
            out.pointers.map(ptr + "/sourceRange", to: p.sourcePointer)
            out.timeline.voiceOvers.append(item)
        }
    }
}

private extension String {
    /// The string with `%XX` escapes decoded, or itself when they do not form UTF-8.
    var removingPercentEncodingIfValid: String {
        var bytes: [UInt8] = []
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let c = utf8[i]
            if c == UInt8(ascii: "%"), let h = utf8.index(i, offsetBy: 2, limitedBy: utf8.endIndex), h < utf8.endIndex,
               let v = UInt8(String(decoding: utf8[utf8.index(after: i)...h], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i = utf8.index(after: h)
            } else {
                bytes.append(c)
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
