/// What a `src` names, told by its scheme: the one rule every reader asks — the resolver, the
/// planners that read fonts, captions and Lottie files from local files only, the worker fetching
/// a job's web sources first and naming its uploads, the API finding the uploads a spec uses, the
/// OTIO reader and `reel probe`. `http`, `https` and `s3` are case-insensitive, as URL schemes are;
/// `upload:` is exact, as the API writes it (an asset's `src`).
public enum SourceScheme: Equatable, Sendable {
    /// An `http://` or `https://` URL.
    case web
    /// An `s3://bucket/key` object.
    case bucket
    /// `upload:ID`: an asset uploaded to the server (`uploadID`).
    case upload
    /// Anything else: a path under the media root, an image sequence.
    case local

    /// The prefix of an upload's `src`.
    public static let uploadPrefix = "upload:"

    public init(_ src: String) {
        if src.hasPrefix(Self.uploadPrefix) {
            self = .upload
            return
        }
        let lower = src.prefix(8).lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = .web
        } else if lower.hasPrefix("s3://") {
            self = .bucket
        } else {
            self = .local
        }
    }

    /// The asset id an `upload:ID` source names; nil for any other.
    public static func uploadID(_ src: String) -> String? {
        src.hasPrefix(uploadPrefix) ? String(src.dropFirst(uploadPrefix.count)) : nil
    }

    /// The `src` that names the uploaded asset `id`.
    public static func upload(_ id: String) -> String { uploadPrefix + id }

    /// Read from elsewhere (fetched to this node first): a URL or a bucket's object.
    public var isRemote: Bool { self == .web || self == .bucket }
}
