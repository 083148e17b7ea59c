import ReelSpec

extension RenderPlanner {
    /// The `videos` track laid end to end: its segments, the clips' own audio, and what the output
    /// defaults are chosen from (the inputs' display sizes and frame rates).
    struct PlannedVideos {
        var segments: [VideoSegment] = []
        var audio: [AudioClip] = []
        var sizes: [(Int, Int)] = []
        var rates: [Rational] = []
        /// The first item with a picture of its own (a clip or a still): a passthrough output takes
        /// its display size, and the first clip's rate and codec.
        var firstSize: (width: Int, height: Int)?
        var firstRate: Rational?
        var firstCodec: String?
        /// The first clip's colour (`output.color: auto` follows it), and the first PQ clip's (an
        /// `hdr10` output declares its mastering display and light levels).
        var firstColor: ColorDescription?
        var firstPQColor: ColorDescription?
        /// Where the last item ends.
        var end = Time.zero
    }

    /// Places every item of `videos` one after another from 0; a transition before an item pulls
    /// it back by the transition's duration (AVFoundation's A/B overlap).
    func planVideos(_ timeline: TimelineSpec, defaultFit: FitMode, defaultBlur: BlurFill = BlurFill(), probes: SourceProbes,
                    problems: inout [SpecProblem]) -> PlannedVideos {
        var planned = PlannedVideos()
        for (i, item) in timeline.videos.enumerated() {
            let ptr = "/timeline/videos/\(i)"
            if let t = RenderPlanner.transition(timeline, before: i) { planned.end = planned.end - t.duration }
            var layer = LayerPlan()
            layer.keyframes = item.keyframes
            layer.filters = item.filters
            layer.motion = item.motion
            layer.chromaKey = item.chromaKey
            layer.mask = planMask(item.mask, pointer: ptr + "/mask", probes: probes, problems: &problems)
            var placed: VideoSegment?
            switch item.content {
            case .color(let c):
                placed = planColor(c, item, ptr, at: planned.end, fit: item.fit ?? defaultFit, layer: layer, problems: &problems)
            case .media(let src):
                do {
                    let (path, info) = try probes.probe(src)
                    placed = info.isStill
                        ? planStill(path, info, item, ptr, at: planned.end, fit: item.fit ?? defaultFit, layer: layer, into: &planned, problems: &problems)
                        : planClip(src, path, info, item, ptr, at: planned.end, fit: item.fit ?? defaultFit, layer: layer,
                                   into: &planned, problems: &problems)
                    placed?.src = src
                } catch {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: RenderPlanner.message(for: error, src: src)))
                    placed = nil
                }
            }
            if var placed {
                placed.blurFill = item.blurFill ?? defaultBlur
                // Keyframes of the bars' blur need bars: an item whose fit (its own or the output's) is blur.
                if placed.fit != .blur {
                    for (k, key) in item.keyframes.enumerated() {
                        for feature in [Keyframe.Feature.blurRadius, .dim] where key.value(of: feature) != nil {
                            problems.append(SpecProblem(pointer: ptr + "/keyframes/\(k)/\(feature.rawValue)",
                                                        message: "animates the \(feature.rawValue) of fit \"blur\"'s bars; this item's fit is \(placed.fit.rawValue)"))
                        }
                    }
                }
                planned.segments.append(placed)
                planned.end = placed.range.end
            }
        }
        return planned
    }

    /// A colour card: its `duration` on the timeline.
    private func planColor(_ color: Color, _ item: VideoItem, _ ptr: String, at start: Time, fit: FitMode, layer: LayerPlan,
                           problems: inout [SpecProblem]) -> VideoSegment? {
        guard let d = item.duration else {
            problems.append(SpecProblem(pointer: ptr + "/duration", message: "a colour card needs a duration"))
            return nil
        }
        return VideoSegment(pointer: ptr, range: TimeRange(start: start, duration: d), source: .color(color), fit: fit, layer: layer)
    }

    /// A still image: its `duration` on the timeline; nothing to trim.
    private func planStill(_ path: String, _ info: MediaInfo, _ item: VideoItem, _ ptr: String, at start: Time, fit: FitMode,
                           layer: LayerPlan, into planned: inout PlannedVideos, problems: inout [SpecProblem]) -> VideoSegment? {
        if item.sourceRange != nil {
            problems.append(SpecProblem(pointer: ptr + "/sourceRange", message: "a still image has no time to trim; give a duration"))
        }
        if let s = item.speed, s != Rational(1) {
            problems.append(SpecProblem(pointer: ptr + "/speed", message: "a still image has no time to play faster or slower"))
        }
        guard let d = item.duration else {
            problems.append(SpecProblem(pointer: ptr + "/duration", message: "a still image needs a duration"))
            return nil
        }
        if let v = info.video, let w = v.displayWidth, let h = v.displayHeight {
            planned.sizes.append((w, h))
            if planned.firstSize == nil { planned.firstSize = (w, h) }
        }
        var layer = layer
        layer.transparent = RenderPlanner.hasAlpha(info.video?.pixelFormat)
        return VideoSegment(pointer: ptr, range: TimeRange(start: start, duration: d), source: .still(path: path), fit: fit,
                            layer: layer, sourceSize: RenderPlanner.displaySize(info))
    }

    /// A video clip: its `sourceRange` (default the whole video stream, or as much of it as `duration`
    /// plays at `speed`), which must lie inside the asset, and its own audio unless muted. At `speed`
    /// s the item lasts `sourceRange.duration / s` on the timeline.
    private func planClip(_ src: String, _ path: String, _ info: MediaInfo, _ item: VideoItem, _ ptr: String, at start: Time,
                          fit: FitMode, layer: LayerPlan, into planned: inout PlannedVideos,
                          problems: inout [SpecProblem]) -> VideoSegment? {
        guard let v = info.video else {
            problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" has no video stream (use it as a voice-over or music item)"))
            return nil
        }
        guard let assetEnd = info.duration ?? v.duration else {
            problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" does not say how long it is; give a sourceRange"))
            return nil
        }
        let clipLength = RenderPlanner.wholeStream(v, assetEnd: assetEnd)
        let speed = item.speed ?? Rational(1)
        var item = item
        if item.sourceTimecoded, let tc = v.startTimecode, let r = item.sourceRange {
            item.sourceRange = TimeRange(start: r.start - tc, duration: r.duration)
        }
        let range = item.sourceRange ?? TimeRange(start: .zero, duration: item.duration.map { $0.scaled(by: speed) } ?? clipLength)
        if assetEnd < range.end {
            let field = item.sourceRange != nil ? "/sourceRange" : "/duration"
            problems.append(SpecProblem(pointer: ptr + field, message: "ends at \(range.end) s, after the end of \"\(src)\" (\(assetEnd) s)"))
            return nil
        }
        if let w = v.displayWidth, let h = v.displayHeight {
            planned.sizes.append((w, h))
            if planned.firstSize == nil { planned.firstSize = (w, h) }
        }
        // A rate a file claims is used only within the range an output may have.
        if let r = v.averageFrameRate ?? v.frameRate, (1...240).contains(r.approximateValue) {
            planned.rates.append(RenderPlanner.nominal(r))
            if planned.firstRate == nil { planned.firstRate = RenderPlanner.nominal(r) }
        }
        if planned.firstCodec == nil {
            planned.firstCodec = v.codec
            planned.firstColor = v.color
        }
        if planned.firstPQColor == nil, let c = v.color, c.hdr == "pq" { planned.firstPQColor = c }
        let placed = TimeRange(start: start, duration: item.duration ?? range.duration.played(at: speed))
        let sound = info.audioStream(item.audioTrack)
        if let selection = item.audioTrack, sound == nil {
            problems.append(SpecProblem(pointer: ptr + "/audioTrack", message: RenderPlanner.missingTrack(selection, in: info, src: src)))
        } else if let sound, !item.muted {
            let shaping = AudioShaping.make(volume: item.volume, fadeIn: nil, fadeOut: nil, pan: nil, placed: placed, duck: nil)
            planned.audio.append(AudioClip(pointer: ptr, path: path, range: placed, sourceStart: range.start, speed: speed,
                                           streamIndex: sound.index, shaping: shaping, normalize: item.normalize))
        }
        return VideoSegment(pointer: ptr, range: placed, source: .clip(path: path, sourceStart: range.start, rotation: v.rotation ?? 0),
                            fit: fit, speed: speed, layer: layer, sourceSize: RenderPlanner.displaySize(info), pixelFormat: v.pixelFormat,
                            mediaLength: clipLength)
    }

    /// How long a stream plays when an item takes all of it: the stream's own duration, but never
    /// past the container's end, which FFmpeg rounds to microseconds (an MP3's stream of 1888/1225 s
    /// sits in a container of 1.541224 s, and the whole stream must still count as inside it).
    static func wholeStream(_ stream: MediaInfo.StreamInfo, assetEnd: Time) -> Time {
        stream.duration.map { Time.min($0, assetEnd) } ?? assetEnd
    }
}
