import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Passthrough's smart rendering (docs/SPEC.md): the output is decoded with the
/// ffmpeg CLI (`-xerror`, no warnings) and every frame compared with the decoded source frame it
/// must show — copied frames bit for bit, encoded ones at 40 dB PSNR or better and closer to that
/// frame than to its neighbours, so none is off by one.
final class PassthroughTests: XCTestCase {
    /// 320×240 testsrc (a frame counter and moving patterns, so every frame differs from its
    /// neighbours), 30 fps, a GOP every `gop` frames with B-frames, and a tone.
    static func clip(_ ws: Workspace, _ name: String, size: String = "320x240", seconds: Int = 4, gop: Int = 12,
                     x264: String = "bframes=3", profile: String? = nil) throws {
        var args = ["-f", "lavfi", "-i", "testsrc=s=\(size):r=30:d=\(seconds)",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
                    "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                    "-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-x264-params", x264]
        if let profile { args += ["-profile:v", profile] }
        try Tools.ffmpeg(args + ["-c:a", "aac", "-shortest", ws.path(name)])
    }

    /// Decodes every frame with `-xerror`; fails on any warning or error.
    static func decode(_ path: String, width: Int = 320, height: Int = 240,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [[UInt8]] {
        let r = try Tools.run("ffmpeg", ["-v", "warning", "-nostdin", "-xerror", "-i", path, "-map", "0:v:0",
                                         "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        XCTAssertEqual(r.status, 0, "ffmpeg -xerror failed: \(r.stderr)", file: file, line: line)
        XCTAssertEqual(r.stderr, "", "the decoder warned", file: file, line: line)
        let size = width * height * 3 / 2
        let bytes = [UInt8](r.stdout)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0
        for i in 0..<min(a.count, b.count) { let d = Double(a[i]) - Double(b[i]); sum += d * d }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// What output frame `k` must show: a source frame, and whether it was copied.
    struct Expected {
        var source: [[UInt8]]
        var index: Int
    }

    /// Checks every frame against its expectation: copied frames (those of the plan's copy runs)
    /// identical, encoded ones ≥ 40 dB and nearer their frame than its neighbours.
    static func assertFrames(_ output: [[UInt8]], _ expected: [Expected], copied: Set<Int>,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(output.count, expected.count, "frame count", file: file, line: line)
        for (k, e) in zip(output.indices, expected) {
            let want = e.source[e.index]
            if copied.contains(k) {
                XCTAssert(output[k] == want, "copied frame \(k) differs from source frame \(e.index)", file: file, line: line)
                continue
            }
            let p = psnr(output[k], want)
            XCTAssertGreaterThanOrEqual(p, 40, "encoded frame \(k) (source frame \(e.index))", file: file, line: line)
            for n in [e.index - 1, e.index + 1] where e.source.indices.contains(n) {
                XCTAssertGreaterThan(p, psnr(output[k], e.source[n]), "frame \(k) looks like source frame \(n), not \(e.index)",
                                     file: file, line: line)
            }
        }
    }

    /// The output frames the splice plan copies.
    static func copiedFrames(_ plan: RenderPlan) throws -> Set<Int> {
        var out = Set<Int>()
        for piece in try SplicePlanner(plan: plan).make().pieces {
            if case .copy(let run) = piece { out.formUnion((run.outputStart..<(run.outputStart + Int64(run.count))).map(Int.init)) }
        }
        return out
    }

    /// Renders `json` and returns the output, its plan, the copied frame numbers and the counts.
    static func render(_ ws: Workspace, _ json: String) throws -> (path: String, plan: RenderPlan, copied: Set<Int>, counts: FrameCounts) {
        let plan = try ws.plan(json)
        XCTAssertTrue(plan.passthrough)
        let renderer = Renderer(plan: plan)
        try renderer.render(to: ws.path("out.mp4"))
        let counts = try XCTUnwrap(renderer.frameCounts)
        let copied = try copiedFrames(plan)
        XCTAssertEqual(Int64(copied.count), counts.copied)
        XCTAssertEqual(counts.copied + counts.encoded, plan.frameCount)
        return (ws.path("out.mp4"), plan, copied, counts)
    }

    func testCutsOnAndOffKeyframesAndInsideBFrameRuns() throws {
        let ws = try Workspace()
        try Self.clip(ws, "a.mp4")
        let source = try Self.decode(ws.path("a.mp4"))
        XCTAssertEqual(source.count, 120)
        // Item 0 starts on a keyframe (frame 12) and ends mid-GOP; item 1 starts inside a B-frame
        // run (frame 50) and ends one frame before a keyframe; item 2 starts one frame after one.
        let r = try Self.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [
            { "src": "a.mp4", "sourceRange": { "start": 0.4, "duration": "29/30" } },
            { "src": "a.mp4", "sourceRange": { "start": "50/30", "duration": "33/30" } },
            { "src": "a.mp4", "sourceRange": { "start": "61/30", "duration": 1 } } ] } }
        """)
        XCTAssertEqual(r.plan.width, 320)
        XCTAssertEqual(r.plan.frameRate, Rational(30))
        let expected = (12..<41).map { Expected(source: source, index: $0) } + (50..<83).map { Expected(source: source, index: $0) }
            + (61..<91).map { Expected(source: source, index: $0) }
        Self.assertFrames(try Self.decode(r.path), expected, copied: r.copied)
        XCTAssertGreaterThan(r.counts.copied, 50, "whole GOPs are copied")
        XCTAssertGreaterThan(r.counts.encoded, 0, "the cut-ins off keyframes are encoded")
        // Frames 12…35 of item 0 are two whole GOPs from a keyframe: copied.
        XCTAssertTrue(Set(0..<24).isSubset(of: r.copied))
    }
}

/// Passthrough with open GOPs, transitions, overlays, other sources and output options.
final class PassthroughEditingTests: XCTestCase {
    typealias P = PassthroughTests
    typealias Expected = PassthroughTests.Expected

    /// An H.264 source whose matrix is the output's but whose primaries and transfer are not (HLG
    /// in BT.2020) is never copied: every frame is encoded, converted (HLG's reference white, 75 %,
    /// is SDR white).
    func testASourceOfAnotherColourIsEncodedToMatch() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xBFBFBF:s=320x240:r=30:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                          "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "smpte170m", ws.path("hlg.mp4")])
        let r = try P.render(ws, #"{ "version": 1, "output": { "preset": "passthrough" }, "timeline": { "videos": [ { "src": "hlg.mp4" } ] } }"#)
        XCTAssertEqual(r.counts.copied, 0, "nothing copied")
        XCTAssertEqual(r.counts.encoded, 30)
        let luma = try XCTUnwrap(try Tools.lumaFrames(r.path, width: 320, height: 240).first)
        XCTAssertGreaterThanOrEqual(Int(luma[120 * 320 + 160]), 225, "HLG 75 % became SDR white, not grey")
    }

    func testOpenGOPSourceCopiesFromItsIDRFrameAndEncodesOtherCutIns() throws {
        let ws = try Workspace()
        // x264's open GOPs: after the first frame, keyframes are recovery-point I frames whose
        // leading B-frames refer to the GOP before.
        try P.clip(ws, "open.mp4", x264: "bframes=3:open-gop=1")
        let source = try P.decode(ws.path("open.mp4"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [
            { "src": "open.mp4", "sourceRange": { "start": 0, "duration": "41/30" } },
            { "src": "open.mp4", "sourceRange": { "start": "37/30", "duration": "20/30" } } ] } }
        """)
        let expected = (0..<41).map { Expected(source: source, index: $0) } + (37..<57).map { Expected(source: source, index: $0) }
        P.assertFrames(try P.decode(r.path), expected, copied: r.copied)
        XCTAssertGreaterThanOrEqual(r.counts.copied, 36, "the first item is copied from the IDR frame on")
    }

    func testDissolveBetweenTwoCopiedSegmentsEncodesOnlyTheOverlap() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        let source = try P.decode(ws.path("a.mp4"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [
            { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 2 } },
            { "src": "a.mp4", "sourceRange": { "start": 2, "duration": 1.6 } } ],
            "transitions": [ { "type": "dissolve", "duration": 0.4 } ] } }
        """)
        let out = try P.decode(r.path)
        XCTAssertEqual(out.count, 96)
        // Frames 0…47 show a.mp4 0…47, the dissolve is frames 48…59 (a 48…59 into b's 60…71), then b's 72…107.
        let outside = (0..<48).map { Expected(source: source, index: $0) }
        P.assertFrames(Array(out[0..<48]), outside, copied: r.copied.filter { $0 < 48 })
        P.assertFrames(Array(out[60...]), (72..<108).map { Expected(source: source, index: $0) },
                       copied: Set(r.copied.filter { $0 >= 60 }.map { $0 - 60 }))
        for k in 48..<60 {
            XCTAssertFalse(r.copied.contains(k), "dissolve frame \(k) is encoded")
            let p = Double(k - 48) / 12
            let blend = zip(source[k], source[k + 12]).map { UInt8((Double($0) * (1 - p) + Double($1) * p).rounded()) }
            XCTAssertGreaterThan(P.psnr(out[k], blend), 35, "dissolve frame \(k)")
        }
        XCTAssertGreaterThanOrEqual(r.counts.copied, 72, "both sides of the dissolve copy whole GOPs")
    }

    func testOverlayOverPartOfAClipEncodesOnlyItsFrames() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64:d=1", "-frames:v", "1", ws.path("box.png")])
        let source = try P.decode(ws.path("a.mp4"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 3 } } ],
            "overlays": [ { "type": "image", "src": "box.png", "start": 1.2, "duration": 0.8, "position": { "x": 0.5, "y": 0.5 } } ] } }
        """)
        let out = try P.decode(r.path)
        XCTAssertEqual(out.count, 90)
        let plain = Array(0..<36) + Array(60..<90)
        P.assertFrames(plain.map { out[$0] }, plain.map { Expected(source: source, index: $0) },
                       copied: Set(plain.indices.filter { r.copied.contains(plain[$0]) }))
        for k in 36..<60 {
            XCTAssertFalse(r.copied.contains(k))
            XCTAssertEqual(Double(out[k][120 * 320 + 160]), 81, accuracy: 4, "the red box is drawn on frame \(k)")
        }
        XCTAssertTrue(Set(0..<36).isSubset(of: r.copied), "the GOPs before the overlay are copied")
        XCTAssertTrue(Set(60..<84).isSubset(of: r.copied), "whole GOPs after the overlay are copied")
    }

    func testSourceOfAnotherSizeIsEncodedToMatch() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        try P.clip(ws, "small.mp4", size: "160x120", seconds: 2)
        let source = try P.decode(ws.path("a.mp4"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 1.2 } },
                                    { "src": "small.mp4", "sourceRange": { "start": 0, "duration": 1 } },
                                    { "src": "a.mp4", "sourceRange": { "start": 2, "duration": 0.8 } } ] } }
        """)
        XCTAssertEqual(r.plan.width, 320, "the first item's size")
        let out = try P.decode(r.path)
        XCTAssertEqual(out.count, 90)
        P.assertFrames(Array(out[0..<36]), (0..<36).map { Expected(source: source, index: $0) }, copied: r.copied.filter { $0 < 36 })
        P.assertFrames(Array(out[66...]), (60..<84).map { Expected(source: source, index: $0) },
                       copied: Set(r.copied.filter { $0 >= 66 }.map { $0 - 66 }))
        XCTAssertTrue(r.copied.isDisjoint(with: 36..<66), "the smaller clip is encoded")
        // The smaller clip fills the frame: ffmpeg's own bicubic upscale of it is close.
        let scaled = try Tools.run("ffmpeg", ["-v", "error", "-i", ws.path("small.mp4"), "-vf", "scale=320:240:flags=bicubic",
                                               "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        let size = 320 * 240 * 3 / 2
        let big = [UInt8](scaled.stdout)
        for k in 36..<66 {
            let ref = Array(big[(k - 36) * size..<(k - 35) * size])
            XCTAssertGreaterThan(P.psnr(out[k], ref), 28, "frame \(k) shows small.mp4 frame \(k - 36)")
        }
    }

    func testRangeMetadataChaptersAndFaststart() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        let source = try P.decode(ws.path("a.mp4"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough", "range": { "start": "17/30", "duration": 2 },
            "metadata": { "title": "Cut" }, "chapters": [ { "start": 0, "title": "One" }, { "start": 1, "title": "Two" } ],
            "optimizeForNetwork": true },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": "10/30", "duration": 3 } } ] } }
        """)
        // Output frame k is timeline frame 17 + k, which is source frame 27 + k.
        P.assertFrames(try P.decode(r.path), (27..<87).map { Expected(source: source, index: $0) }, copied: r.copied)
        XCTAssertGreaterThan(r.counts.copied, 0)
        let probe = try Tools.probe(r.path)
        let format = try XCTUnwrap(probe["format"] as? [String: Any])
        XCTAssertEqual((format["tags"] as? [String: Any])?["title"] as? String, "Cut")
        XCTAssertEqual((probe["chapters"] as? [[String: Any]])?.count, 2)
        let v = try XCTUnwrap(Tools.stream(probe, "video")), a = try XCTUnwrap(Tools.stream(probe, "audio"))
        XCTAssertEqual(try XCTUnwrap(v.double("duration")), 2, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(a.double("duration")), 2, accuracy: 1.0 / 30)
        XCTAssertEqual(v.double("start_time") ?? -1, 0, accuracy: 0.0001, "video starts at 0 (A/V in sync)")
        // faststart: the moov box comes before mdat.
        let head = try XCTUnwrap(FileHandle(forReadingAtPath: r.path)).readData(ofLength: 4096)
        let moov = head.range(of: Data("moov".utf8)), mdat = head.range(of: Data("mdat".utf8))
        XCTAssertNotNil(moov)
        if let moov, let mdat { XCTAssertLessThan(moov.lowerBound, mdat.lowerBound) }
    }

    func testSourcesWithOtherParameterSetsAreCopiedBesideEachOtherOrEncoded() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        // Another encoder configuration: its SPS/PPS carry id 3, so they fit beside a.mp4's (id 0)
        // in the avcC and its GOPs are copied too.
        try P.clip(ws, "b.mp4", x264: "bframes=2:b-pyramid=none:sps-id=3")
        // Baseline profile with id 0: its SPS 0 is not a.mp4's, so it cannot be copied.
        try P.clip(ws, "c.mp4", x264: "bframes=0", profile: "baseline")
        let (a, b, c) = (try P.decode(ws.path("a.mp4")), try P.decode(ws.path("b.mp4")), try P.decode(ws.path("c.mp4")))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 1 } },
                                    { "src": "b.mp4", "sourceRange": { "start": 0.4, "duration": 1 } },
                                    { "src": "c.mp4", "sourceRange": { "start": 0.4, "duration": 1 } },
                                    { "src": "a.mp4", "sourceRange": { "start": 2, "duration": 0.8 } } ] } }
        """)
        let expected = (0..<30).map { Expected(source: a, index: $0) } + (12..<42).map { Expected(source: b, index: $0) }
            + (12..<42).map { Expected(source: c, index: $0) } + (60..<84).map { Expected(source: a, index: $0) }
        P.assertFrames(try P.decode(r.path), expected, copied: r.copied)
        XCTAssertTrue(Set(30..<54).isSubset(of: r.copied), "b.mp4's whole GOPs are copied")
        XCTAssertTrue(r.copied.isDisjoint(with: 60..<90), "c.mp4 is encoded")
        XCTAssertTrue(Set(90..<114).isSubset(of: r.copied))
        // The sample entry lists both sources' parameter sets and the splice encoder's.
        let sets = try XCTUnwrap(AVCParameterSets(extradata: PacketReader(path: r.path).extradata))
        XCTAssertEqual(Set(sets.sps.map(\.id)), [0, 1, 3])
        XCTAssertEqual(Set(sets.pps.map(\.id)), [0, 1, 3])
        XCTAssertEqual(sets.lengthSize, 4)
    }

    func testAudioStaysInSyncAndSampleExact() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4")
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": "7/30", "duration": "50/30" } },
                                    { "src": "a.mp4", "sourceRange": { "start": 2, "duration": 1 } } ] } }
        """)
        XCTAssertGreaterThan(r.counts.copied, 0)
        let probe = try Tools.probe(r.path)
        let v = try XCTUnwrap(Tools.stream(probe, "video")), a = try XCTUnwrap(Tools.stream(probe, "audio"))
        XCTAssertEqual(v.int("nb_read_frames"), 80)
        XCTAssertEqual(try XCTUnwrap(v.double("duration")), 80.0 / 30, accuracy: 0.0001)
        XCTAssertEqual(v.double("start_time") ?? -1, 0, accuracy: 0.0001)
        XCTAssertEqual(a.double("start_time") ?? -1, 0, accuracy: 0.0001)
        XCTAssertEqual(try XCTUnwrap(a.double("duration")), 80.0 / 30, accuracy: 1.0 / 30, "the audio is as long as the video")
        // 80 frames at 30 fps are 128 000 samples at 48 kHz (AAC decodes to whole 1024-sample frames).
        let samples = try Tools.samples(r.path, channels: 2)
        XCTAssertEqual(Double(samples[0].count), 128_000, accuracy: 1024 * 2 + 1)
    }

    func testVerboseRenderPrintsTheFrameCounts() throws {
        let ws = try Workspace()
        try P.clip(ws, "a.mp4", seconds: 2)
        let spec = try ws.spec("""
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0.1, "duration": 1.5 } } ] } }
        """)
        let r = try Tools.run(Tools.reelBinary, ["render", spec, "-o", ws.path("out.mp4"), "--verbose"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.hasPrefix("video frames:") })
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 2, String(line))
        XCTAssertEqual(numbers.reduce(0, +), 45)
        XCTAssertGreaterThan(numbers[0], 0, "some frames are copied: \(line)")
        XCTAssertGreaterThan(numbers[1], 0, "the cut-in is encoded: \(line)")
    }

    func testAnMPEGTSSourceIsEncodedNotCopied() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=320x240:r=30:d=3", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "12",
                          "-keyint_min", "12", "-sc_threshold", "0", ws.path("a.ts")])
        let source = try P.decode(ws.path("a.ts"))
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "a.ts", "sourceRange": { "start": "5/30", "duration": "50/30" } } ] } }
        """)
        XCTAssertEqual(r.counts.copied, 0, "MPEG-TS seeks are not exact enough to find a run again")
        // The render goes through the ordinary path and decodes cleanly (its seeks into MPEG-TS
        // back off until they land before the trim point: InexactSeekTests).
        XCTAssertEqual(try P.decode(r.path).count, 50)
        XCTAssertEqual(source.count, 90)
    }

    func testAnHEVCFirstItemMakesAnHEVCOutputEncodedWhole() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=320x240:r=25:d=1", "-pix_fmt", "yuv420p", "-c:v", "libx265",
                          "-x265-params", "log-level=error", ws.path("h.mp4")])
        let r = try P.render(ws, """
        { "version": 1, "output": { "preset": "passthrough" },
          "timeline": { "videos": [ { "src": "h.mp4", "sourceRange": { "start": 0.2, "duration": 0.6 } } ] } }
        """)
        XCTAssertEqual(r.plan.frameRate, Rational(25), "the first item's rate")
        XCTAssertEqual(r.counts, FrameCounts(copied: 0, encoded: 15), "HEVC is not spliced: every frame is encoded")
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(r.path), "video"))
        XCTAssertEqual(v["codec_name"] as? String, "hevc", "the first item's codec")
        XCTAssertEqual(try P.decode(r.path).count, 15)
    }
}
