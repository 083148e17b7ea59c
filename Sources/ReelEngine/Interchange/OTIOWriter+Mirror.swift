import ReelSpec

extension OTIOWriter {
    /// Reel's own media beside the cut, for editors to see where they play: video and image
    /// overlays as higher video tracks (an overlay above every earlier one it overlaps, as Reel
    /// draws them), voice-overs and music as audio tracks, each clip at its timeline time (a looped
    /// music item once per repetition). What these clips cannot say (an overlay's frame and
    /// keyframes, an item's volume, ducking) is in the timeline's `metadata.reel`, and Reel reads
    /// the items back from there, so these tracks are marked `metadata.reel.mirror` and Reel leaves
    /// them aside when it reads the file: moving such a clip in an editor does not move it in Reel.
    static func mirrorTracks(_ plan: RenderPlan, timeline: JSONValue?, rate: Rational) -> [JSONValue] {
        let end = plan.video.last?.range.end ?? .zero
        var overlays: [Placed] = [], voices: [Placed] = [], music: [Placed] = []
        for o in plan.overlays {
            guard let src = src(at: o.pointer, in: timeline) else { continue }
            switch o.source {
            case .video(_, let sourceStart, _, _):
                overlays.append(Placed(range: o.range, sourceStart: sourceStart, speed: Rational(1), src: src, timed: true))
            case .image:
                overlays.append(Placed(range: o.range, sourceStart: .zero, speed: Rational(1), src: src, timed: false))
            case .text, .captions, .shape, .group, .waveform, .lottie:
                continue
            }
        }
        for a in plan.audio {
            guard let src = src(at: a.pointer, in: timeline) else { continue }
            let placed = Placed(range: a.range, sourceStart: a.sourceStart, speed: a.speed, src: src, timed: true)
            if a.pointer.hasPrefix("/timeline/voiceOvers/") { voices.append(placed) }
            if a.pointer.hasPrefix("/timeline/music/") { music.append(placed) }
        }
        return lanes(overlays, end: end).enumerated().map { track("V\($0.offset + 2) overlays", "Video", $0.element, rate: rate) }
            + lanes(voices, end: end).enumerated().map { track("A\($0.offset + 1) voice-overs", "Audio", $0.element, rate: rate) }
            + lanes(music, end: end).enumerated().map { track("Music \($0.offset + 1)", "Audio", $0.element, rate: rate) }
    }

    /// A clip of media placed on the timeline.
    struct Placed {
        var range: TimeRange
        var sourceStart: Time
        var speed: Rational
        var src: String
        /// The media has time (a video or a sound), so its reference has a range from its first frame.
        var timed: Bool
    }

    /// The `src` of the spec item at `pointer` (`/timeline/overlays/3`); nil for anything else.
    private static func src(at pointer: String, in timeline: JSONValue?) -> String? {
        let parts = pointer.split(separator: "/")
        guard parts.count == 3, parts[0] == "timeline", let i = Int(parts[2]),
              case .array(let items)? = timeline?.member(String(parts[1])), i < items.count,
              case .string(let src)? = items[i].member("src") else { return nil }
        return src
    }

    /// The clips cut to the timeline's end and put in lanes: each in the lowest lane above every
    /// earlier clip it overlaps, so a lane never holds two at once and later ones stay above.
    private static func lanes(_ clips: [Placed], end: Time) -> [[Placed]] {
        var lanes: [[Placed]] = []
        for var c in clips {
            guard c.range.start < end, c.range.duration.isPositive else { continue }
            c.range.duration = Time.min(c.range.end, end) - c.range.start
            let above = lanes.indices.last { lane in lanes[lane].contains { $0.range.start < c.range.end && c.range.start < $0.range.end } }
            let lane = (above ?? -1) + 1
            if lane == lanes.count { lanes.append([]) }
            lanes[lane].append(c)
        }
        return lanes.map { $0.sorted { $0.range.start < $1.range.start } }
    }

    /// A track of `clips` from 0, gaps between them.
    private static func track(_ name: String, _ kind: String, _ clips: [Placed], rate: Rational) -> JSONValue {
        var children: [JSONValue] = []
        var cursor = Time.zero
        for c in clips {
            if cursor < c.range.start {
                children.append(object("Gap.1", [("name", .string("")), ("source_range", range(.zero, c.range.start - cursor, rate)),
                                                 ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)),
                                                 ("metadata", .object([]))]))
            }
            let effects = timeWarp(c.speed)
            // Counted from the media's first frame (as the cut's clips are), through what plays.
            let available = c.timed ? TimeRange(start: .zero, duration: c.sourceStart + c.range.duration.scaled(by: c.speed)) : nil
            children.append(object("Clip.2", [
                ("name", .string(String(c.src.split(separator: "/").last ?? ""))),
                ("source_range", range(c.sourceStart, c.range.duration, rate)),
                ("media_references", .object([("DEFAULT_MEDIA", reference(c.src, available: available, rate: rate))])),
                ("active_media_reference_key", .string("DEFAULT_MEDIA")), ("enabled", .bool(true)),
                ("effects", .array(effects)), ("markers", .array([])), ("metadata", .object([])),
            ]))
            cursor = c.range.end
        }
        return object("Track.1", [("name", .string(name)), ("kind", .string(kind)), ("enabled", .bool(true)),
                                  ("children", .array(children)), ("markers", .array([])), ("effects", .array([])),
                                  ("metadata", reel([("mirror", .bool(true))]))])
    }
}
