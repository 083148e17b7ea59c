import CFFmpeg
import ReelSpec

/// Builds a `RenderPlan` from a validated spec: resolves and probes every source, lays the videos
/// end to end, and fills AVFoundation's output defaults (largest display size, highest frame rate).
///
/// Every problem found (unsupported feature, missing file, trim past the end) is collected and
/// thrown at once as `RenderError.invalid`, so a user fixes a spec in one pass.
public struct RenderPlanner {
    public let resolver: SourceResolver

    public init(resolver: SourceResolver) { self.resolver = resolver }

    static let fallbackSize = (width: 1280, height: 720)
    static let defaultFrameRate = Rational(30)
    static let gifFrameRate = Rational(15)
    /// The longest timeline Reel accepts (a bound on work, disk and frame counts).
    static let maxTimeline = Time(seconds: 24 * 3600)
    static let standardRates = [Rational(24000, 1001), Rational(24), Rational(25), Rational(30000, 1001), Rational(30),
                                Rational(48), Rational(50), Rational(60000, 1001), Rational(60), Rational(120)]

    /// The plan for `spec`, or `RenderError.invalid` with every problem found: unsupported
    /// features, unreadable or too-short sources, and ranges past the timeline's end. A source that
    /// could not be reached for a passing reason (`RenderError.isRetryable`) is thrown as
    /// `RenderError.source` instead: the spec may be fine, and asking again later may work.
    ///
    /// A spec with `outputs` has no one plan: it is refused here rather than planned as its first
    /// output; `planOutputs` plans each.
    public func plan(_ spec: JobSpec) throws -> RenderPlan {
        guard spec.outputs == nil else {
            throw RenderError.invalid([SpecProblem(pointer: "/outputs", message: "names several outputs, which are planned one by one (planOutputs)")])
        }
        var problems = SupportCheck.unsupported(spec)
        let probes = SourceProbes(sources: spec.timeline.mediaSources, resolver: resolver)
        let out = spec.output
        let videos = planVideos(spec.timeline, defaultFit: out.fit, defaultBlur: out.blurFill, probes: probes, problems: &problems)
        var audio = videos.audio
        let transitions = planTransitions(spec.timeline, segments: videos.segments, probes: probes, audio: &audio, problems: &problems)
        let visualEnd = spec.timeline.videos.isEmpty && spec.timeline.overlays.isEmpty ? nil : videos.end
        var overlays = planOverlays(spec.timeline.overlays, videoEnd: visualEnd, probes: probes, audio: &audio, problems: &problems)
        let audioItems = planAudioItems(spec.timeline, videoEnd: overlays.end ?? visualEnd, probes: probes, problems: &problems)
        let timeline = audioItems.end
        audio += audioItems.clips
        resolveWaveformAudio(&overlays.plans, audio: audio, problems: &problems)
        // A still output is one instant: its `time`, else the range's start.
        let outputRange = out.format.isStill ? TimeRange(start: out.time ?? out.range?.start ?? .zero, duration: .zero)
            : out.range ?? TimeRange(start: .zero, duration: timeline)
        checkLimits(out, timeline: timeline, outputRange: outputRange, problems: &problems)
        let subtitles = planSubtitles(out, outputRange: outputRange, problems: &problems)
        // Passthrough takes the first video item's size, rate and codec (AVAssetExportPresetPassthrough).
        let passthrough = out.preset == .passthrough && [.mp4, .mov, .m4v].contains(out.format)
        let size = passthrough && out.width == nil ? videos.firstSize.map { (width: ($0.width + 1) & ~1, height: ($0.height + 1) & ~1) }
            ?? RenderPlanner.outputSize(out, inputs: videos.sizes) : RenderPlanner.outputSize(out, inputs: videos.sizes)
        placeOnCanvas(&overlays.plans, width: size.width, height: size.height, problems: &problems)
        let hls = out.format == .hls ? planHLS(out, width: size.width, height: size.height, problems: &problems) : nil
        // A GIF plays at 15 fps unless asked: more frames cost far more bytes than they show.
        let rate = out.frameRate ?? (out.format == .gif ? RenderPlanner.gifFrameRate
            : (passthrough ? videos.firstRate : nil) ?? videos.rates.max() ?? RenderPlanner.defaultFrameRate)
        var encodingSpec = out
        if passthrough, out.video.codec == nil, videos.firstCodec == "hevc" { encodingSpec.video.codec = .hevc }
        encodingSpec.color = RenderPlanner.resolve(out, firstColor: videos.firstColor)
        if Int32(exactly: rate.numerator) == nil || Int32(exactly: rate.denominator) == nil {
            problems.append(SpecProblem(pointer: "/output/frameRate", message: "is not a frame rate Reel can encode"))
        }
        // A timeline read from OTIO names the user's places, not the Reel timeline built from it.
        let place = { (pointer: String) in spec.timelinePointers?.callerPointer(for: pointer) ?? pointer }
        if let failure = probes.transientFailure {
            throw RenderError.source(pointer: place(spec.timeline.pointer(ofSource: failure.src) ?? "/timeline"), path: failure.src,
                                     cause: failure.error)
        }
        guard problems.isEmpty else { throw RenderError.invalid(problems.map { SpecProblem(pointer: place($0.pointer), message: $0.message) }) }
        let videoEncoding = RenderPlanner.videoEncoding(encodingSpec, frameRate: rate)
        var plan = RenderPlan(
            format: out.format, width: size.width, height: size.height, frameRate: rate,
            background: RenderPlan.background(out.background, format: out.format, video: videoEncoding),
            timelineDuration: timeline, outputRange: outputRange, video: videos.segments, transitions: transitions,
            overlays: overlays.plans, audio: audio,
            videoEncoding: videoEncoding, audioEncoding: RenderPlanner.audioEncoding(out),
            metadata: out.metadata.map { ($0.key.ffmpegKey, $0.value) }
                + (out.startTimecode.flatMap { SMPTETimecode.label($0, rate: rate) }.map { [("timecode", $0)] } ?? []),
            chapters: out.chapters.map { ($0.start, $0.title) }, hls: hls, subtitles: subtitles,
            faststart: out.optimizeForNetwork, passthrough: passthrough)
        plan.color = encodingSpec.color
        if out.draft {
            plan.draftSize = RenderPlan.draftSize(width: size.width, height: size.height)
            plan.videoEncoding.preset = "ultrafast"
        }
        if plan.color == .hdr10 { plan.hdrMetadata = videos.firstPQColor.map(HDRMetadata.init) ?? .reference }
        plan.flattenUnseenBackground()
        if spec.timelinePointers != nil {
            for i in plan.video.indices { plan.video[i].pointer = place(plan.video[i].pointer) }
            for i in plan.overlays.indices { plan.overlays[i].pointer = place(plan.overlays[i].pointer) }
            for i in plan.audio.indices { plan.audio[i].pointer = place(plan.audio[i].pointer) }
        }
        return plan
    }

