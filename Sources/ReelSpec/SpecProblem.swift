/// One thing wrong with a job spec, located by an RFC 6901 JSON pointer so a client can point at the
/// exact field (`/timeline/videos/2/sourceRange/duration`) next to a plain sentence ("must be greater
/// than 0"). docs/SPEC.md, "Validation".
public struct SpecProblem: Sendable, Equatable, CustomStringConvertible {
    /// RFC 6901 pointer to the offending value; `""` is the whole document.
    public let pointer: String
    /// A plain sentence about the value at `pointer`, e.g. "must be greater than 0".
    public let message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`, the form the CLI prints.
    public var description: String { "\(pointer): \(message)" }
}

/// Every problem found in one spec, reported together so a user can fix them all in one round trip.
public struct SpecProblems: Error, Sendable, CustomStringConvertible {
    public let problems: [SpecProblem]

    public init(_ problems: [SpecProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
