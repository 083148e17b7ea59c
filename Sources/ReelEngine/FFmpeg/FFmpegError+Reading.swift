import Foundation

extension FFmpegError {
    /// Where in a source a failed call was, as facts (the file, the step, the stream, the source
    /// time); `FFmpegError.description` puts them in a user's words. The reading types
    /// (`InputFile`, `Decoder`, `Resampler`) fill it in, so no call site words a message itself.
    public struct Reading: Sendable, Equatable {
        public enum Step: Sendable, Equatable {
            /// Opening the container (`avformat_open_input`).
            case opening
            /// Reading ahead to learn the streams (`avformat_find_stream_info`).
            case probing
            /// Reading the next packet (`av_read_frame`).
            case reading
            /// Seeking (to `seconds`).
            case seeking
            /// Finding a decoder for the stream's codec (FFmpeg's name, "none" when the header names
            /// no codec FFmpeg knows).
            case findingDecoder(codec: String)
            /// Opening the stream's decoder with the parameters the header gives.
            case openingDecoder
            /// Decoding the stream's packets (the one sent last at `seconds`).
            case decoding
            /// Converting the stream's decoded audio or pictures, of `shape` ("2-channel audio at
            /// 0 Hz"), for the output.
            case converting(shape: String)
        }

        /// The file as Reel opened it (`SourceNames` turns it into the client's name).
        public var path: String
        public var step: Step
        /// The stream as a user calls it ("the video stream", "audio stream 2"); nil for the file.
        public var stream: String?
        /// The source time, in seconds from the container's start, where it failed: the packet
        /// read or sent last, or the seek's target.
        public var seconds: Double?

        public init(path: String, step: Step, stream: String? = nil, seconds: Double? = nil) {
            self.path = path
            self.step = step
            self.stream = stream
            self.seconds = seconds
        }

        /// The failed step in a user's words, without the file: "the video stream could not be
        /// decoded at 2.5 s".
        var failure: String {
            let subject = stream ?? "the file"
            let at = seconds.map { " at \(Self.format($0)) s" } ?? ""
            switch step {
            case .opening: return "could not be opened as media"
            case .probing: return "its streams could not be read"
            case .reading: return "could not be read" + (seconds.map { " past \(Self.format($0)) s" } ?? "")
            case .seeking: return "seeking " + (stream.map { "in \($0) " } ?? "") + (seconds.map { "to \(Self.format($0)) s " } ?? "") + "failed"
            case .findingDecoder(let codec) where codec == "none": return "\(subject)'s codec is unknown"
            case .findingDecoder(let codec): return "\(subject) is \(codec), which Reel has no decoder for"
            case .openingDecoder: return "the decoder for \(subject) could not be opened"
            case .decoding: return "\(subject) could not be decoded" + at
            case .converting(let shape): return "\(subject) could not be converted for the output\(at) (it decodes as \(shape))"
            }
        }

        /// Seconds as a person writes them: at most three decimals, no trailing zeros ("2.5", "0.023").
        static func format(_ seconds: Double) -> String {
            var s = String(format: "%.3f", seconds)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s == "-0" ? "0" : s
        }
    }
}
