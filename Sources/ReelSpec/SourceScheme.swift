/// What a `src` names, told by its scheme (case-insensitive): the one rule every reader asks —
/// the resolver, the planners that read fonts, captions and Lottie files from local files only,
/// the worker fetching a job's web sources first, the OTIO reader and `reel probe`.
public enum SourceScheme: Equatable, Sendable {
    /// An `http://` or `https://` URL.
    case web
    /// An `s3://bucket/key` object.
    case bucket
    /// Anything else: a path under the media root, `upload:ID`, an image sequence.
    case local

    public init(_ src: String) {
        let lower = src.prefix(8).lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = .web
        } else if lower.hasPrefix("s3://") {
            self = .bucket
        } else {
            self = .local
        }
    }

    /// Read from elsewhere (fetched to this node first): a URL or a bucket's object.
    public var isRemote: Bool { self != .local }
}
