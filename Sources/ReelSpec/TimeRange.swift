/// A half-open span `[start, start + duration)` of rational time, as AVFoundation's CMTimeRange.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    public var start: Time
    public var duration: Time

    public init(start: Time, duration: Time) {
        self.start = start
        self.duration = duration
    }

    /// The first instant after the range.
    public var end: Time { start + duration }

    /// True when `t` lies in `[start, end)`.
    public func contains(_ t: Time) -> Bool { !(t < start) && t < end }

    public var description: String { "[\(start), \(end))" }
}
