import ReelSpec

/// A planned job's timeline as OpenTimelineIO (docs/API.md (OpenTimelineIO)), for editors: the `videos` track as a
/// video track of clips (`ExternalReference`s to the items' `src`), colour cards (`SolidColor`
/// generators) and transitions, chapters as markers, and the output, when given, as the media of a
/// disabled track of its own.
///
/// Reel overlaps a transition's two items; OTIO centres a transition on a cut and takes its frames
/// from handles. So each transition's cut is put at its middle, each clip's range ends at its cuts,
/// and the offsets are the halves: read back (`SpecDecoder+OTIO`), the handles give every item its
/// range again, frame for frame. What OTIO cannot say — an item's fit, filters, keyframes, volume;
/// a transition's kind, direction and colour; titles, captions, images, voice-overs and music —
/// goes under `metadata.reel` (the item's or transition's own spec JSON, the timeline's overlays and
/// audio), which Reel reads back and editors keep without showing. So that editors see them too,
/// the overlays with media and the audio are also drawn as tracks of their own (`OTIOWriter+Mirror`).
public enum OTIOWriter {
    /// `spec` is the job's spec JSON (its items' JSON is carried in metadata); `plan` its plan. A
    /// job that came as OTIO is given back as it came — every track, reference and metadata of the
    /// editor's as the editor wrote them — with the output's track added.
    public static func timeline(_ plan: RenderPlan, spec: JSONValue, name: String, outputURL: String?) -> JSONValue {
        timeline(plan, spec: spec, name: name, outputs: outputURL.map { [OutputMedia(name: nil, url: $0, plan: plan)] } ?? [])
    }

    /// A finished output shown as a track: its name among `outputs` (nil: the one), URL and plan.
    public struct OutputMedia: Sendable {
        public let name: String?
        public let url: String
        public let plan: RenderPlan

        public init(name: String?, url: String, plan: RenderPlan) {
            self.name = name
            self.url = url
            self.plan = plan
        }
    }

    /// As above, with each of `outputs` (a job's one, or each of its named outputs) as the media
    /// of a disabled track of its own; a spec's `outputs` are kept in `metadata.reel.outputs`.
    public static func timeline(_ plan: RenderPlan, spec: JSONValue, name: String, outputs: [OutputMedia]) -> JSONValue {
        let rate = plan.frameRate
        let outputTracks = outputs.map(outputTrack)
        if let submitted = spec.member("otio"), let echoed = appending(outputTracks, to: submitted) { return echoed }
        let timeline = spec.member("timeline")
        let items = arrayItems(timeline?.member("videos"))
        let transitionItems = arrayItems(timeline?.member("transitions"))
        var children: [JSONValue] = []
        for (i, segment) in plan.video.enumerated() {
            let incoming = plan.transitions.first { $0.index == i - 1 }, outgoing = plan.transitions.first { $0.index == i }
            let start = incoming.map(cut) ?? segment.range.start, end = outgoing.map(cut) ?? segment.range.end
            let item = i < items.count ? items[i] : nil
            children.append(clip(segment, from: start, to: end, item: item, rate: rate))
            if let t = outgoing {
                let written = t.index < transitionItems.count ? transitionItems[t.index] : nil
                children.append(transition(t, written: written, rate: rate))
            }
        }
        var tracks: [JSONValue] = [object("Track.1", [("name", .string("V1")), ("kind", .string("Video")), ("enabled", .bool(true)),
                                                     ("children", .array(children)), ("markers", .array([])), ("effects", .array([])),
                                                     ("metadata", .object([]))])]
        tracks += mirrorTracks(plan, timeline: timeline, rate: rate)
        tracks += outputTracks
        let markers = plan.chapters.map { chapter in
            object("Marker.2", [("name", .string(chapter.title)), ("marked_range", range(chapter.start, .zero, rate)),
                                ("color", .string("RED")), ("metadata", .object([]))])
        }
        var extras: [(key: String, value: JSONValue)] = []
        for key in ["overlays", "voiceOvers", "music"] {
            if let v = timeline?.member(key) { extras.append((key, v)) }
        }
        // The output's size and settings, as the spec wrote them: `reel render CUT.otio` uses them
        // (a spec's `outputs`, each).
        if case .object? = spec.member("output") { extras.append(("output", spec.member("output")!)) }
        if case .array? = spec.member("outputs") { extras.append(("outputs", spec.member("outputs")!)) }
        return object("Timeline.1", [
            ("name", .string(name)), ("global_start_time", .null),
            ("metadata", reel(extras)),
            ("tracks", object("Stack.1", [("name", .string("tracks")), ("children", .array(tracks)), ("markers", .array(markers)),
                                          ("effects", .array([])), ("enabled", .bool(true)), ("source_range", .null),
                                          ("metadata", .object([]))])),
        ])
    }

