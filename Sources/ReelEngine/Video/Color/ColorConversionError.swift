/// Why a picture could not be converted into the output's colour space: zimg refused the pair of
/// formats (a transfer or primaries it does not know), or memory ran out. It fails the same way
/// every time, so a job fails with it rather than retrying.
public struct ColorConversionError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public let description: String
    public var isTransient: Bool { false }

    init(_ description: String) { self.description = description }
}
