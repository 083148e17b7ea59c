import CFFmpeg

/// A failed FFmpeg call: which function failed, FFmpeg's own message for the code, and what Reel was
/// doing, so that a log line or a failed job says enough to act on.
///
/// A failure while reading a source carries `reading` (the file, the step, the stream, the time).
/// Its text then says in a user's terms which file failed at which step and what that means for
/// the file (damaged, cut short, unsupported, gone), with FFmpeg's words last, as the cause: alone,
/// "Invalid argument" or "Operation not permitted" name neither the file nor anything to do.
public struct FFmpegError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public let code: Int32
    public let function: String
    /// What Reel was doing, in its own terms: the text of a failure that is not a source's (one
    /// that is says it in the user's, from `reading`).
    public let context: String
    /// Where in a source the call failed; nil for the output's calls and a stage's own setup.
    public let reading: Reading?

    public init(_ code: Int32, _ function: String, _ context: String = "", reading: Reading? = nil) {
        self.code = code
        self.function = function
        self.context = context
        self.reading = reading
    }

    /// What the failure means, for a message that names the file itself ("\"a.mp4\" cannot be
    /// read as media: …"): for a source, what it says about the file with FFmpeg's words last;
    /// otherwise FFmpeg's text for the code (`text(for:)`).
    public var message: String {
        guard let reading else { return FFmpegError.text(for: code) }
        return "\(meaning(reading.step)) (FFmpeg: \(FFmpegError.words(for: code)))"
    }

    public var isEOF: Bool { code == reel_averror_eof() }
    public var isAgain: Bool { code == reel_averror_eagain() }

    /// True for the machine's or the network's failures (out of memory, timeouts, refused or
    /// dropped connections, a full disk, a server's 5xx), which may pass; false for damaged or
    /// unsupported media, refused settings and a server's 4xx, which will fail the same way again.
    /// EIO is not among them: FFmpeg's HTTP client answers a refused redirect with it.
    public var isTransient: Bool {
        if code == reel_averror_http_server_error() { return true }
        return FFmpegError.transientErrnos.contains(-code)
    }

    static let transientErrnos: Set<Int32> = [ENOMEM, EAGAIN, EINTR, EBUSY, ETIMEDOUT, ECONNRESET, ECONNREFUSED,
                                              ECONNABORTED, EPIPE, ENETDOWN, ENETUNREACH, EHOSTUNREACH, ENOSPC, EDQUOT,
                                              EMFILE, ENFILE]

    /// For a source: "clips/a.mp4: the video stream could not be decoded at 2.5 s: the file appears
    /// damaged … (FFmpeg: Invalid argument)". Otherwise what Reel was doing, the call and FFmpeg's text.
    public var description: String {
        if let reading { return "\(reading.path): \(reading.failure): \(message)" }
        let what = context.isEmpty ? function : "\(context) (\(function))"
        return "\(what): \(message)"
    }

    static let damaged = "the file is damaged, cut short or not a kind of media Reel reads; export or upload it again"
    static let unsupported = "the file uses a format or feature Reel cannot read; convert it to H.264 or HEVC in MP4"
    /// A codec or feature Reel has no reader for: a real one, or a damaged header naming one that is not.
    static let unsupportedOrDamaged = "the file uses a format or feature Reel cannot read, or its header is damaged; "
        + "convert it to H.264 or HEVC in MP4, or export it again"

    /// What a failure while reading a source says about the file, by the kind of code: the one place
    /// a source's code becomes advice. A code that is neither the machine's nor one of the few with a meaning
    /// of their own is the file's: FFmpeg's demuxers and decoders answer damage with whatever code
    /// is at hand (EINVAL, a bare -1 that reads "Operation not permitted", EIO, a private value).
    func meaning(_ step: Reading.Step) -> String {
        switch code {
        case reel_averror(ENOENT), reel_averror(ENOTDIR):
            return "the file is no longer there (it was moved or deleted after the job was accepted)"
        case reel_averror(EACCES):
            return "the server is not allowed to read the file"
        case reel_averror_eof():
            return "the file ends early (it is cut short; upload it again)"
        case reel_averror(ENOMEM):
            return "the server ran out of memory reading it (a damaged header can ask for more than any server has)"
        case reel_averror_patchwelcome(), reel_averror_decoder_not_found(), reel_averror_demuxer_not_found(), reel_averror(ENOSYS):
            return Self.unsupportedOrDamaged
        default:
            if case .findingDecoder = step { return Self.unsupportedOrDamaged }
            if isTransient { return "a failure of the server's machine or network, not of the file" }
            return "the file appears damaged, or is not a kind of media Reel reads; export or upload it again"
        }
    }

    /// FFmpeg's own words for `code`, as the cause at the end of a source's message. A code FFmpeg
    /// has no words for is given as its number; -1, which many FFmpeg functions return for any
    /// failure, is EPERM's number and reads "Operation not permitted", which is never about
    /// permissions there, so it says so.
    static func words(for code: Int32) -> String {
        var buf = [CChar](repeating: 0, count: Int(reel_error_buffer_size()))
        let known = av_strerror(code, &buf, buf.count) >= 0
        let words = String(cBuffer: buf)
        guard known, !words.hasPrefix("Error number") else { return "code \(code)" }
        return code == reel_averror(EPERM) ? "\(words), FFmpeg's catch-all -1" : words
    }

    /// FFmpeg's words for `code`, with what to do for the failures a user meets (damaged or
    /// unsupported media); a code FFmpeg has no words for (a decoder's private value, av_strerror's
    /// "Error number N occurred") is never shown as it is.
    static func text(for code: Int32) -> String {
        var buf = [CChar](repeating: 0, count: Int(reel_error_buffer_size()))
        let known = av_strerror(code, &buf, buf.count) >= 0
        let words = String(cBuffer: buf)
        switch code {
        case reel_averror_invaliddata(): return "\(words) (\(damaged))"
        case reel_averror_eof(): return "the file ends early (it is cut short; upload it again)"
        case reel_averror_patchwelcome(), reel_averror_decoder_not_found(), reel_averror_demuxer_not_found():
            return "\(words) (\(unsupported))"
        default:
            guard known, !words.hasPrefix("Error number") else {
                return "an unrecognised failure, FFmpeg code \(code) (\(damaged))"
            }
            return words
        }
    }

    /// Throws when `code` is negative; returns it otherwise (many calls return a count).
    @discardableResult
    static func check(_ code: Int32, _ function: String, _ context: @autoclosure () -> String = "",
                      reading: @autoclosure () -> Reading? = nil) throws -> Int32 {
        if code < 0 { throw FFmpegError(code, function, context(), reading: reading()) }
        return code
    }
}
