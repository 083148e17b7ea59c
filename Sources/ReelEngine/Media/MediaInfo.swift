import ReelSpec

/// What `reel probe` and `POST /v1/probe` report about a media file.
public struct MediaInfo: Sendable {
    public var format: String
    /// Container duration, nil when the file does not say.
    public var duration: Time?
    public var bitRate: Int64?
    public var streams: [StreamInfo]
    public var metadata: [(key: String, value: String)]
    public var chapters: [ChapterInfo]

    /// True when the file is a single picture (PNG, JPEG, …) rather than a moving video.
    public var isStill: Bool

    public struct StreamInfo: Sendable {
        public var index: Int
        public var type: MediaStreamType
        public var codec: String
        public var duration: Time?
        public var width: Int?
        public var height: Int?
        /// Clockwise degrees the picture must turn to be upright (0, 90, 180, 270).
        public var rotation: Int?
        /// Width and height as displayed: sample aspect ratio applied, then rotation.
        public var displayWidth: Int?
        public var displayHeight: Int?
        public var pixelFormat: String?
        public var frameRate: Rational?
        public var averageFrameRate: Rational?
        public var sampleRate: Int?
        public var channels: Int?
        public var channelLayout: String?
        public var language: String?
        public var bitRate: Int64?
        /// The container marks the stream as the one to play by default / to show always (a
        /// subtitle stream for foreign dialogue).
        public var isDefault = false
        public var isForced = false
        /// A video stream's colour (`ColorDescription`).
        public var color: ColorDescription?
        /// A video stream's start timecode (its own `timecode` tag, else the file's), as a time.
        public var startTimecode: Time?
    }

    public struct ChapterInfo: Sendable {
        public var start: Time
        public var end: Time
        public var title: String?
    }

    /// The first video stream, if any.
    public var video: StreamInfo? { streams.first { $0.type == .video } }
    /// The audio stream a player would choose: the one marked default, else the first.
    public var audio: StreamInfo? {
        let all = audioStreams
        return all.first { $0.isDefault } ?? all.first
    }

    /// Every audio stream, in file order (what `audioTrack.index` counts).
    public var audioStreams: [StreamInfo] { streams.filter { $0.type == .audio } }

    /// The audio stream `selection` names (by language, or by position among the audio streams),
    /// or the default one without a selection; nil when there is no such stream.
    public func audioStream(_ selection: AudioTrackSelection?) -> StreamInfo? {
        switch selection {
        case nil: return audio
        case .language(let code)?:
            let matching = audioStreams.filter { $0.language == code }
            return matching.first { $0.isDefault } ?? matching.first
        case .index(let n)?:
            let all = audioStreams
            return n < all.count ? all[n] : nil
        }
    }
}