    /// The output as the media of a disabled track of its own (OTIO plays no disabled track, and
    /// Reel reads none back).
    private static func outputTrack(_ media: OutputMedia) -> JSONValue {
        let plan = media.plan
        let title = media.name.map { "Reel output \($0)" } ?? "Reel output"
        let output = object("Clip.2", [
            ("name", .string(title)), ("source_range", range(.zero, plan.outputRange.duration, plan.frameRate)),
            ("media_references", .object([("DEFAULT_MEDIA", reference(media.url, available: nil, rate: plan.frameRate))])),
            ("active_media_reference_key", .string("DEFAULT_MEDIA")), ("enabled", .bool(true)),
            ("effects", .array([])), ("markers", .array([])), ("metadata", .object([]))])
        return object("Track.1", [("name", .string(title)), ("kind", .string("Video")), ("enabled", .bool(false)),
                                  ("children", .array([output])), ("markers", .array([])), ("effects", .array([])),
                                  ("metadata", reel([("role", .string("output"))] + (media.name.map { [("output", .string($0))] } ?? [])))])
    }

    /// A submitted OTIO timeline with `track` added to its top-level stack; nil when it is not one
    /// (it was planned, so it is).
    private static func appending(_ tracks: [JSONValue], to timeline: JSONValue) -> JSONValue? {
        guard case .object(var members) = timeline, let t = members.firstIndex(where: { $0.key == "tracks" }),
              case .object(var stack) = members[t].value, let c = stack.firstIndex(where: { $0.key == "children" }),
              case .array(let children) = stack[c].value else { return nil }
        guard !tracks.isEmpty else { return timeline }
        stack[c].value = .array(children + tracks)
        members[t].value = .object(stack)
        return .object(members)
    }

    /// Where a transition's cut goes: its middle.
    static func cut(_ t: TransitionPlan) -> Time {
        t.range.start + Time.fitting(Int128(t.range.duration.value), 2 * Int128(t.range.duration.timescale), fallbackTimescale: 1_000_000)
    }

    /// A segment from track time `start` to `end`: its media from the time shown at `start`.
    private static func clip(_ s: VideoSegment, from start: Time, to end: Time, item: JSONValue?, rate: Rational) -> JSONValue {
        // The source as the spec names it; never the server's path for it.
        let src = s.src ?? String(s.source.path.split(separator: "/").last ?? "")
        let reference: JSONValue
        var sourceStart = (start - s.range.start).scaled(by: s.speed)
        switch s.source {
        case .color(let c):
            reference = object("GeneratorReference.1", [("name", .string("")), ("generator_kind", .string("SolidColor")),
                                                        ("parameters", .object([("color", .string(c.description))])),
                                                        ("available_range", .null), ("metadata", .object([]))])
        case .clip(_, let mediaStart, _):
            sourceStart = mediaStart + sourceStart
            if let sequence = try? ImageSequenceSource(src: src) {
                // Its range starts at its first frame's number, as editors count a sequence.
                let origin = sequence.origin
                sourceStart = origin + sourceStart
                reference = imageSequence(sequence, available: TimeRange(start: origin, duration: s.mediaLength ?? .zero), rate: rate)
            } else {
                // The media's range from its first frame: the source range counts from there, whatever
                // timecode the file carries (a reference without one would count from the timecode).
                reference = self.reference(src, available: TimeRange(start: .zero, duration: s.mediaLength ?? .zero), rate: rate)
            }
        case .still:
            reference = self.reference(src, available: nil, rate: rate)
        }
        let effects = timeWarp(s.speed)
        return object("Clip.2", [
            ("name", .string(s.source.isColor ? "" : String(src.split(separator: "/").last ?? ""))),
            ("source_range", range(sourceStart, end - start, rate)),
            ("media_references", .object([("DEFAULT_MEDIA", reference)])), ("active_media_reference_key", .string("DEFAULT_MEDIA")),
            ("enabled", .bool(true)), ("effects", .array(effects)), ("markers", .array([])),
            ("metadata", item.map { reel([("item", $0)]) } ?? .object([])),
        ])
    }

