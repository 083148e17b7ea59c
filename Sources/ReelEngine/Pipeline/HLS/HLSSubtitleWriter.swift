import Foundation
import ReelSpec

/// Writes a subtitle track of an HLS output as a WebVTT rendition: one `.vtt` file per segment,
/// cut on the video's segment boundaries (a cue that spans two segments is in both, with its own
/// times), and its media playlist. Cue times are output times; `X-TIMESTAMP-MAP` ties them to the
/// media timeline, which starts at 0.
enum HLSSubtitleWriter {
    /// Writes `subs_N.m3u8` and its segments; `boundaries` are the segments' start times followed by
    /// the output's end.
    static func write(_ track: SubtitlePlan, index: Int, boundaries: [Time], folder: String) throws -> String {
        let name = "subs_\(index)"
        var playlist = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-MEDIA-SEQUENCE:0"]
        var entries: [String] = []
        var longest = 1
        for k in 0..<(boundaries.count - 1) {
            let (start, end) = (boundaries[k], boundaries[k + 1])
            var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n"
            for cue in track.cues where cue.start < end && start < cue.end {
                text += "\n\(stamp(cue.start)) --> \(stamp(cue.end))\n\(escaped(cue.text))\n"
            }
            let file = "\(name)_\(String(k + 100_000).dropFirst()).vtt"
            try text.write(toFile: folder + "/" + file, atomically: false, encoding: .utf8)
            let seconds = Double((end - start).value) / Double((end - start).timescale)
            longest = max(longest, Int(seconds.rounded(.up)))
            entries += ["#EXTINF:\(String(format: "%.6f", seconds)),", file]
        }
        playlist.append("#EXT-X-TARGETDURATION:\(longest)")
        playlist += entries + ["#EXT-X-ENDLIST"]
        try (playlist.joined(separator: "\n") + "\n").write(toFile: folder + "/" + name + ".m3u8", atomically: false, encoding: .utf8)
        return name + ".m3u8"
    }

    /// `HH:MM:SS.mmm`.
    static func stamp(_ t: Time) -> String {
        let ms = t.ticks(in: 1000, rounding: .nearest)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let millis = ms % 1000
        return "\(two(ms / 3_600_000)):\(two(ms / 60_000 % 60)):\(two(ms / 1000 % 60)).\(millis < 10 ? "00" : millis < 100 ? "0" : "")\(millis)"
    }

    /// Cue text as WebVTT needs it: `&`, `<` and `>` as entities.
    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
