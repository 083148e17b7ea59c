import CFFmpeg

/// A failed FFmpeg call: which function failed, FFmpeg's own message for the code, and what Reel was
/// doing, so that a log line or a failed job says enough to act on.
public struct FFmpegError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public let code: Int32
    public let function: String
    public let context: String

    public init(_ code: Int32, _ function: String, _ context: String = "") {
        self.code = code
        self.function = function
        self.context = context
    }

    /// FFmpeg's text for the error code (av_strerror).
    public var message: String { FFmpegError.text(for: code) }

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

    public var description: String {
        let what = context.isEmpty ? function : "\(context) (\(function))"
        return "\(what): \(message)"
    }

    /// FFmpeg's words for `code`, with what to do for the failures a user meets (damaged or
    /// unsupported media); a code FFmpeg has no words for (a decoder's private value, av_strerror's
    /// "Error number N occurred") is never shown as it is.
    static func text(for code: Int32) -> String {
        var buf = [CChar](repeating: 0, count: Int(reel_error_buffer_size()))
        let known = av_strerror(code, &buf, buf.count) >= 0
        let words = String(cBuffer: buf)
        let damaged = "the file is damaged, cut short or not a kind of media Reel reads; export or upload it again"
        switch code {
        case reel_averror_invaliddata(): return "\(words) (\(damaged))"
        case reel_averror_eof(): return "the file ends early (it is cut short; upload it again)"
        case reel_averror_patchwelcome(), reel_averror_decoder_not_found(), reel_averror_demuxer_not_found():
            return "\(words) (the file uses a format or feature Reel cannot read; convert it to H.264 or HEVC in MP4)"
        default:
            guard known, !words.hasPrefix("Error number") else {
                return "an unrecognised failure, FFmpeg code \(code) (\(damaged))"
            }
            return words
        }
    }

    /// Throws when `code` is negative; returns it otherwise (many calls return a count).
    @discardableResult
    static func check(_ code: Int32, _ function: String, _ context: @autoclosure () -> String = "") throws -> Int32 {
        if code < 0 { throw FFmpegError(code, function, context()) }
        return code
    }
}
