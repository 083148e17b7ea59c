import Foundation
@testable import ReelEngine
import ReelSpec
import ReelStorage
import XCTest

/// An `hls` output cut into chunks (each on a segment start, every rendition in one packet file)
/// and joined: the same segments, frames and samples as the output rendered whole, decoded through
/// the playlists; a progressive one joined chunk by chunk is playable once its first chunks (a
/// segment each) are in.
final class HLSChunkTests: XCTestCase {
    static func spec(progressive: Bool) -> String {
        ##"""
        { "version": 1, "output": { "format": "hls", "width": 96, "height": 64, "frameRate": 10,
            "hls": { "segmentDuration": 1, "renditions": [ { "height": 64 }, { "height": 32 } ] \##(progressive ? #", "progressive": true"# : "") } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 3 }, { "color": "#0000FF", "duration": 3 } ],
            "overlays": [ { "type": "shape", "start": 0, "shape": "ellipse", "fill": "#FFFFFF",
              "frame": { "x": 0.5, "y": 0.5, "width": 0.3, "height": 0.3 },
              "keyframes": [ { "time": 0, "x": 0.2 }, { "time": 6, "x": 0.8 } ] } ],
            "music": [ { "src": "tone.wav" } ] } }
        """##
    }

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        return ws
    }

    /// Each media playlist's segment durations, in order.
    func durations(_ playlist: String) throws -> [String] {
        try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }.map(String.init)
    }

    /// Decoded luma planes of a rendition, read through its playlist.
    func luma(_ playlist: String, width: Int, height: Int) throws -> [[UInt8]] {
        try Tools.yuvFrames(playlist, width: width, height: height).map { Array($0[0..<(width * height)]) }
    }

    func testChunksOnSegmentStartsJoinIntoTheWholeRendersSegments() throws {
        let ws = try workspace()
        let plan = try ws.plan(Self.spec(progressive: false))
        let renderer = Renderer(plan: plan)
        XCTAssertTrue(renderer.canRenderInChunks)
        XCTAssertEqual(renderer.chunkRanges(seconds: 2), [0..<20, 20..<40, 40..<60], "2 s chunks on the 1 s segments")
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 2, to: "chunked")
        XCTAssertEqual(count, 3)
        let whole = try ws.render(Self.spec(progressive: false), to: "whole")
        for (name, w, h) in [("video_64p", 96, 64), ("video_32p", 48, 32)] {
            XCTAssertEqual(try durations(chunked + "/\(name).m3u8"), try durations(whole + "/\(name).m3u8"), name)
            let a = try luma(chunked + "/\(name).m3u8", width: w, height: h), b = try luma(whole + "/\(name).m3u8", width: w, height: h)
            XCTAssertEqual(a.count, 60, "\(name): every frame")
            XCTAssertEqual(b.count, 60)
            // The chunks' encoders start afresh at each cut: the pictures differ only by the rate
            // control's choices near it.
            for (k, (x, y)) in zip(a, b).enumerated() {
                let mean = Double(zip(x, y).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(x.count)
                XCTAssertLessThan(mean, 2, "\(name) frame \(k)")
            }
        }
        XCTAssertEqual(try durations(chunked + "/audio.m3u8"), try durations(whole + "/audio.m3u8"), "the audio cut alike")
        let samples = { (p: String) -> [Float] in try Tools.samples(p, channels: 2)[0] }
        let (x, y) = (try samples(chunked + "/audio.m3u8"), try samples(whole + "/audio.m3u8"))
        XCTAssertEqual(x.count, y.count, "sample for sample")
        let noise = zip(x, y).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }, signal = y.reduce(0.0) { $0 + Double($1 * $1) }
        XCTAssertGreaterThan(10 * log10(signal / max(noise, 1e-12)), 30, "the joined audio is the whole render's")
        XCTAssertTrue(try String(contentsOfFile: chunked + "/master.m3u8", encoding: .utf8).contains("video_32p.m3u8"))
    }

    func testAProgressiveOutputIsPlayableOnceItsFirstChunksAreJoined() throws {
        let ws = try workspace()
        let plan = try ws.plan(Self.spec(progressive: true))
        let renderer = Renderer(plan: plan)
        let ranges = renderer.chunkRanges(seconds: 2)
        XCTAssertEqual(ranges, [0..<10, 10..<20, 20..<40, 40..<60], "two segments alone, then about 2 s each")
        var videos: [String] = [], audio: [String] = []
        for (i, r) in ranges.enumerated() {
            videos.append(ws.path("v\(i).packets"))
            audio.append(ws.path("a\(i).packets"))
            try renderer.renderChunk(r, video: videos[i], audio: audio[i])
        }
        let folder = ws.path("live")
        let live = ProgressiveHLSTests.RecordingOutput(location: folder)
        let join = try HLSChunkJoin(renderer, folder: folder, live: live)
        // The publisher works on its own queue: what it has put as the chunks came in is looked at
        // after the last one, by where the master's first put falls.
        for i in ranges.indices { try join.append(video: videos[i], audio: audio[i]) }
        try join.finish()
        let puts = live.recorded.map(\.name)
        let master = try XCTUnwrap(puts.firstIndex(of: "master.m3u8"), "\(puts)")
        XCTAssertNotNil(renderer.firstSegmentSeconds)
        XCTAssertGreaterThan(puts[master...].filter { $0.hasSuffix(".m4s") }.count, 6, "most segments after the master: \(puts)")
        let text = try String(contentsOfFile: folder + "/video_64p.m3u8", encoding: .utf8)
        XCTAssertTrue(text.contains("#EXT-X-PLAYLIST-TYPE:EVENT") && text.contains("#EXT-X-ENDLIST"), text)
        XCTAssertEqual(try Tools.yuvFrames(folder + "/video_64p.m3u8", width: 96, height: 64).count, 60)
        // A chunk out of order is refused, not joined.
        let other = try HLSChunkJoin(renderer, folder: ws.path("wrong"), live: nil)
        try other.append(video: videos[1], audio: audio[1])
        XCTAssertThrowsError(try other.append(video: videos[0], audio: audio[0])) { XCTAssertTrue("\($0)".contains("overlap"), "\($0)") }
    }
}
