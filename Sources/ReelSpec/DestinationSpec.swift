/// A bucket the finished output is copied to (docs/API.md): `s3://bucket/key`,
/// signed with the credentials of the named `storageProfiles` entry (none: the server's storage's).
/// Credentials are never in a spec.
public struct DestinationSpec: Sendable, Equatable {
    public var bucket: String
    /// The key as written, placeholders and all.
    public var keyTemplate: String
    /// The `storageProfiles` entry to sign with; whether it exists is the server's decision.
    public var profile: String?

    public init(bucket: String, keyTemplate: String, profile: String? = nil) {
        self.bucket = bucket
        self.keyTemplate = keyTemplate
        self.profile = profile
    }

    /// The names a key may use in braces; `{name}` (the output's name) only in `outputs`.
    public static let placeholders = ["jobId", "date", "ext", "name"]

    /// The URL as written in the spec.
    public var url: String { "s3://\(bucket)/\(keyTemplate)" }

    /// The object key for one job's output: `{jobId}`, `{date}` (the UTC day it finished,
    /// `YYYY-MM-DD`), `{ext}` (its format's extension; `hls` names a folder) and `{name}` (the
    /// output's, in `outputs`) filled in. A key ending in `/` names a folder, and the output goes in
    /// it as `<jobId>.<ext>`, or `<jobId>-<name>.<ext>` for a named output, so that one folder can
    /// take every output of a job.
    public func key(jobID: String, date: String, ext: String, name: String? = nil) -> String {
        keyPattern(ext: ext, name: name).replacing("{jobId}", with: jobID).replacing("{date}", with: date)
    }

    /// The first `{name}` in `key` that is not a placeholder, or nil.
    static func unknownPlaceholder(in key: String) -> String? {
        var rest = Substring(key)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return String(rest[open...]) }
            let name = rest[rest.index(after: open)..<close]
            if !placeholders.contains(String(name)) { return "{" + name + "}" }
            rest = rest[rest.index(after: close)...]
        }
        return rest.contains("}") ? "}" : nil
    }

    /// S3's rule for bucket names: 3 to 63 ASCII lowercase letters, digits, dots or hyphens,
    /// starting and ending with a letter or digit, no two dots together.
    public static func isBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func alnum(_ b: UInt8) -> Bool { (97...122).contains(b) || (48...57).contains(b) }
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last, alnum(first), alnum(last) else { return false }
        return bytes.allSatisfy { alnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") } && !name.contains("..")
    }

    /// The most UTF-8 bytes this destination's key can take once filled in (a job id of 30
    /// characters, a date of 10, an extension of 4, for one of `outputs` (`named`) a name of 32),
    /// with room for an HLS folder's file names.
    public func longestKeyBytes(named: Bool) -> Int {
        key(jobID: String(repeating: "j", count: 30), date: "0000-00-00", ext: "webm",
            name: named ? String(repeating: "n", count: NamedOutput.maxNameLength) : nil).utf8.count + 1 + 48
    }

    /// The key as every job fills it for the output `name` of format extension `ext`, with
    /// `{jobId}` and `{date}` left standing (they are the same for every output of one job): two
    /// outputs of one job whose destinations give the same text here write the same object.
    public func keyPattern(ext: String, name: String?) -> String {
        var key = keyTemplate
        if key.hasSuffix("/") { key += name == nil ? "{jobId}.{ext}" : "{jobId}-{name}.{ext}" }
        return key.replacing("{ext}", with: ext).replacing("{name}", with: name ?? "")
    }

    /// What makes two destinations of one output the same copy: the bucket, the key as a job fills
    /// it (a folder key and its explicit `{jobId}.{ext}`, or `{jobId}-{name}.{ext}` for one of
    /// `outputs`, are one), byte for byte, and the profile.
    func identity(named: Bool) -> [UInt8] {
        Array((bucket + "\u{0}" + keyPattern(ext: "{ext}", name: named ? "{name}" : nil) + "\u{0}" + (profile ?? "")).utf8)
    }
}
