/// The name of a job attempt's output: `<job id>-<attempt>` followed by nothing (a folder) or
/// `.ext`, the job id being `job_` and 26 ULID characters. Built and read only here, since the
/// sweeps delete files on the strength of this reading.
public struct OutputName: Equatable, Sendable {
    public let jobID: String
    public let attempt: Int
    /// Without the dot; nil for a name with none.
    public let fileExtension: String?

    public init(jobID: String, attempt: Int, fileExtension: String?) {
        self.jobID = jobID
        self.attempt = attempt
        self.fileExtension = fileExtension
    }

    public var name: String { jobID + "-\(attempt)" + (fileExtension.map { "." + $0 } ?? "") }

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
        guard i > idLength + 1, i == b.count || b[i] == UInt8(ascii: ".") else { return nil }
        jobID = String(name.prefix(idLength))
        self.attempt = attempt
        fileExtension = i == b.count ? nil : String(decoding: b[(i + 1)...], as: UTF8.self)
    }

    /// `job_` and 26 upper-case ULID characters.
    public static func isJobID(_ s: String) -> Bool {
        let b = Array(s.utf8)
        return b.count == 30 && s.hasPrefix("job_") && b[4...].allSatisfy { (48...57).contains($0) || (65...90).contains($0) }
    }
}
