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
    }

    public struct ChapterInfo: Sendable {
        public var start: Time
        public var end: Time
        public var title: String?
    }

    /// The first video stream, if any.
    public var video: StreamInfo? { streams.first { $0.type == .video } }
    /// The first audio stream, if any.
    public var audio: StreamInfo? { streams.first { $0.type == .audio } }
}
