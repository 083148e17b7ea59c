/// A caption file that does not parse: the line (from 1) and what is wrong there.
public struct CaptionParseError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
    public var isTransient: Bool { false }
}
