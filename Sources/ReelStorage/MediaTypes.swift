/// The media types of the files Reel writes, by extension: one table for an output's own file, an
/// HLS folder's playlists, segments and subtitles, and the objects they become in a bucket.
public enum MediaTypes {
    public static let playlist = "application/vnd.apple.mpegurl"

    /// The type of a file Reel writes named `fileName` (or of an output format, by its extension:
    /// `hls` is its master playlist); nil for a name Reel does not write.
    public static func of(fileName: String) -> String? {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "mp4": return "video/mp4"
        case "mov": return "video/quicktime"
        case "m4v": return "video/x-m4v"
        case "m4a": return "audio/mp4"
        case "webm": return "video/webm"
        case "gif": return "image/gif"
        case "jpg": return "image/jpeg"
        case "png": return "image/png"
        case "hls", "m3u8": return playlist
        case "m4s": return "video/iso.segment"
        case "vtt": return "text/vtt"
        default: return nil
        }
    }
}
