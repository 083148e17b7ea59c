/// One entry of a spec's `outputs` (docs/SPEC.md): a name and every setting `output` takes. Each
/// output is what the spec would render with that output alone (`JobSpec.alone(_:)`); the name
/// goes into URLs, file names and bucket keys, so it is kept to a safe alphabet.
public struct NamedOutput: Sendable, Equatable {
    public var name: String
    public var spec: OutputSpec

    public init(name: String, spec: OutputSpec) {
        self.name = name
        self.spec = spec
    }

    /// At most this many outputs in one job: each is a full encode, and the job's cost check sums them.
    public static let maxCount = 8
    public static let maxNameLength = 32

    /// 1 to 32 lowercase ASCII letters, digits, `-` or `_`, starting with a letter or digit: safe in a
    /// URL path segment, a file name and an S3 key without escaping, on any file system.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func alnum(_ b: UInt8) -> Bool { (97...122).contains(b) || (48...57).contains(b) }
        guard (1...maxNameLength).contains(bytes.count), alnum(bytes[0]) else { return false }
        return bytes.allSatisfy { alnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// The rule `isValidName` checks, as a 422 says it.
    public static let nameRule = "must be 1 to \(maxNameLength) lowercase letters, digits, hyphens or underscores, starting with a letter or digit"
}
