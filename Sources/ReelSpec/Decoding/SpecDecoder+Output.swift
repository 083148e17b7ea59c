/// Decoding of `output` (docs/SPEC.md).
extension SpecDecoder {
    /// The output settings, and the format when it was valid (nil when `format` was wrong, so that
    /// checks depending on the format are skipped rather than guessed).
    struct DecodedOutput {
        var spec = OutputSpec()
        var format: OutputFormat? = .mp4
        /// Where each of `spec.destinations` was in the spec's list (invalid and repeated ones are
        /// left out of it), for problems found across outputs.
        var destinationIndices: [Int] = []
    }

    /// `output`, or one of `outputs` (`named`: its key may use `{name}`).
    static func output(_ r: ObjectReader, named: Bool = false) -> DecodedOutput {
        var out = DecodedOutput()
        if let f = r.field("format") {
            out.format = f.enumCase(OutputFormat.self)
            if let format = out.format { out.spec.format = format }
        }
        let preset = r.field("preset")
        if let preset, let p = preset.enumCase(OutputPreset.self) { out.spec.preset = p }
        out.spec.width = r.field("width")?.dimension()
        out.spec.height = r.field("height")?.dimension()
        if preset == nil {
            if r.has("width"), !r.has("height") { r.report("height", "is required when width is given") }
            if r.has("height"), !r.has("width") { r.report("width", "is required when height is given") }
        }
        if let f = r.field("frameRate"), let t = f.time(.between(Time(seconds: 1), Time(seconds: 240))) {
            if out.format == .gif, Time(seconds: 50) < t {
                f.report("must be at most 50 for gif output, whose frame delays are hundredths of a second")
            } else {
                out.spec.frameRate = Rational(t)
            }
        }
        if let fit = r.field("fit")?.enumCase(FitMode.self) { out.spec.fit = fit }
        if let fill = Field.blurFill(r, fit: out.spec.fit) { out.spec.blurFill = fill }
        if let color = r.field("background")?.color() { out.spec.background = color }
        let colorField = r.field("color")
        if let color = colorField?.enumCase(OutputColor.self) { out.spec.color = color }

        if let f = r.field("video") {
            if out.format == .m4a {
                f.report("is not allowed for m4a output, which has no video")
            } else if let format = out.format, format.isPicture {
                f.report("is not allowed for \(format.rawValue) output, which takes no video codec settings")
            } else if let video = f.object({ videoSettings($0, format: out.format, color: out.spec.color) }) {
                out.spec.video = video
            }
        }
        if let colorField, out.spec.color.isHDR, let problem = hdrProblem(out) {
            colorField.report(problem)
            out.spec.color = .sdr
        }
        if let f = r.field("audio") {
            if let format = out.format, audioCodecs(for: format).isEmpty {
                f.report("is not allowed for \(format.rawValue) output, which has no audio")
            } else if let audio = f.object({ audioSettings($0, format: out.format) }) {
                out.spec.audio = audio
            }
        }
        if let f = r.field("time") {
            if let format = out.format, !format.isStill {
                f.report("is only for jpg and png outputs (the instant a still pictures); \(format.rawValue) output uses range")
            } else if let t = f.time(.atLeast(.zero)) {
                out.spec.time = t
                r.reject("range", "cannot be given together with time, which already says the instant a still pictures")
            }
        }
        out.spec.range = r.field("range")?.timeRange()
        if let format = out.format, format.isPicture || format == .hls {
            for name in ["metadata", "chapters"] {
                r.reject(name, "is not allowed for \(format.rawValue) output, which cannot carry it")
            }
        } else {
            if let f = r.field("metadata"), let metadata = f.object(metadata) { out.spec.metadata = metadata }
            if let chapters = r.field("chapters")?.array().map(chapters) { out.spec.chapters = chapters }
        }
        if let f = r.field("hls") {
            if let format = out.format, format != .hls {
                f.report("is only allowed for hls output")
            } else if let hls = f.object(hls) {
                out.spec.hls = hls
            }
        }
        if let f = r.field("subtitles") {
            if let format = out.format, ![.mp4, .mov, .m4v, .webm, .hls].contains(format) {
                f.report("is not allowed for \(format.rawValue) output, which cannot carry subtitle tracks")
            } else if let items = f.array() {
                out.spec.subtitles = items.compactMap(subtitleTrack)
            }
        }
        if let b = r.field("optimizeForNetwork")?.bool() { out.spec.optimizeForNetwork = b }
        if let f = r.field("draft"), let draft = f.bool() {
            if draft, let problem = draftProblem(out) { f.report(problem) } else { out.spec.draft = draft }
        }
        if let f = r.field("destinations"), let items = f.array() {
            if items.count > 10 { f.report("must have at most 10 destinations") }
            var seen: Set<[UInt8]> = []
            for (i, item) in items.enumerated() {
                guard let d = item.object({ destination($0, named: named) }) else { continue }
                if seen.insert(d.identity(named: named)).inserted {
                    out.spec.destinations.append(d)
                    out.destinationIndices.append(i)
                } else {
                    item.report("repeats an earlier destination")
                }
            }
        }
        return out
    }

