import Foundation

/// A failed POSIX call of the render itself (not of FFmpeg): which call, its `errno`, and what
/// the renderer was doing.
public struct SystemCallError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public let call: String
    public let errno: Int32
    public let doing: String

    public var description: String { "\(doing) (\(call)): \(String(cString: strerror(errno)))" }

    /// Disk and descriptor exhaustion pass; a missing directory or a refused permission does not.
    public var isTransient: Bool { FFmpegError.transientErrnos.contains(errno) }
}