    /// A clip's effects: a `LinearTimeWarp` when it plays at another speed, else none.
    static func timeWarp(_ speed: Rational) -> [JSONValue] {
        speed == Rational(1) ? [] : [
            object("LinearTimeWarp.1", [("name", .string("")), ("effect_name", .string("LinearTimeWarp")),
                                        ("time_scalar", .number(decimal(speed))), ("metadata", .object([]))]),
        ]
    }

    private static func transition(_ t: TransitionPlan, written: JSONValue?, rate: Rational) -> JSONValue {
        let middle = cut(t)
        return object("Transition.1", [
            ("name", .string("")), ("transition_type", .string(t.kind == .dissolve ? "SMPTE_Dissolve" : "Custom")),
            ("in_offset", time(middle - t.range.start, rate)), ("out_offset", time(t.range.end - middle, rate)),
            ("metadata", written.map { reel([("transition", $0)]) } ?? .object([])),
        ])
    }

    static func reference(_ url: String, available: TimeRange?, rate: Rational) -> JSONValue {
        object("ExternalReference.1", [("name", .string("")), ("target_url", .string(url)),
                                       ("available_range", available.map { range($0.start, $0.duration, rate) } ?? .null),
                                       ("metadata", .object([]))])
    }

    /// An `ImageSequenceReference.1`: the sequence's folder, the parts of its file names, its
    /// first frame and rate; every frame is needed (`missing_frame_policy` error).
    private static func imageSequence(_ sequence: ImageSequenceSource, available: TimeRange, rate: Rational) -> JSONValue {
        let (prefix, padding, suffix) = sequence.parts
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        return object("ImageSequenceReference.1", [
            ("name", .string("")), ("target_url_base", .string(folder)),
            ("name_prefix", .string(slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix)),
            ("name_suffix", .string(suffix)), ("start_frame", .number(String(sequence.first))), ("frame_step", .number("1")),
            ("rate", .number(decimal(sequence.rate))), ("frame_zero_padding", .number(String(padding))),
            ("missing_frame_policy", .string("error")),
            ("available_range", range(available.start, available.duration, rate)), ("metadata", .object([])),
        ])
    }

    static func object(_ schema: String, _ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([("OTIO_SCHEMA", .string(schema))] + members)
    }

    static func reel(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([("reel", .object(members))])
    }

    static func arrayItems(_ v: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = v { return items }
        return []
    }

    static func range(_ start: Time, _ duration: Time, _ rate: Rational) -> JSONValue {
        .object([("OTIO_SCHEMA", .string("TimeRange.1")), ("start_time", time(start, rate)), ("duration", time(duration, rate))])
    }

    /// A `RationalTime.1`: `t` counted in frames of `rate`.
    static func time(_ t: Time, _ rate: Rational) -> JSONValue {
        let (num, o1) = t.value.multipliedReportingOverflow(by: rate.numerator)
        let (den, o2) = Int64(t.timescale).multipliedReportingOverflow(by: rate.denominator)
        let value = o1 || o2 ? "\(t.approximateSeconds * rate.approximateValue)" : decimal(Rational(num, den))
        return .object([("OTIO_SCHEMA", .string("RationalTime.1")), ("rate", .number(decimal(rate))), ("value", .number(value))])
    }

    /// `r` as JSON number text: exact when its decimal expansion ends (every rate and most frame
    /// counts), else to 17 significant digits (NTSC rates, which OTIO writes so and Reel reads back
    /// as n·1000/1001).
    static func decimal(_ r: Rational) -> String {
        var den = r.denominator, twos = 0, fives = 0
        while den % 2 == 0 { den /= 2; twos += 1 }
        while den % 5 == 0 { den /= 5; fives += 1 }
        guard den == 1 else { return "\(Double(r.numerator) / Double(r.denominator))" }
        let digits = max(twos, fives)
        guard digits > 0 else { return "\(r.numerator)" }
        var scaled = r.numerator.magnitude
        for _ in 0..<(digits - twos) {
            let (next, overflow) = scaled.multipliedReportingOverflow(by: 2)
            guard !overflow else { return "\(r.approximateValue)" }
            scaled = next
        }
        for _ in 0..<(digits - fives) {
            let (next, overflow) = scaled.multipliedReportingOverflow(by: 5)
            guard !overflow else { return "\(r.approximateValue)" }
            scaled = next
        }
        var text = String(scaled)
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        return (r.numerator < 0 ? "-" : "") + text
    }
}
