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
    /// The longest timeline Reel accepts (a bound on work, disk and frame counts).
    static let maxTimeline = Time(seconds: 24 * 3600)
    static let standardRates = [Rational(24000, 1001), Rational(24), Rational(25), Rational(30000, 1001), Rational(30),
                                Rational(48), Rational(50), Rational(60000, 1001), Rational(60), Rational(120)]

    public func plan(_ spec: JobSpec) throws -> RenderPlan {
        var problems = SupportCheck.unsupported(spec)
        let probes = SourceProbes(sources: spec.timeline.mediaSources, resolver: resolver)
        let out = spec.output
        var segments: [VideoSegment] = []
        var audio: [AudioClip] = []
        var sizes: [(Int, Int)] = []
        var rates: [Rational] = []
        var cursor = Time.zero

        for (i, item) in spec.timeline.videos.enumerated() {
            let ptr = "/timeline/videos/\(i)"
            // A transition overlaps this item with the previous one by its duration (A/B tracks).
            if let t = RenderPlanner.transition(spec.timeline, before: i) { cursor = cursor - t.duration }
            let fit = item.fit ?? out.fit
            var layer = LayerPlan()
            layer.keyframes = item.keyframes
            layer.filters = item.filters
            layer.motion = item.motion
            switch item.content {
            case .color(let c):
                guard let d = item.duration else {
                    problems.append(SpecProblem(pointer: ptr + "/duration", message: "a colour card needs a duration"))
                    continue
                }
                segments.append(VideoSegment(pointer: ptr, range: TimeRange(start: cursor, duration: d), source: .color(c), fit: fit, layer: layer))
                cursor = cursor + d
            case .media(let src):
                let path: String
                let info: MediaInfo
                do {
                    (path, info) = try probes.probe(src)
                } catch {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: RenderPlanner.message(for: error, src: src)))
                    continue
                }
                if info.isStill {
                    if item.sourceRange != nil {
                        problems.append(SpecProblem(pointer: ptr + "/sourceRange", message: "a still image has no time to trim; give a duration"))
                    }
                    guard let d = item.duration else {
                        problems.append(SpecProblem(pointer: ptr + "/duration", message: "a still image needs a duration"))
                        continue
                    }
                    if let v = info.video, let w = v.displayWidth, let h = v.displayHeight { sizes.append((w, h)) }
                    layer.transparent = RenderPlanner.hasAlpha(info.video?.pixelFormat)
                    segments.append(VideoSegment(pointer: ptr, range: TimeRange(start: cursor, duration: d), source: .still(path: path), fit: fit,
                                                 layer: layer, sourceSize: RenderPlanner.displaySize(info)))
                    cursor = cursor + d
                    continue
                }
                guard let v = info.streams.first(where: { $0.type == "video" }) else {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" has no video stream (use it as a voice-over or music item)"))
                    continue
                }
                let assetEnd = info.duration ?? v.duration
                guard let clipLength = v.duration ?? assetEnd, let assetEnd else {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" does not say how long it is; give a sourceRange"))
                    continue
                }
                let range = item.sourceRange ?? TimeRange(start: .zero, duration: item.duration ?? clipLength)
                if assetEnd < range.end {
                    let field = item.sourceRange != nil ? "/sourceRange" : "/duration"
                    problems.append(SpecProblem(pointer: ptr + field,
                                                message: "ends at \(range.end) s, after the end of \"\(src)\" (\(assetEnd) s)"))
                    continue
                }
                if let w = v.displayWidth, let h = v.displayHeight { sizes.append((w, h)) }
                // A rate a file claims is used only within the range an output may have.
                if let r = v.averageFrameRate ?? v.frameRate, (1...240).contains(r.approximateValue) { rates.append(RenderPlanner.nominal(r)) }
                let placed = TimeRange(start: cursor, duration: range.duration)
                segments.append(VideoSegment(pointer: ptr, range: placed,
                                             source: .clip(path: path, sourceStart: range.start, rotation: v.rotation ?? 0), fit: fit,
                                             layer: layer, sourceSize: RenderPlanner.displaySize(info)))
                if info.audio != nil && !item.muted {
                    let shaping = AudioShaping.make(volume: item.volume, fadeIn: nil, fadeOut: nil, pan: nil, placed: placed, duck: nil)
                    audio.append(AudioClip(pointer: ptr, path: path, range: placed, sourceStart: range.start, shaping: shaping))
                }
                cursor = cursor + range.duration
            }
        }

        let transitions = planTransitions(spec.timeline, segments: segments, audio: &audio, problems: &problems)
        let visualEnd = spec.timeline.videos.isEmpty && spec.timeline.overlays.isEmpty ? nil : cursor
        let overlays = planOverlays(spec.timeline.overlays, videoEnd: visualEnd, probes: probes, audio: &audio, problems: &problems)
        let audioItems = planAudioItems(spec.timeline, videoEnd: overlays.end ?? visualEnd, probes: probes, problems: &problems)
        let timeline = audioItems.end
        audio += audioItems.clips
        if RenderPlanner.maxTimeline < timeline {
            problems.append(SpecProblem(pointer: "/timeline", message: "is \(timeline.ticks(in: 1, rounding: .up)) s long; Reel renders at most 24 hours"))
        }
        let outputRange = out.range ?? TimeRange(start: .zero, duration: timeline)
        if let r = out.range, problems.isEmpty {
            if !(r.start < timeline) {
                problems.append(SpecProblem(pointer: "/output/range/start", message: "starts at \(r.start) s, at or after the timeline's end (\(timeline) s)"))
            } else if timeline < r.end {
                problems.append(SpecProblem(pointer: "/output/range/duration", message: "ends at \(r.end) s, after the timeline's end (\(timeline) s)"))
            }
        }
        for (i, ch) in out.chapters.enumerated() where problems.isEmpty && !(ch.start < outputRange.duration) {
            problems.append(SpecProblem(pointer: "/output/chapters/\(i)/start",
                                        message: "starts at \(ch.start) s, at or after the end of the output (\(outputRange.duration) s)"))
        }
        let size = RenderPlanner.outputSize(out, inputs: sizes)
        let rate = out.frameRate ?? rates.max() ?? RenderPlanner.defaultFrameRate
        if Int32(exactly: rate.numerator) == nil || Int32(exactly: rate.denominator) == nil {
            problems.append(SpecProblem(pointer: "/output/frameRate", message: "is not a frame rate Reel can encode"))
        }
        guard problems.isEmpty else { throw RenderError.invalid(problems) }

        let fps = rate
        let keyframeSeconds = out.video.keyframeInterval ?? Time(seconds: 2)
        let gop = max(1, Int(Time.divide(Int128(keyframeSeconds.value) * Int128(fps.numerator),
                                         Int128(keyframeSeconds.timescale) * Int128(fps.denominator), rounding: .nearest)))
        let v = out.video
        let videoEncoding = VideoEncoding(
            codec: v.codec ?? .h264,
            crf: v.bitrate == nil ? (v.crf ?? (out.preset == .highest ? 18 : 23)) : nil,
            bitrate: v.bitrate, maxBitrate: v.maxBitrate,
            preset: v.preset ?? "veryfast", profile: v.profile, gopSize: gop)
        let a = out.audio
        let audioEncoding = AudioEncoding(codec: a.codec ?? .aac, bitrate: a.bitrate ?? 128_000,
                                          sampleRate: a.sampleRate ?? 48_000, channels: a.channels ?? 2)
        return RenderPlan(
            format: out.format, width: size.width, height: size.height, frameRate: fps, background: out.background,
            timelineDuration: timeline, outputRange: outputRange, video: segments, transitions: transitions,
            overlays: overlays.plans, audio: audio,
            videoEncoding: videoEncoding, audioEncoding: audioEncoding,
            metadata: out.metadata.map { ($0.key.ffmpegKey, $0.value) },
            chapters: out.chapters.map { ($0.start, $0.title) },
            faststart: out.optimizeForNetwork)
    }

    /// True for pixel formats with an alpha channel (rgba, ya8, yuva420p, …).
    static func hasAlpha(_ name: String?) -> Bool {
        guard let name, let desc = av_pix_fmt_desc_get(av_get_pix_fmt(name)) else { return false }
        return desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }

    /// Output size: explicit, else the largest input display size (fitted into a size preset's box).
    static func outputSize(_ out: OutputSpec, inputs: [(Int, Int)]) -> (width: Int, height: Int) {
        if let w = out.width, let h = out.height { return (w, h) }
        var size = inputs.max { $0.0 * $0.1 < $1.0 * $1.1 } ?? (out.preset?.box ?? fallbackSize)
        if let box = out.preset?.box, size.0 > box.width || size.1 > box.height {
            let s = min(Double(box.width) / Double(size.0), Double(box.height) / Double(size.1))
            size = (Int((Double(size.0) * s).rounded(.down)), Int((Double(size.1) * s).rounded(.down)))
        }
        let even = { (v: Int) in max(16, min(8192, (v + 1) & ~1)) }
        return (even(size.0), even(size.1))
    }

    /// Snaps a measured average rate to the nearest standard rate when within 0.02 % of it (closer
    /// than 30 is to 29.97), so that a container's rounded average still yields the exact rate.
    static func nominal(_ r: Rational) -> Rational {
        let v = r.approximateValue
        let nearest = standardRates.min { abs($0.approximateValue - v) < abs($1.approximateValue - v) }!
        return abs(nearest.approximateValue - v) / nearest.approximateValue < 0.0002 ? nearest : r
    }

    static func message(for error: Error, src: String) -> String {
        switch error {
        case let r as SourceResolver.Refusal: return r.description
        case let f as FFmpegError: return "\"\(src)\" cannot be read as media: \(f.message)"
        default: return "\"\(src)\": \(error)"
        }
    }
}
