import ReelSpec

/// A source that opened as media but does not hold what the timeline needs from it. These are
/// facts about the file, not failed FFmpeg calls, so a job that meets one is not retried.
public enum MediaError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    /// The file has no stream of the kind asked for (a video item whose source is only audio).
    case noStream(path: String, type: MediaStreamType)
    /// The stream holds no picture to show: at `time` (a clip), or at all (a still).
    case noPicture(path: String, at: Time?)
    /// Every stream of the file ends at `lastPicture` or soon after, yet its header's duration
    /// makes the timeline show it at `needed`: the header is damaged or false.
    case endsEarly(path: String, lastPicture: Time, needed: Time)

    public var description: String {
        switch self {
        case let .noStream(path, type):
            return "\(path) has no \(type.rawValue) stream"
        case let .noPicture(path, time?):
            return "\(path) has no video frame to show at \(time) s"
        case let .noPicture(path, nil):
            return "\(path) holds no picture"
        case let .endsEarly(path, last, needed):
            return "\(path) holds no data after about \(last.ticks(in: 1000, rounding: .down)) ms, yet its header's duration "
                + "has the timeline show it at \(needed.ticks(in: 1000, rounding: .down)) ms (a damaged or false duration): "
                + "give the item a sourceRange within the pictures it has"
        }
    }

    public var isTransient: Bool { false }
}
