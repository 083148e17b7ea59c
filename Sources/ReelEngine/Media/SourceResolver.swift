import Foundation

/// Turns a spec's `src` into a file Reel may read, enforcing the rules of PRODUCT.md §1: relative
/// paths stay under the media root (no `..`, no absolute paths, no symbolic links leading out),
/// `upload:ID` names an uploaded asset, http(s) and `s3://` URLs through `web` (any public host,
/// fetched once into a cache of web sources, the server's or the CLI's; PRODUCT.md §5 "Sources from
/// the web"); playlists never. FFmpeg itself only ever reads local files.
public struct SourceResolver: Sendable {
    /// Absolute, symlink-free media root.
    public let mediaRoot: String
    /// Looks up an uploaded asset's file by its ID (nil: no such asset; throws a `Refusal` for one
    /// that may not be used yet); nil where uploads do not exist (the CLI).
    public var uploads: (@Sendable (String) throws -> String?)?
    /// The local copy of an http(s) or `s3://` source, fetched safely into a cache (`web(_:)`);
    /// throws a `Refusal` (never usable) or an `Unavailable` (may pass). Nil: URLs are refused.
    public var web: (@Sendable (String) throws -> String)?

    public init(mediaRoot: String, uploads: (@Sendable (String) throws -> String?)? = nil,
                web: (@Sendable (String) throws -> String)? = nil) {
        let abs = mediaRoot.hasPrefix("/") ? mediaRoot : FileManager.default.currentDirectoryPath + "/" + mediaRoot
        self.mediaRoot = SourceResolver.realPath(abs) ?? abs
        self.uploads = uploads
        self.web = web
    }

    /// Why a `src` was refused.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let src: String
        public let reason: String
        public var description: String { "source \"\(src)\" \(reason)" }

        public init(src: String, reason: String) {
            self.src = src
            self.reason = reason
        }
    }

    /// Why a `src` cannot be read now, for a reason that may pass (a timeout, a 5xx answer).
    public struct Unavailable: RetryClassifiable, CustomStringConvertible, Sendable {
        public let src: String
        public let reason: String
        public var description: String { "source \"\(src)\" \(reason)" }
        public var isTransient: Bool { true }

        public init(src: String, reason: String) {
            self.src = src
            self.reason = reason
        }
    }

    static let playlistExtensions: Set<String> = ["m3u8", "m3u", "mpd", "ffconcat", "concat", "txt", "sdp"]

    /// The local path for `src`, or a refusal saying why it may not be read.
    public func resolve(_ src: String) throws -> String {
        func refuse(_ why: String) -> Refusal { Refusal(src: src, reason: why) }
        guard !src.isEmpty else { throw refuse("is empty") }
        guard !src.contains("\0") else { throw refuse("contains a NUL byte") }
        if src.hasPrefix("upload:") {
            let id = String(src.dropFirst("upload:".count))
            guard let uploads else { throw refuse("names an upload, but uploads exist only on the server") }
            guard let path = try uploads(id) else { throw refuse("names no uploaded asset") }
            return path
        }
        let lower = src.lowercased()
        if lower.hasPrefix("s3://") {
            guard let web else { throw refuse("names a bucket, and nothing here reads buckets") }
            return try web(src)
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let web else { throw refuse("is a URL, and nothing here reads URLs") }
            guard let url = URLComponents(string: src) else { throw refuse("is not a valid http(s) URL") }
            if let ext = url.path.split(separator: ".").last?.lowercased(), url.path.contains("."),
               SourceResolver.playlistExtensions.contains(ext) {
                throw refuse("is a playlist or list file, which may pull in other files")
            }
            return try web(src)
        }
        if let colon = src.firstIndex(of: ":"), !src[..<colon].contains("/") {
            throw refuse("uses a scheme Reel does not read (only relative paths, upload:ID, http(s) URLs and s3:// in sourceBuckets)")
        }
        guard !src.hasPrefix("/") else { throw refuse("is an absolute path; sources are relative to the media root") }
        let parts = src.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains("..") else { throw refuse("leaves the media root with '..'") }
        if let ext = parts.last?.split(separator: ".").last.map({ $0.lowercased() }), parts.last!.contains("."),
           SourceResolver.playlistExtensions.contains(ext) {
            throw refuse("is a playlist or list file, which may pull in other files")
        }
        let joined = mediaRoot + "/" + parts.joined(separator: "/")
        guard let real = SourceResolver.realPath(joined) else { throw refuse("does not exist") }
        // `.` (or `a/..`-free spellings of it) is the media root itself: a folder, not a way out.
        guard real == mediaRoot || real.hasPrefix(mediaRoot + "/") else { throw refuse("is a link that leads out of the media root") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDir), !isDir.boolValue else {
            throw refuse("is not a file")
        }
        return real
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
