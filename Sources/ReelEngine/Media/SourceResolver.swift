import Foundation
import ReelSpec

/// Turns a spec's `src` into a file Reel may read, enforcing the rules of docs/SPEC.md: relative
/// paths stay under the media root (no `..`, no absolute paths, no symbolic links leading out),
/// `upload:ID` names an uploaded asset, http(s) and `s3://` URLs through `web` (any public host,
/// fetched once into a cache of web sources, the server's or the CLI's; docs/API.md); `sequence:` image sequences under the media root, every frame checked; playlists never. FFmpeg itself only ever reads local files.
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
        if let id = SourceScheme.uploadID(src) {
            guard let uploads else { throw refuse("names an upload, but uploads exist only on the server") }
            guard let path = try uploads(id) else { throw refuse("names no uploaded asset") }
            return path
        }
        let scheme = SourceScheme(src)
        if scheme == .bucket {
            guard let web else { throw refuse("names a bucket, and nothing here reads buckets") }
            return try web(src)
        }
        if scheme == .web {
            guard let web else { throw refuse("is a URL, and nothing here reads URLs") }
            guard let url = URLComponents(string: src) else { throw refuse("is not a valid http(s) URL") }
            if let ext = url.path.split(separator: ".").last?.lowercased(), url.path.contains("."),
               SourceResolver.playlistExtensions.contains(ext) {
                throw refuse("is a playlist or list file, which may pull in other files")
            }
            return try web(src)
        }
        if ImageSequenceSource.isSequence(src) { return try sequence(src) }
        if let colon = src.firstIndex(of: ":"), !src[..<colon].contains("/") {
            throw refuse("uses a scheme Reel does not read (only relative paths, upload:ID, http(s) URLs and s3:// in sourceBuckets)")
        }
        return try local(src, path: src)
    }

    /// The real path of `path`, a file under the media root (refusals name `src`).
    private func local(_ src: String, path: String, folder: Bool = false) throws -> String {
        func refuse(_ why: String) -> Refusal { Refusal(src: src, reason: why) }
        guard !path.hasPrefix("/") else { throw refuse("is an absolute path; sources are relative to the media root") }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains("..") else { throw refuse("leaves the media root with '..'") }
        if !folder, let ext = parts.last?.split(separator: ".").last.map({ $0.lowercased() }), parts.last!.contains("."),
           SourceResolver.playlistExtensions.contains(ext) {
            throw refuse("is a playlist or list file, which may pull in other files")
        }
        let joined = mediaRoot + "/" + parts.joined(separator: "/")
        guard let real = SourceResolver.realPath(joined) else { throw refuse(folder ? "is in a folder that does not exist" : "does not exist") }
        // `.` (or `a/..`-free spellings of it) is the media root itself: a folder, not a way out.
        guard real == mediaRoot || real.hasPrefix(mediaRoot + "/") else { throw refuse("is a link that leads out of the media root") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDir), isDir.boolValue == folder else {
            throw refuse(folder ? "is in something that is not a folder" : "is not a file")
        }
        return real
    }

    /// An image sequence under the media root (`ImageSequenceSource`): every frame from `first`
    /// (`count` of them, or as many as follow one another) must be a file under the root, for FFmpeg
    /// then reads them by the pattern. Answers the sequence with its absolute pattern and its count.
    private func sequence(_ src: String) throws -> String {
        func refuse(_ why: String) -> Refusal { Refusal(src: src, reason: why) }
        var sequence: ImageSequenceSource
        do { sequence = try ImageSequenceSource(src: src) } catch let e as ImageSequenceSource.Malformed { throw refuse(e.reason) }
        // The whole pattern is FFmpeg's, so a `%` in the folder's name is written `%%` there too.
        let slash = sequence.pattern.lastIndex(of: "/")
        let folder = try local(src, path: slash.map { String(sequence.pattern[..<$0].replacing("%%", with: "%")) } ?? ".", folder: true)
        sequence.pattern = ImageSequenceSource.pattern(literal: folder) + "/"
            + (slash.map { String(sequence.pattern[sequence.pattern.index(after: $0)...]) } ?? sequence.pattern)
        // FFmpeg's image2 looks for the sequence's end itself, probing numbers past the last frame
        // it found, so every file of the folder that the pattern matches must be safe to open.
        let (prefix, _, suffix) = sequence.parts
        let namePrefix = String(prefix.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(namePrefix) && name.hasSuffix(suffix) && name.count > namePrefix.count + suffix.count {
            let digits = name.dropFirst(namePrefix.count).dropLast(suffix.count)
            guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { continue }
            guard let real = SourceResolver.realPath(folder + "/" + name), real.hasPrefix(mediaRoot + "/") else {
                throw refuse("has \(name), a link that leads out of the media root")
            }
        }
        var missing: [Int] = [], missingCount = 0, found = 0
        var n = sequence.first
        while sequence.count.map({ n < sequence.first + $0 }) ?? true {
            let path = sequence.path(frame: n)
            guard let real = SourceResolver.realPath(path) else {
                if sequence.count == nil { break }
                missingCount += 1
                if missing.count < 5 { missing.append(n) }
                n += 1
                continue
            }
            guard real.hasPrefix(mediaRoot + "/") else { throw refuse("has frame \(n), a link that leads out of the media root") }
            found += 1
            n += 1
        }
        guard missing.isEmpty else {
            let shown = missing.map(String.init).joined(separator: ", ") + (missingCount > missing.count ? ", …" : "")
            throw refuse("is missing \(missingCount) of its \(sequence.count ?? 0) frames (\(shown)); every frame must be there")
        }
        guard found > 0 else {
            throw refuse("has no frame \(sequence.first) (\((sequence.path(frame: sequence.first) as NSString).lastPathComponent)), its first")
        }
        sequence.count = found
        return sequence.src
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
