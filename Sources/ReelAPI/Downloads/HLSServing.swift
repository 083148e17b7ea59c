import Foundation
import ReelStorage

/// What an `hls` output's files are served as, and which names may be asked for: the folder holds
/// only the files Reel wrote (playlists, `*_init.mp4`, `*.m4s`, `*.vtt`), so a name is a plain file name of
/// those characters — never a path, never hidden.
enum HLSServing {
    static let playlistType = MediaTypes.playlist

    /// The type of a file an HLS folder may hold (playlists, init segments, segments, subtitles);
    /// nil for any other name.
    static func contentType(of name: String) -> String? {
        guard [".m3u8", ".m4s", ".mp4", ".vtt"].contains(where: name.hasSuffix) else { return nil }
        return MediaTypes.of(fileName: name)
    }

    static func isServable(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 128, !name.hasPrefix("."), !name.hasPrefix("-") else { return false }
        return name.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-" || c == "."
        } && contentType(of: name) != nil
    }

    /// The master playlist as served at `/v1/jobs/{id}/output` (or `/v1/jobs/{id}/outputs/{name}`):
    /// its URIs are relative to the folder, which from that address is `output/` (`{name}/`), so
    /// each gets that prefix.
    static func rootedMaster(_ text: String, folder: String = "output", query: String? = nil) -> String {
        rewritingURIs(text) { folder + "/" + $0 + (query.map { "?" + $0 } ?? "") }
    }

    /// A playlist served through an output link: every URI carries the link's query, since a
    /// player resolving a relative URI drops the playlist's own.
    static func signed(_ text: String, query: String) -> String { rewritingURIs(text) { $0 + "?" + query } }

    /// `text` with every URI line and `URI="…"` attribute changed by `change`.
    static func rewritingURIs(_ text: String, _ change: (String) -> String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.isEmpty { return "" }
            if !line.hasPrefix("#") { return change(String(line)) }
            guard let r = line.range(of: "URI=\""), let end = line[r.upperBound...].firstIndex(of: "\"") else { return String(line) }
            return String(line[..<r.upperBound]) + change(String(line[r.upperBound..<end])) + String(line[end...])
        }.joined(separator: "\n")
    }
}
