/// The name of a job attempt's output: `<job id>-<attempt>`, then `_<output>` for one of a job's
/// named outputs, then nothing (a folder) or `.ext`; the job id is `job_` and 26 ULID characters.
/// Built and read only here, since the sweeps delete files on the strength of this reading. The
/// `_` keeps a named output's file out of the reach of a node from before named outputs, whose
/// reading wants `.` or the end after the attempt: it never takes such a file for an output, so
/// never sweeps it.
public struct OutputName: Equatable, Sendable {
    public let jobID: String
    public let attempt: Int
    /// The output's name among the job's `outputs`; nil for the one `output`.
    public let output: String?
    /// Without the dot; nil for a name with none.
    public let fileExtension: String?

    public init(jobID: String, attempt: Int, output: String? = nil, fileExtension: String?) {
        self.jobID = jobID
        self.attempt = attempt
        self.output = output
        self.fileExtension = fileExtension
    }

    public var name: String { jobID + "-\(attempt)" + (output.map { "_" + $0 } ?? "") + (fileExtension.map { "." + $0 } ?? "") }

    /// Reads a name back; nil for anything that is not an output's name.
    public init?(_ name: String) {
        let b = Array(name.utf8)
        let idLength = 4 + 26
        guard b.count > idLength + 1, Self.isJobID(String(name.prefix(idLength))), b[idLength] == UInt8(ascii: "-") else { return nil }
        var i = idLength + 1
        var attempt = 0
        while i < b.count, (48...57).contains(b[i]), attempt < 1_000_000 {
            attempt = attempt * 10 + Int(b[i] - 48)
            i += 1
        }
        guard i > idLength + 1 else { return nil }
        var output: String?
        if i < b.count, b[i] == UInt8(ascii: "_") {
            // An output's name: what `NamedOutput` allows (lowercase letters, digits, `-`, `_`).
            let start = i + 1
            i = start
            while i < b.count, Self.isOutputNameByte(b[i]) { i += 1 }
            guard (1...32).contains(i - start) else { return nil }
            output = String(decoding: b[start..<i], as: UTF8.self)
        }
        guard i == b.count || b[i] == UInt8(ascii: ".") else { return nil }
        jobID = String(name.prefix(idLength))
        self.attempt = attempt
        self.output = output
        fileExtension = i == b.count ? nil : String(decoding: b[(i + 1)...], as: UTF8.self)
    }

    private static func isOutputNameByte(_ c: UInt8) -> Bool {
        (97...122).contains(c) || (48...57).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
    }

    /// `job_` and 26 upper-case ULID characters.
    public static func isJobID(_ s: String) -> Bool {
        let b = Array(s.utf8)
        return b.count == 30 && s.hasPrefix("job_") && b[4...].allSatisfy { (48...57).contains($0) || (65...90).contains($0) }
    }
}