    /// The timeline's length limit, and the output range and chapters inside the timeline (checked
    /// only once the timeline itself is sound, since its length is meaningless otherwise).
    private func checkLimits(_ out: OutputSpec, timeline: Time, outputRange: TimeRange, problems: inout [SpecProblem]) {
        if RenderPlanner.maxTimeline < timeline {
            problems.append(SpecProblem(pointer: "/timeline", message: "is \(timeline.ticks(in: 1, rounding: .up)) s long; Reel renders at most 24 hours"))
        }
        if let t = out.time, problems.isEmpty, !(t < timeline) {
            problems.append(SpecProblem(pointer: "/output/time", message: "is \(t) s, at or after the timeline's end (\(timeline) s)"))
        }
        if let r = out.range, problems.isEmpty {
            if !(r.start < timeline) {
                problems.append(SpecProblem(pointer: "/output/range/start", message: "starts at \(r.start) s, at or after the timeline's end (\(timeline) s)"))
            } else if !out.format.isStill, timeline < r.end {
                problems.append(SpecProblem(pointer: "/output/range/duration", message: "ends at \(r.end) s, after the timeline's end (\(timeline) s)"))
            }
        }
        for (i, ch) in out.chapters.enumerated() where problems.isEmpty && !(ch.start < outputRange.duration) {
            problems.append(SpecProblem(pointer: "/output/chapters/\(i)/start",
                                        message: "starts at \(ch.start) s, at or after the end of the output (\(outputRange.duration) s)"))
        }
    }

    /// True for pixel formats with an alpha channel (rgba, ya8, yuva420p, …).
    static func hasAlpha(_ name: String?) -> Bool {
        guard let name, let desc = av_pix_fmt_desc_get(av_get_pix_fmt(name)) else { return false }
        return desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }

    static func message(for error: Error, src: String) -> String {
        switch error {
        case let r as SourceResolver.Refusal: return r.description
        case let f as FFmpegError: return "\"\(src)\" cannot be read as media: \(f.message)"
        default: return "\"\(src)\": \(error)"
        }
    }
}
