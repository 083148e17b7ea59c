import Foundation

/// What an uploaded file is: a video, a sound or a still image (media, told apart by FFmpeg's probe:
/// `of(media:)`), a font (TrueType, OpenType or a collection), a caption file (WebVTT's header, or
/// SRT's counter and times) or a Lottie animation (a JSON object, read by `LottieProbe`), the last
/// three told by the file's first bytes (`told(byFirstBytesOf:)`).
public enum AssetKind: String, Sendable, CaseIterable {
    case video, audio, image, font, captions, lottie

    /// The kinds that are media, which `?kind=media` lists, with the assets stored as `media`
    /// before the three were told apart.
    public static let media: [AssetKind] = [.video, .audio, .image]
    /// The stored kind of a media asset from before the three were told apart.
    public static let legacyMedia = "media"

    /// The stored kinds a list's `kind` filter names (`media`: every media kind), or nil for a name
    /// that is no kind.
    public static func stored(matching filter: String) -> [String]? {
        if filter == legacyMedia { return media.map(\.rawValue) + [legacyMedia] }
        return AssetKind(rawValue: filter).map { [$0.rawValue] }
    }

    /// A media file's kind: a still picture is an image, anything with a picture stream a video,
    /// the rest a sound.
    public static func of(media info: MediaInfo) -> AssetKind {
        if info.isStill { return .image }
        return info.streams.contains { $0.type == .video } ? .video : .audio
    }

    /// The kind the file at `path` tells by its first bytes; nil for media (or a file that cannot be
    /// read), which the media probe tells apart or refuses.
    public static func told(byFirstBytesOf path: String) -> AssetKind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 512)) ?? Data())
        let magic = head.prefix(4)
        if [[0x00, 0x01, 0x00, 0x00], Array("OTTO".utf8), Array("ttcf".utf8), Array("true".utf8)].contains(Array(magic)) {
            return .font
        }
        var text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("WEBVTT") { return .captions }
        // SRT: a counter line, then a line of times.
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).prefix(2)
        if lines.count == 2, lines[lines.startIndex].allSatisfy(\.isASCIIDigit), lines[lines.startIndex + 1].contains("-->") {
            return .captions
        }
        if opensJSONObject(head) { return .lottie }
        return nil
    }

    /// Whether `head` begins as a JSON object does: `{`, then a member's name or `}` (after a
    /// byte-order mark and white space), which media files do not (MicroDVD's subtitles, which do
    /// open with a brace, begin `{1}`).
    static func opensJSONObject(_ head: [UInt8]) -> Bool {
        let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        let text = bytes.drop(while: isSpace)
        guard text.first == UInt8(ascii: "{") else { return false }
        let next = text.dropFirst().drop(while: isSpace).first
        return next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
    }
}
