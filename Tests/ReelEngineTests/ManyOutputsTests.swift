import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `MultiRenderer`: several outputs of one timeline in one pass per distinct picture. Each output
/// must be what its spec renders alone (`reel render` of the spec with that output: the same frame
/// and sample counts, every picture identical, the videos being lossless), the outputs that draw the same pictures must share one picture stage, and
/// a render that fails or is cancelled must leave no output and no partial file.
final class ManyOutputsTests: XCTestCase {
    /// A 2 s 320×180 test pattern with a tone, a red box composited over it.
    func spec(_ output: String) -> String {
        ##"""
        { "version": 1, "output": \##(output),
          "timeline": { "videos": [ { "src": "clip.mp4" } ],
                        "overlays": [ { "type": "shape", "shape": "rect", "start": 0.5, "fill": "#E02020",
                                        "frame": { "x": "80px", "y": "45px", "width": "60px", "height": "40px" } } ] } }
        """##
    }

    /// Three outputs at 320×180 (an MP4, a MOV with other audio and an HLS ladder: one picture
    /// stage; the MP4, the MOV and the ladder's 180p rendition one encoder, its 90p rendition
    /// another), two at 160×90 (an MP4 and an M4V: another stage and one encoder), and a JPEG poster
    /// (rendered alone). The audio of all but the MOV (96 kb/s) is alike: one audio encode. The videos are lossless
    /// (`crf` 0: x264's High 4:4:4 Predictive), so each decodes to exactly the pictures it was
    /// given: the comparison is of pictures, whatever the encoder decides. (x264's B-frame decisions
    /// on pictures this small depend on memory it never wrote, so two lossy encodes of the same
    /// pictures in one process can differ: ProgressiveHLSTests.)
    let outputs: [(name: String, output: String, ext: String)] = [
        ("big", #"{ "format": "mp4", "width": 320, "height": 180, "video": { "crf": 0 } }"#, "mp4"),
        ("big-mov", #"{ "format": "mov", "width": 320, "height": 180, "video": { "crf": 0 }, "audio": { "bitrate": 96000 } }"#, "mov"),
        ("ladder", #"{ "format": "hls", "width": 320, "height": 180, "video": { "crf": 0 }, "hls": { "renditions": [ { "height": 180 }, { "height": 90 } ] } }"#, "hls"),
        ("small", #"{ "format": "mp4", "width": 160, "height": 90, "video": { "crf": 0 } }"#, "mp4"),
        ("small-m4v", #"{ "format": "m4v", "width": 160, "height": 90, "video": { "crf": 0 } }"#, "m4v"),
        ("poster", #"{ "format": "jpg", "width": 320, "height": 180 }"#, "jpg"),
    ]

    func members(_ ws: Workspace) throws -> [MultiRenderer.Member] {
        try outputs.map { o in
            let json = spec(o.output)
            let decoded = try SpecDecoder.decode(Array(json.utf8)).get()
            return MultiRenderer.Member(name: o.name, output: decoded.output, plan: try ws.plan(json))
        }
    }

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=2",
                          "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=2",
                          "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac", "-shortest", ws.path("clip.mp4")])
        return ws
    }

    func testEachOutputIsItsLoneRenderAndPicturesAreDrawnOncePerSize() throws {
        let ws = try workspace()
        let renderer = MultiRenderer(members: try members(ws))
        XCTAssertEqual(renderer.sharedGroups.map { $0.map(\.name) }, [["big", "big-mov", "ladder"], ["small", "small-m4v"]])
        XCTAssertEqual(renderer.renderedAlone.map(\.name), ["poster"])
        let paths = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, ws.path("\($0.name).\($0.ext)")) })
        var reported: [Double] = []
        try renderer.render(to: paths) { reported.append($0) }
        XCTAssertEqual(renderer.pictureStagesStarted, 2, "one picture stage per distinct size")
        XCTAssertEqual(renderer.videoEncodersOpened, 3, "one encoder per distinct settings in a group")
        XCTAssertEqual(renderer.clipDecoders.shared, 1, "the two sizes drawn in one pass from one decode of the clip")
        XCTAssertEqual(renderer.clipDecoders.alone, 0, "no canvas decoded the clip on its own")
        XCTAssertEqual(renderer.audioEncodersOpened, 2, "the MOV's 96 kb/s, and one for the rest")
        // One encode muxed three times: the MP4's, the MOV's and the 180p rendition's video packets
        // are the same, size for size and keyframe for keyframe (ffprobe reads each container).
        let shared = try ["big", "big-mov"].map { try Tools.packets(paths[$0]!) } + [try Tools.packets(paths["ladder"]! + "/video_180p.m3u8")]
        XCTAssertEqual(shared[0].count, 60)
        XCTAssertEqual(shared[1], shared[0], "the MOV's packets against the MP4's")
        XCTAssertEqual(shared[2], shared[0], "the 180p rendition's packets against the MP4's")
        XCTAssertEqual(reported.last, 1)
        XCTAssertEqual(reported, reported.sorted(), "progress only grows")
        for (o, member) in zip(outputs, renderer.members) {
            // The lone render: `reel render` of the spec with this output alone.
            let alone = ws.path("alone-\(o.name).\(o.ext)")
            let lone = try Tools.run(Tools.reelBinary, ["render", try ws.spec(spec(o.output), name: "\(o.name).json"), "-o", alone])
            XCTAssertEqual(lone.status, 0, lone.stderr)
            XCTAssertEqual(renderer.frameCounts[o.name]?.encoded, o.ext == "jpg" ? 1 : 60, o.name)
            // Each file, or each rendition of the HLS ladder (its playlist) with its size.
            let videos: [(path: String, lone: String, width: Int, height: Int)] = o.ext == "hls"
                ? [("/video_180p.m3u8", 320, 180), ("/video_90p.m3u8", 160, 90)].map { (paths[o.name]! + $0.0, alone + $0.0, $0.1, $0.2) }
                : [(paths[o.name]!, alone, member.plan.width, member.plan.height)]
            for (path, lonePath, w, h) in videos {
                let ours = try Tools.lumaFrames(path, width: w, height: h)
                let theirs = try Tools.lumaFrames(lonePath, width: w, height: h)
                XCTAssertEqual(ours.count, o.ext == "jpg" ? 1 : 60, "\(path): frames")
                XCTAssertEqual(ours.count, theirs.count, "\(path): frames against its lone render")
                for (k, (a, b)) in zip(ours, theirs).enumerated() {
                    XCTAssert(a == b, "\(path) frame \(k): \(PassthroughTests.psnr(a, b)) dB from its lone render's")
                }
                let video = try XCTUnwrap(Tools.stream(try Tools.probe(path), "video"), path)
                XCTAssertEqual([video.int("width"), video.int("height")], [w, h], path)
            }
            if o.ext != "jpg" {
                let audio = o.ext == "hls" ? "/audio.m3u8" : ""
                let samples = try Tools.samples(paths[o.name]! + audio, channels: 2)
                let loneSamples = try Tools.samples(alone + audio, channels: 2)
                XCTAssertEqual(samples[0].count, loneSamples[0].count, "\(o.name): samples")
                XCTAssertGreaterThan(samples[0].count, 90_000, "\(o.name): 2 s of audio")
                // The shared audio encode is the lone render's, packet for packet.
                XCTAssertEqual(try Tools.packets(paths[o.name]! + audio, stream: "a:0"), try Tools.packets(alone + audio, stream: "a:0"), o.name)
            }
        }
        // The box is drawn: the oracle tells the composited pictures from the bare pattern.
        let big = try Tools.yuvFrames(paths["big"]!, width: 320, height: 180)
        let v = { (frame: [UInt8], x: Int, y: Int) in Int(frame[320 * 180 + 320 * 180 / 4 + (y / 2) * 160 + x / 2]) }
        XCTAssertGreaterThan(v(big[30], 80, 45), 200, "the red box (high V) at its centre at 1 s")
        // One audio encode muxed four times: the same payloads in order (the fMP4 muxer marks the
        // priming packet discardable, so the flags differ).
        let payloads = { (packets: [String]) in packets.compactMap { line in line.range(of: "MD5:").map { String(line[$0.upperBound...]) } } }
        let audio = try ["big", "small", "small-m4v"].map { payloads(try Tools.packets(paths[$0]!, stream: "a:0")) }
            + [payloads(try Tools.packets(paths["ladder"]! + "/audio.m3u8", stream: "a:0"))]
        XCTAssertGreaterThan(audio[0].count, 90)
        for (name, packets) in zip(["small", "small-m4v", "ladder"], audio.dropFirst()) { XCTAssertEqual(packets, audio[0], "\(name)'s audio against the MP4's") }
        XCTAssertNotEqual(payloads(try Tools.packets(paths["big-mov"]!, stream: "a:0")), audio[0], "the MOV's own 96 kb/s")
    }

    func testACancelledRenderLeavesNothing() throws {
        let ws = try workspace()
        let renderer = MultiRenderer(members: try members(ws))
        let paths = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, ws.path("\($0.name).\($0.ext)")) })
        let cancel = CancellationToken()
        // Cancelled once the second group is under way: the first group's outputs, already moved
        // into place, are removed again.
        XCTAssertThrowsError(try renderer.render(to: paths, cancel: cancel) { if $0 > 0.6 { cancel.cancel() } }) { error in
            guard case RenderError.cancelled = error else { return XCTFail("expected cancelled, got \(error)") }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: ws.root).filter { $0 != "clip.mp4" }
        XCTAssertEqual(left, [], "no output and no partial file")
    }

    func testEveryOutputNeedsOnePath() throws {
        let ws = try workspace()
        let renderer = MultiRenderer(members: try members(ws))
        XCTAssertThrowsError(try renderer.render(to: ["big": ws.path("big.mp4")])) { error in
            XCTAssertTrue("\(error)".contains("big-mov"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.root), ["clip.mp4"])
    }
}
