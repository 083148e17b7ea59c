import Foundation
import ReelSpec

/// Reads an HLS output folder Reel wrote: its renditions (from `master.m3u8`) and, for a time, the
/// piece of the largest rendition that holds it as a plain fragmented MP4 (init segment + media
/// segment), which the ordinary MP4 demuxer reads — so a thumbnail never needs FFmpeg's playlist
/// reader, which would follow any URI a playlist names.
public enum HLSFolder {
    /// The files of a folder Reel wrote that a picture at `time` needs: the master playlist, the
    /// largest rendition's playlist, its init segment and the media segment that holds `time` (or
    /// the last one). `read` gives a playlist's text by name.
    public static func filesNeeded(at time: Time, read: (String) throws -> String) throws -> [String] {
        let master = try read(RenderedOutput.hlsEntry)
        guard let playlist = master.split(separator: "\n").first(where: { !$0.hasPrefix("#") && !$0.isEmpty }).map(String.init) else {
            throw MediaError.noStream(path: RenderedOutput.hlsEntry, type: .video)
        }
        let text = try read(playlist)
        var initName: String?
        var segments: [(name: String, end: Double)] = []
        var elapsed = 0.0, pending: Double?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXT-X-MAP:URI=\""), let name = line.dropFirst(16).split(separator: "\"").first {
                initName = String(name)
            } else if line.hasPrefix("#EXTINF:") {
                pending = Double(line.dropFirst(8).split(separator: ",").first ?? "")
            } else if !line.hasPrefix("#"), let d = pending {
                elapsed += d
                segments.append((String(line), elapsed))
                pending = nil
            }
        }
        let seconds = Double(time.value) / Double(time.timescale)
        guard let initName, let segment = segments.first(where: { seconds < $0.end }) ?? segments.last else {
            throw MediaError.noPicture(path: playlist, at: time)
        }
        for name in [playlist, initName, segment.name] where name.contains("/") || name.hasPrefix(".") {
            throw MediaError.noPicture(path: playlist, at: time)   // not a folder Reel wrote
        }
        return [RenderedOutput.hlsEntry, playlist, initName, segment.name]
    }

    /// Writes the init segment and the media segment that holds `time` (or the last one) of the
    /// largest rendition into `target`, one fragmented MP4 file.
    static func extract(_ folder: String, at time: Time, into target: String) throws {
        let files = try filesNeeded(at: time) { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
        let (initName, segmentName) = (files[2], files[3])
        // Copied through a 1 MiB buffer: a segment of a high-bitrate rendition can be hundreds of MiB.
        guard FileManager.default.createFile(atPath: target, contents: nil), let out = FileHandle(forWritingAtPath: target) else {
            throw SystemCallError(call: "open", errno: errno, doing: "writing \(target)")
        }
        defer { try? out.close() }
        for name in [initName, segmentName] {
            guard let input = FileHandle(forReadingAtPath: folder + "/" + name) else { throw MediaError.noPicture(path: folder, at: time) }
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write(contentsOf: chunk) }
        }
    }
}
