import Foundation

/// What an uploaded file is, told by its first bytes: a font (TrueType, OpenType or a collection), a
/// caption file (WebVTT's header, or SRT's counter and times), a Lottie animation (a JSON object,
/// read by `LottieProbe`), or else media for FFmpeg to probe.
public enum AssetKind: String, Sendable, CaseIterable {
    case media, font, captions, lottie

    /// The kind of the file at `path` (media when it cannot be read: the media probe then says why).
    public static func of(file path: String) -> AssetKind {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .media }
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
        return .media
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
