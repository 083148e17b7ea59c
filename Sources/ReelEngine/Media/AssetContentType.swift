import Foundation

/// The media type (MIME) of an examined upload, for a client that sent none or only
/// `application/octet-stream`: told by the probe for media (its container and codecs), by the
/// first bytes for fonts and caption files, JSON for Lottie. One rule for every way in (a raw
/// upload, a direct upload, an import).
public enum AssetContentType {
    /// What says nothing about a file: no type, or the generic bytes type browsers and `curl
    /// --data-binary` send.
    public static func isUninformative(_ declared: String?) -> Bool {
        guard let declared else { return true }
        let base = declared.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base.isEmpty || base == "application/octet-stream"
    }

    /// The type a client declared when it says something, else the one found.
    public static func chosen(declared: String?, found: String) -> String { isUninformative(declared) ? found : declared! }

    /// The type of a media file of `kind` as probed.
    public static func of(media info: MediaInfo, kind: AssetKind) -> String {
        let names = Set(info.format.split(separator: ",").map(String.init))
        let video = info.streams.first { $0.type == .video }?.codec
        let audio = info.streams.first { $0.type == .audio }?.codec
        if kind == .image {
            let images = ["png": "image/png", "mjpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif", "bmp": "image/bmp", "tiff": "image/tiff"]
            return video.flatMap { images[$0] } ?? "application/octet-stream"
        }
        let isVideo = kind == .video
        if names.contains("mp4") || names.contains("mov") { return isVideo ? "video/mp4" : "audio/mp4" }
        if names.contains("webm") || names.contains("matroska") {
            let web = isVideo ? ["vp8", "vp9", "av1"].contains(video ?? "") : ["opus", "vorbis"].contains(audio ?? "")
            return (isVideo ? "video/" : "audio/") + (web ? "webm" : "x-matroska")
        }
        if names.contains("ogg") { return isVideo ? "video/ogg" : "audio/ogg" }
        let byName = ["mp3": "audio/mpeg", "wav": "audio/wav", "flac": "audio/flac", "aac": "audio/aac", "mpegts": "video/mp2t",
                      "avi": "video/x-msvideo", "gif": "image/gif", "aiff": "audio/aiff"]
        return names.lazy.compactMap { byName[$0] }.first ?? "application/octet-stream"
    }

    /// The type of a font, caption file or Lottie animation, from its first bytes.
    public static func of(file path: String, kind: AssetKind) -> String {
        let head = FileHandle(forReadingAtPath: path).flatMap { h in defer { try? h.close() }; return try? h.read(upToCount: 16) } ?? Data()
        switch kind {
        case .font:
            if head.starts(with: Array("OTTO".utf8)) { return "font/otf" }
            if head.starts(with: Array("ttcf".utf8)) { return "font/collection" }
            return "font/ttf"
        case .captions:
            let text = String(decoding: head, as: UTF8.self)
            return text.hasPrefix("WEBVTT") || text.hasPrefix("\u{FEFF}WEBVTT") ? "text/vtt" : "application/x-subrip"
        case .lottie: return "application/json"
        case .video, .audio, .image: return "application/octet-stream"
        }
    }
}
