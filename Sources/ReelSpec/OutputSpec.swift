/// How the rendered file is written. Every field is optional in JSON; the engine fills the
/// AVFoundation-style defaults (largest input size, highest input frame rate) when it knows the inputs.
public struct OutputSpec: Sendable, Equatable {
    public var format: OutputFormat = .mp4
    public var width: Int?
    public var height: Int?
    public var frameRate: Rational?
    public var fit: FitMode = .fit
    /// The bars of `fit: "blur"` (`blurRadius`, `dim`), for items that do not set their own.
    public var blurFill = BlurFill()
    /// What lies under the timeline (letterbox bars, transparent colour cards). Nil: black, or fully
    /// transparent for ProRes 4444, the one delivery format made to carry alpha.
    public var background: Color?
    /// SDR (the default), HDR (`hlg`, `hdr10`), or `auto` (HLG when the first video item is HDR).
    public var color: OutputColor = .sdr
    public var preset: OutputPreset?
    public var video = VideoSettings()
    public var audio = AudioSettings()
    public var range: TimeRange?
    /// The instant a still (`jpg`, `png`) pictures, on the timeline: a poster frame. Nil: the
    /// range's start, else 0.
    public var time: Time?
    /// Container metadata, in the order given, keyed by the spec's names (`title`, `artist`, …).
    public var metadata: [(key: MetadataKey, value: String)] = []
    public var chapters: [ChapterSpec] = []
    /// Segments and renditions of an `hls` output.
    public var hls: HLSSpec?
    /// Soft subtitle tracks, timed on the output timeline.
    public var subtitles: [SubtitleTrackSpec] = []
    public var optimizeForNetwork = true
    /// A quick look (docs/API.md (previews)): the whole job at most 480 lines high, everything in
    /// proportion, with the encoder's fastest preset.
    public var draft = false
    /// Buckets the finished output is copied to, in order.
    public var destinations: [DestinationSpec] = []
    /// The timecode of the output's first frame (an OTIO timeline's `global_start_time`), written
    /// as the file's start timecode; not a JSON member of `output`.
    public var startTimecode: Time?

    public init() {}

    public static func == (a: OutputSpec, b: OutputSpec) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.frameRate == b.frameRate
            && a.fit == b.fit && a.blurFill == b.blurFill && a.background == b.background && a.color == b.color && a.preset == b.preset && a.video == b.video
            && a.audio == b.audio && a.range == b.range && a.time == b.time && a.chapters == b.chapters && a.subtitles == b.subtitles && a.hls == b.hls
            && a.optimizeForNetwork == b.optimizeForNetwork && a.destinations == b.destinations && a.startTimecode == b.startTimecode
            && a.metadata.map(\.key) == b.metadata.map(\.key) && a.metadata.map(\.value) == b.metadata.map(\.value)
    }
}

public enum OutputFormat: String, Sendable, CaseIterable {
    case mp4, mov, m4v, webm, m4a, gif, jpg, png
    /// HTTP Live Streaming: a folder of fMP4 segments, media playlists and a master playlist.
    case hls

    /// True for the formats that carry no video track.
    public var isAudioOnly: Bool { self == .m4a }
    /// True for the formats that are a single picture.
    public var isStill: Bool { self == .jpg || self == .png }
    /// True for the picture formats, moving or not (`gif`, `jpg`, `png`): no audio, no codec
    /// settings, no metadata or chapters.
    public var isPicture: Bool { isStill || self == .gif }
}

/// How a visual that does not match the frame's aspect ratio fills it.
public enum FitMode: String, Sendable, CaseIterable {
    /// Scale to fit inside, letterboxed with the background colour.
    case fit
    /// Scale to cover, cropping what overflows.
    case fill
    /// Scale each axis independently to the frame.
    case stretch
    /// `fit`, with the bars filled by the same picture scaled to fill, blurred and dimmed (`BlurFill`).
    case blur
}

/// How `fit: "blur"` fills the bars: the picture scaled to fill the frame, blurred by a Gaussian of
/// `radius` px (its standard deviation, as CSS's `blur()`), and darkened by `dim` (0…1).
public struct BlurFill: Sendable, Equatable {
    public var radius = 40.0
    public var dim = 0.2

    public init() {}
}

/// AVAssetExportSession-style presets that stand in for size and codec settings.
public enum OutputPreset: String, Sendable, CaseIterable {
    case passthrough, highest
    case p640x480 = "640x480"
    case p960x540 = "960x540"
    case p1280x720 = "1280x720"
    case p1920x1080 = "1920x1080"
    case p3840x2160 = "3840x2160"

    /// The bounding box of a size preset, nil for passthrough/highest.
    public var box: (width: Int, height: Int)? {
        switch self {
        case .passthrough, .highest: return nil
        case .p640x480: return (640, 480)
        case .p960x540: return (960, 540)
        case .p1280x720: return (1280, 720)
        case .p1920x1080: return (1920, 1080)
        case .p3840x2160: return (3840, 2160)
        }
    }
}

public enum VideoCodec: String, Sendable, CaseIterable { case h264, hevc, vp9, prores }
/// `pcm` is uncompressed 16-bit audio (in `mov`, beside ProRes).
public enum AudioCodec: String, Sendable, CaseIterable { case aac, opus, pcm }

/// Encoder settings for the video track.
public struct VideoSettings: Sendable, Equatable {
    public var codec: VideoCodec?
    public var crf: Int?
    public var bitrate: Int?
    public var maxBitrate: Int?
    /// The x264/x265 speed preset (`ultrafast` … `veryslow`).
    public var preset: String?
    public var profile: String?
    /// Seconds between keyframes.
    public var keyframeInterval: Time?

    public init() {}

    public static let encoderPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]
    public static let h264Profiles = ["baseline", "main", "high"]
    public static let hevcProfiles = ["main", "main10"]
    /// Apple ProRes 422 Proxy, LT, 422, HQ and 4444, as prores_ks names them.
    public static let proresProfiles = ["proxy", "lt", "standard", "hq", "4444"]
}

/// Encoder settings for the audio track.
public struct AudioSettings: Sendable, Equatable {
    public var codec: AudioCodec?
    public var bitrate: Int?
    public var sampleRate: Int?
    public var channels: Int?
    /// The mix brought to a loudness target under a true-peak ceiling.
    public var loudness: LoudnessSpec?

    public init() {}

    public static let sampleRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 88200, 96000]
    /// The rates an Opus stream can have (RFC 6716).
    public static let opusSampleRates = [8000, 12000, 16000, 24000, 48000]
}

/// A chapter marker written into the container.
public struct ChapterSpec: Sendable, Equatable {
    public var start: Time
    public var title: String

    public init(start: Time, title: String) {
        self.start = start
        self.title = title
    }
}

/// The metadata keys Reel writes; each maps to the tag FFmpeg's MP4/MOV muxer stores, so none is
/// silently dropped.
public enum MetadataKey: String, Sendable, CaseIterable {
    case title, artist, albumArtist, album, composer, date, comment, genre, copyright, description, grouping

    /// The FFmpeg metadata key.
    public var ffmpegKey: String {
        switch self {
        case .albumArtist: return "album_artist"
        default: return rawValue
        }
    }
}
