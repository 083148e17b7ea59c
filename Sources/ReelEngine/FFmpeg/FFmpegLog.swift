import CFFmpeg
import Foundation
import Logging
import Synchronization

/// FFmpeg's own logging. Reel reports failures through its errors, so by default only FFmpeg's
/// errors are shown; `verbose` shows its warnings and encoder summaries too. The CLI leaves them on
/// standard error as FFmpeg prints them; the server `route`s them through a `Logger`, so its
/// standard error stays pure JSON lines, each FFmpeg message tagged with the job it came from.
public enum FFmpegLog {
    public static func configure(verbose: Bool) {
        av_log_set_level(verbose ? AV_LOG_INFO : AV_LOG_ERROR)
    }

    /// Sends FFmpeg's messages (at the configured level) to `logger` instead of standard error.
    public static func route(to logger: Logger) {
        state.withLock { $0.logger = logger }
        av_log_set_callback { avcl, level, format, arguments in
            guard level <= av_log_get_level(), let format, let arguments else { return }
            var line = [CChar](repeating: 0, count: 1024)
            var printPrefix: Int32 = 1
            _ = av_log_format_line2(avcl, level, format, arguments, &line, Int32(line.count), &printPrefix)
            let text = String(cBuffer: line).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            FFmpegLog.emit(text, level: level)
        }
    }

    /// Marks the calling thread as working on `jobID` (nil: none) and counts the job as running, so
    /// FFmpeg's messages name their job: the thread's own job, else the only job running.
    public static func setCurrentJob(_ jobID: String?) {
        let previous = threadJob
        state.withLock { s in
            if let previous, let i = s.running.firstIndex(of: previous) { s.running.remove(at: i) }
            if let jobID { s.running.append(jobID) }
        }
        threadJob = jobID
    }

    /// Runs `body` (a request's handling, on its thread) with FFmpeg's messages naming the
    /// request: what FFmpeg refuses there is a client's upload or source, the client's mistake
    /// answered with a 4xx, so its errors are logged as warnings.
    public static func whileHandling<T>(request requestID: String, _ body: () throws -> T) rethrows -> T {
        threadRequest = requestID
        defer { threadRequest = nil }
        return try body()
    }

    private static func emit(_ text: String, level: Int32) {
        let request = threadRequest
        let (logger, only) = state.withLock { s in (s.logger, s.running.count == 1 ? s.running.first : nil) }
        guard let logger else { return }
        var meta: Logger.Metadata = ["ffmpegLevel": .stringConvertible(Int(level))]
        if let request {
            meta["requestId"] = .string(request)
        } else if let job = threadJob ?? only {
            meta["jobId"] = .string(job)
        }
        var swiftLevel: Logger.Level = level <= AV_LOG_ERROR ? .error : level <= AV_LOG_WARNING ? .warning : .info
        if request != nil, swiftLevel == .error { swiftLevel = .warning }
        logger.log(level: swiftLevel, "\(text)", metadata: meta)
    }

    private struct State {
        var logger: Logger?
        /// The jobs rendering now, one entry per thread working on one.
        var running: [String] = []
    }

    private static let state = Mutex(State())

    /// The request the calling thread is handling (`whileHandling`), so work it hands to an engine
    /// process names it there too.
    public static var currentRequest: String? { threadRequest }

    /// The request the calling thread is handling (a handler thread's), kept in thread-local storage.
    private static var threadRequest: String? {
        get { Thread.current.threadDictionary["reel.ffmpeg.request"] as? String }
        set { Thread.current.threadDictionary["reel.ffmpeg.request"] = newValue }
    }

    /// The job of the calling thread (a worker's), kept in thread-local storage.
    private static var threadJob: String? {
        get { Thread.current.threadDictionary["reel.ffmpeg.job"] as? String }
        set { Thread.current.threadDictionary["reel.ffmpeg.job"] = newValue }
    }
}
