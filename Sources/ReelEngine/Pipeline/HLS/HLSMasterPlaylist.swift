import Foundation
import ReelBasics
import ReelSpec

/// Writes `master.m3u8` once every media playlist is complete (a progressive output's also once
/// each has its first segment, from the segments so far): one variant a video rendition, each
/// with the shared audio rendition, its measured peak and average bandwidth (segment bytes over
/// segment durations, video and audio together, as the HLS spec defines BANDWIDTH), resolution,
/// frame rate and RFC 6381 codecs.
enum HLSMasterPlaylist {
    struct Variant {
        var playlist: String
        var width: Int
        var height: Int
        var videoCodec: String
    }

    /// A WebVTT rendition (`HLSSubtitleWriter`).
    struct Subtitles {
        var playlist: String
        var language: String?
        var name: String
        var isDefault: Bool
    }

    static func write(folder: String, variants: [Variant], audioPlaylist: String, audioCodec: String, subtitles: [Subtitles] = [],
                      frameRate: Rational) throws {
        let audio = try bandwidth(folder: folder, playlist: audioPlaylist)
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS",
                     "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"Audio\",DEFAULT=YES,AUTOSELECT=YES,URI=\"\(audioPlaylist)\""]
        for s in subtitles {
            let name = s.name.replacingOccurrences(of: "\"", with: "'")
            lines.append("#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"\(name)\","
                         + (s.language.map { "LANGUAGE=\"\($0)\"," } ?? "")
                         + "DEFAULT=\(s.isDefault ? "YES" : "NO"),AUTOSELECT=YES,URI=\"\(s.playlist)\"")
        }
        let fps = Time.divide(Int128(frameRate.numerator) * 1000, Int128(frameRate.denominator), rounding: .nearest)
        for v in variants {
            let video = try bandwidth(folder: folder, playlist: v.playlist)
            lines.append("#EXT-X-STREAM-INF:BANDWIDTH=\(video.peak + audio.peak),AVERAGE-BANDWIDTH=\(video.average + audio.average),"
                         + "RESOLUTION=\(v.width)x\(v.height),FRAME-RATE=\(fps / 1000).\(String(fps % 1000 + 1000).dropFirst()),"
                         + "CODECS=\"\(v.videoCodec),\(audioCodec)\",AUDIO=\"audio\"" + (subtitles.isEmpty ? "" : ",SUBTITLES=\"subs\""))
            lines.append(v.playlist)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/" + RenderedOutput.hlsEntry, atomically: true, encoding: .utf8)
    }

    /// Peak and average bits per second of a media playlist's segments (the init segment is
    /// counted with the first).
    static func bandwidth(folder: String, playlist: String) throws -> (peak: Int, average: Int) {
        let text = try String(contentsOfFile: folder + "/" + playlist, encoding: .utf8)
        var duration: Double?
        var peak = 0.0, totalBits = 0.0, totalSeconds = 0.0
        var extra = 0.0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXT-X-MAP:URI=\""), let name = line.dropFirst(16).split(separator: "\"").first {
                extra = Double(try size(folder + "/" + name)) * 8
            } else if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst(8).split(separator: ",").first ?? "")
            } else if !line.hasPrefix("#"), let seconds = duration, seconds > 0 {
                let bits = Double(try size(folder + "/" + line)) * 8 + extra
                extra = 0
                peak = max(peak, bits / seconds)
                totalBits += bits
                totalSeconds += seconds
                duration = nil
            }
        }
        return (Int(peak.rounded(.up)), totalSeconds > 0 ? Int((totalBits / totalSeconds).rounded(.up)) : 0)
    }

    private static func size(_ path: String) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// `avc1.PPCCLL` from an H.264 encoder's global header: its SPS's profile, constraint flags
    /// and level, whether the header is Annex B (x264) or an avcC record.
    static func avc1(_ extradata: [UInt8]) -> String {
        func hex(_ b: UInt8) -> String { Hex.lowercase([b]) }
        if extradata.count >= 4, extradata[0] == 1 {
            return "avc1." + hex(extradata[1]) + hex(extradata[2]) + hex(extradata[3])
        }
        var i = 0
        while i + 7 < extradata.count {
            if extradata[i] == 0, extradata[i + 1] == 0, extradata[i + 2] == 1, extradata[i + 3] & 0x1F == 7 {
                return "avc1." + hex(extradata[i + 4]) + hex(extradata[i + 5]) + hex(extradata[i + 6])
            }
            i += 1
        }
        return "avc1.640028"   // High 4.0: what x264 is tagged as when the header cannot be read
    }
}
