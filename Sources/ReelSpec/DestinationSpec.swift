/// A bucket the finished output is copied to (PRODUCT.md §5 "Destinations"): `s3://bucket/key`,
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

    /// The names a key may use as `{name}`.
    public static let placeholders = ["jobId", "date", "ext"]

    /// The URL as written in the spec.
    public var url: String { "s3://\(bucket)/\(keyTemplate)" }

    /// The object key for one job's output: `{jobId}`, `{date}` (the UTC day it finished,
    /// `YYYY-MM-DD`) and `{ext}` (its format's extension; `hls` names a folder) filled in. A key
    /// ending in `/` names a folder, and the output goes in it as `<jobId>.<ext>`.
    public func key(jobID: String, date: String, ext: String) -> String {
        var key = keyTemplate
        if key.hasSuffix("/") { key += "{jobId}.{ext}" }
        return key.replacing("{jobId}", with: jobID).replacing("{date}", with: date).replacing("{ext}", with: ext)
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

    /// S3's rule for bucket names: 3 to 63 lowercase letters, digits, dots or hyphens.
    public static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.count) && name.allSatisfy { ($0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" || $0 == "." }
    }
}
