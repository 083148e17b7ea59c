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

    static func text(for code: Int32) -> String {
        var buf = [CChar](repeating: 0, count: Int(reel_error_buffer_size()))
        av_strerror(code, &buf, buf.count)
        return String(cBuffer: buf)
    }

    /// Throws when `code` is negative; returns it otherwise (many calls return a count).
    @discardableResult
    static func check(_ code: Int32, _ function: String, _ context: @autoclosure () -> String = "") throws -> Int32 {
        if code < 0 { throw FFmpegError(code, function, context()) }
        return code
    }
}
