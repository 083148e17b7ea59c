import Foundation
import ReelBasics

/// Measuring: what a job with a loudness target reports as `output.loudness` is its output's own
/// audio, decoded after the codec and measured (`LoudnessMeter`).
extension MeasuredLoudness {
    /// Measures the audio of the output at `path` (a file, or an HLS folder's audio rendition) at
    /// the output's `rate` and `channels`.
    static func measure(_ path: String, rate: Int, channels: Int) throws -> MeasuredLoudness {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return try measureFile(path, rate: rate, channels: channels)
        }
        // An HLS folder: its audio rendition's init segment and media segments, in the playlist's
        // order, are one fragmented MP4 stream (Reel's demuxers do not read playlists).
        let playlist = try String(contentsOfFile: path + "/audio.m3u8", encoding: .utf8)
        var parts: [String] = []
        for line in playlist.split(separator: "\n").map(String.init) {
            if line.hasPrefix("#EXT-X-MAP:URI=\""), let name = line.split(separator: "\"").dropFirst().first {
                parts.append(String(name))
            } else if !line.hasPrefix("#"), !line.isEmpty {
                parts.append(line)
            }
        }
        let joined = NSTemporaryDirectory() + "reel-loudness-\(UUID().uuidString).mp4"
        defer { try? FileManager.default.removeItem(atPath: joined) }
        _ = FileManager.default.createFile(atPath: joined, contents: nil)  // the handle below throws when it is not there
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: joined))
        for part in parts { try out.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: path + "/" + part))) }
        try out.close()
        return try measureFile(joined, rate: rate, channels: channels)
    }

    private static func measureFile(_ file: String, rate: Int, channels: Int) throws -> MeasuredLoudness {
        let reader = try AudioClipReader(path: file, startTime: .zero, rate: rate, channels: channels)
        let meter = try LoudnessMeter(channels: channels, rate: rate, truePeak: true, range: true)
        let buf = SampleBuffer(channels: channels, capacity: 8192)
        while true {
            let n = try reader.read(count: 8192, into: buf.planes)
            try meter.add(buf.planes, count: n)
            if n < 8192 { break }
        }
        func finite(_ v: Double) -> Double? { v.isFinite ? (v * 100).rounded() / 100 : nil }
        let integrated = finite(try meter.integrated())
        return MeasuredLoudness(integrated: integrated, truePeak: finite(try meter.truePeak()), range: integrated == nil ? nil : finite(try meter.range()))
    }
}

extension Renderer {
    /// The loudness of the output at `path` when the spec asked for a target (nil otherwise):
    /// measured on the file as it was written, after the codec.
    public func loudness(of path: String) throws -> MeasuredLoudness? {
        guard plan.audioEncoding.loudness != nil else { return nil }
        return try MeasuredLoudness.measure(path, rate: plan.audioEncoding.sampleRate, channels: plan.audioEncoding.channels)
    }
}