    /// `{type: "s3", url: "s3://bucket/key", profile?}` (docs/API.md).
    private static func destination(_ r: ObjectReader, named: Bool) -> DestinationSpec? {
        _ = r.required("type")?.oneOf(["s3"])
        let profile = r.field("profile")?.string(maxLength: 64)
        guard let f = r.required("url"), let url = f.string(maxLength: 1024) else { return nil }
        guard url.hasPrefix("s3://"), let slash = url.dropFirst(5).firstIndex(of: "/") else {
            f.report("must be s3://bucket/key")
            return nil
        }
        let bucket = String(url[url.index(url.startIndex, offsetBy: 5)..<slash])
        let key = String(url[url.index(after: slash)...])
        guard DestinationSpec.isBucketName(bucket) else {
            f.report("names the bucket \"\(bucket)\", which is not 3 to 63 lowercase letters, digits, dots or hyphens")
            return nil
        }
        guard !key.isEmpty, !key.hasPrefix("/") else {
            f.report("must name a key after the bucket (s3://\(bucket)/path/{jobId}.{ext})")
            return nil
        }
        if key.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) {
            f.report("must not contain control characters")
            return nil
        }
        if let bad = DestinationSpec.unknownPlaceholder(in: key) {
            let allowed = DestinationSpec.placeholders.filter { named || $0 != "name" }
            f.report("uses \(bad), which is not a placeholder; the key may use \(listWords(allowed.map { "{\($0)}" }))")
            return nil
        }
        if !named, key.contains("{name}") {
            f.report("uses {name}, the name of one of outputs, which output has not got")
            return nil
        }
        // S3 keeps `.` and `..` as names, but HTTP clients and servers fold them away.
        if key.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            f.report("must not have . or .. as a part of its key")
            return nil
        }
        let d = DestinationSpec(bucket: bucket, keyTemplate: key, profile: profile)
        guard d.longestKeyBytes(named: named) <= 1024 else {
            f.report("has a key that may take \(d.longestKeyBytes(named: named)) bytes once filled in; S3 keys hold at most 1024")
            return nil
        }
        return d
    }

    /// The video codecs a container takes; empty when it takes no codec choice (m4a, gif, stills).
    static func videoCodecs(for format: OutputFormat) -> [VideoCodec] {
        switch format {
        case .mp4, .m4v: return [.h264, .hevc]
        case .hls: return [.h264]
        case .mov: return [.h264, .hevc, .prores]
        case .webm: return [.vp9]
        case .m4a, .gif, .jpg, .png: return []
        }
    }

    /// The audio codecs a container takes; empty when it has no audio.
    static func audioCodecs(for format: OutputFormat) -> [AudioCodec] {
        switch format {
        case .mp4, .m4v, .m4a, .hls: return [.aac]
        case .mov: return [.aac, .pcm]
        case .webm: return [.opus]
        case .gif, .jpg, .png: return []
        }
    }

    /// Why `out` cannot be a draft, if it cannot: a draft is a single video file encoded anew at
    /// draft size with the fastest preset of H.264, HEVC or VP9.
    private static func draftProblem(_ out: DecodedOutput) -> String? {
        if let format = out.format, ![.mp4, .mov, .m4v, .webm].contains(format) {
            return "is only for mp4, mov, m4v and webm outputs; \(format.rawValue) has no draft"
        }
        if out.spec.preset == .passthrough {
            return "encodes every frame anew at draft size, which the passthrough preset does not do (it copies frames)"
        }
        if out.spec.video.codec == .prores { return "needs the h264, hevc or vp9 codec; prores has no fast preset" }
        if out.spec.video.preset != nil { return "sets the encoder's preset itself (ultrafast); leave video.preset out" }
        return nil
    }

    /// Why `out` cannot be rendered in its HDR `color`, if it cannot.
    private static func hdrProblem(_ out: DecodedOutput) -> String? {
        let name = out.spec.color.rawValue
        guard let format = out.format else { return nil }
        guard OutputColor.hdrFormats.contains(format) else {
            return "is \(name), which needs mp4, mov or m4v output (HEVC Main 10 or ProRes); \(format.rawValue) output is SDR"
        }
        if let codec = out.spec.video.codec, !OutputColor.hdrCodecs.contains(codec) {
            return "is \(name), which needs the hevc or prores codec; video.codec is \(codec.rawValue)"
        }
        if out.spec.video.codec != .prores, let profile = out.spec.video.profile, profile != "main10" {
            return "is \(name), which HEVC carries in its main10 profile; video.profile is \(profile)"
        }
        if out.spec.preset == .passthrough {
            return "is \(name), which the passthrough preset cannot give: it copies the sources' own frames"
        }
        return nil
    }

    /// The codec a format uses when the spec names none: HEVC for an HDR output, else the format's
    /// first (H.264, VP9 for webm).
    public static func defaultVideoCodec(for format: OutputFormat, color: OutputColor) -> VideoCodec? {
        color.isHDR && OutputColor.hdrFormats.contains(format) ? .hevc : videoCodecs(for: format).first
    }

    private static func videoSettings(_ r: ObjectReader, format: OutputFormat?, color: OutputColor) -> VideoSettings {
        var v = VideoSettings()
        if let f = r.field("codec"), let codec = f.enumCase(VideoCodec.self) {
            v.codec = codec
            if let format, !videoCodecs(for: format).contains(codec) {
                f.report(codecRule(videoCodecs(for: format).map(\.rawValue), format: format))
            }
        }
        if v.codec == .prores {
            // Every ProRes frame is a keyframe, and its quality is its profile: nothing to set.
            for name in ["crf", "bitrate", "maxBitrate", "preset", "keyframeInterval"] {
                r.reject(name, "is not used by prores, whose quality is set by its profile (every frame a keyframe)")
            }
        } else {
            v.crf = r.field("crf")?.int(.between(0, 51))
            if r.has("crf"), r.has("bitrate") {
                r.reject("bitrate", "cannot be given together with crf")
            } else {
                v.bitrate = r.field("bitrate")?.int(.between(10_000, 500_000_000))
            }
            if let f = r.field("maxBitrate") {
                v.maxBitrate = f.int(.between(10_000, 500_000_000))
                if !r.has("bitrate"), !r.has("crf") {
                    f.report("requires bitrate or crf")
                } else if let max = v.maxBitrate, let bitrate = v.bitrate, max < bitrate {
                    f.report("must be at least bitrate (\(bitrate))")
                }
            }
            v.preset = r.field("preset")?.oneOf(VideoSettings.encoderPresets)
            if format == .hls {
                r.reject("keyframeInterval", "is not used by hls output, whose keyframes start its segments (hls.segmentDuration)")
            } else {
                v.keyframeInterval = r.field("keyframeInterval")?.time(.greaterThan(.zero, atMost: Time(seconds: 60)))
            }
        }
        if let f = r.field("profile") {
            // The profile list depends on the codec actually used: the given one, else the format's default.
            let codec = r.has("codec") ? v.codec : format.flatMap { defaultVideoCodec(for: $0, color: color) }
            if let codec {
                let profiles = videoProfiles(codec)
                if profiles.isEmpty {
                    f.report("is not available for \(codec.rawValue)")
                } else {
                    v.profile = f.oneOf(profiles)
                }
            } else {
                v.profile = f.string()
            }
        }
        return v
    }

    static func videoProfiles(_ codec: VideoCodec) -> [String] {
        switch codec {
        case .h264: return VideoSettings.h264Profiles
        case .hevc: return VideoSettings.hevcProfiles
        case .vp9: return []
        case .prores: return VideoSettings.proresProfiles
        }
    }

    private static func audioSettings(_ r: ObjectReader, format: OutputFormat?) -> AudioSettings {
        var a = AudioSettings()
        if let f = r.field("codec"), let codec = f.enumCase(AudioCodec.self) {
            a.codec = codec
            if let format, !audioCodecs(for: format).contains(codec) {
                f.report(codecRule(audioCodecs(for: format).map(\.rawValue), format: format))
            }
        }
        a.bitrate = r.field("bitrate")?.int(.between(8_000, 512_000))
        if let f = r.field("sampleRate"), let rate = f.int() {
            let opus = a.codec == .opus || (a.codec == nil && format == .webm)
            let rates = opus ? AudioSettings.opusSampleRates : AudioSettings.sampleRates
            if rates.contains(rate) {
                a.sampleRate = rate
            } else {
                f.report("must be one of \(listWords(rates.map(String.init)))" + (opus ? " for Opus" : ""))
            }
        }
        if let f = r.field("channels"), let n = f.int() {
            if [1, 2, 6].contains(n) { a.channels = n } else { f.report("must be 1, 2 or 6 (5.1)") }
        }
        a.loudness = r.field("loudness")?.object { l -> LoudnessSpec? in
            var target: Double?
            if let f = l.required("target") {
                if case .string(let name) = f.value {
                    if let named = LoudnessSpec.Named(rawValue: name) { target = named.lufs } else {
                        f.report("must be a number of LUFS (−70 to −5) or one of \(listWords(LoudnessSpec.Named.allCases.map(\.rawValue)))")
                    }
                } else {
                    target = f.double(.between(-70, -5))
                }
            }
            let ceiling: Double? = if let f = l.field("truePeak") { f.double(.between(-9, 0)) } else { -1 }
            guard let target, let ceiling else { return nil }
            return LoudnessSpec(target: target, truePeak: ceiling)
        }

        return a
    }

    private static func codecRule(_ allowed: [String], format: OutputFormat) -> String {
        allowed.isEmpty ? "is not allowed for \(format.rawValue) output"
            : "must be \(listWords(allowed)) for \(format.rawValue) output"
    }

    /// Metadata: string values of at most 1024 characters under the keys of `MetadataKey`.
    private static func metadata(_ r: ObjectReader) -> [(key: MetadataKey, value: String)] {
        r.remainingFields().compactMap { key, f in
            guard let k = MetadataKey(rawValue: key) else {
                f.report("is not a metadata key; use \(listWords(MetadataKey.allCases.map(\.rawValue)))")
                return nil
            }
            return f.string(nonEmpty: false, maxLength: 1024).map { (k, $0) }
        }
    }

    /// `{segmentDuration 1–30 s (default 4), renditions [{height, videoBitrate?}] (1–8, distinct
    /// heights), progressive?}`.
    private static func hls(_ r: ObjectReader) -> HLSSpec {
        var spec = HLSSpec()
        if let t = r.field("segmentDuration")?.time(.between(Time(seconds: 1), Time(seconds: 30))) { spec.segmentDuration = t }
        if let b = r.field("progressive")?.bool() { spec.progressive = b }
        if let f = r.field("renditions"), let items = f.array(nonEmpty: true) {
            if items.count > 8 { f.report("must have at most 8 renditions") }
            var heights = Set<Int>()
            spec.renditions = items.compactMap { item in
                item.object { r -> HLSRendition? in
                    let height = r.required("height")?.dimension()
                    let bitrate = r.field("videoBitrate")?.int(.between(100_000, 100_000_000))
                    guard let height else { return nil }
                    if !heights.insert(height).inserted { r.report("height", "is the height of another rendition") }
                    return HLSRendition(height: height, videoBitrate: bitrate)
                }
            }
        }
        return spec
    }

    /// `{src, language?, title?, default?}`.
    private static func subtitleTrack(_ f: Field) -> SubtitleTrackSpec? {
        f.object { r in
            guard let src = r.required("src")?.string() else {
                r.skip(["language", "title", "default"])
                return nil
            }
            var track = SubtitleTrackSpec(src: src)
            if let l = r.field("language"), let code = l.string() {
                if code.count == 3, code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) {
                    track.language = code
                } else {
                    l.report("must be an ISO 639-2 code: three lowercase letters, e.g. spa")
                }
            }
            if let f = r.field("title"), let title = f.string(maxLength: 256) {
                if title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    f.report("must not contain control characters (line breaks, tabs)")
                } else {
                    track.title = title
                }
            }
            if let d = r.field("default")?.bool() { track.isDefault = d }
            return track
        }
    }

    /// Chapters `{start ≥ 0, title}` at strictly increasing starts.
    private static func chapters(_ items: [Field]) -> [ChapterSpec] {
        var order = IncreasingTimes(noun: "chapter's start")
        return items.compactMap { item in
            item.object { r -> ChapterSpec? in
                let start = order.check(r.required("start"), .atLeast(.zero))
                let title = r.required("title")?.string(maxLength: 256)
                guard let start, let title else { return nil }
                return ChapterSpec(start: start, title: title)
            }
        }
    }
}

extension Field {
    /// A frame dimension: 16…8192 pixels, even (4:2:0 video needs even sizes).
    func dimension() -> Int? {
        guard let n = int(.between(16, 8192)) else { return nil }
        guard n % 2 == 0 else {
            report("must be even")
            return nil
        }
        return n
    }
}
