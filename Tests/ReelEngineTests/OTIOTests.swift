import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// OpenTimelineIO timelines (docs/API.md (OpenTimelineIO)). The oracle is the `opentimelineio` library itself
/// (pinned, in the tests' Python environment): it builds each timeline here and computes what OTIO
/// says plays at each output frame (its `duration()`, each clip's `range_in_parent()` and
/// `trimmed_range()`, transitions' offsets); the media are numbered (frame N has luma N), so the
/// frame Reel shows is read back from the decoded output.
final class OTIOTests: XCTestCase {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/pyvenv/bin/python").path

    /// Runs `script` with opentimelineio imported as `otio` (and the helpers below) in `ws`'s
    /// directory; returns its stdout.
    func otio(_ ws: Workspace, _ script: String) throws -> String {
        let prelude = """
        import json, opentimelineio as otio

        # Frames at 24 fps and a clip of them, for the tests that need nothing else (others define their own).
        def t(v): return otio.opentime.RationalTime(v, 24)

        def clip(url, s, d):
            return otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url=url),
                                    source_range=otio.opentime.TimeRange(t(s), t(d)))

        def timeline(*tracks, name="cut"):
            tl = otio.schema.Timeline(name=name)
            for tr in tracks: tl.tracks.append(tr)
            return tl

        def shown_frames(tl):
            # What OTIO says each output frame shows: the first video track's source frame (counted
            # from the media's available range), "mix" inside a transition, "layer" under a clip of a
            # higher video track, None in a gap.
            base = tl.video_tracks()[0]
            shown = [None] * int(tl.duration().to_frames())
            for c in base.find_clips():
                r = c.range_in_parent()
                first = c.trimmed_range().start_time.to_frames() - c.media_reference.available_range.start_time.to_frames()
                for i in range(int(r.duration.to_frames())):
                    shown[int(r.start_time.to_frames()) + i] = first + i
            for tr in base.find_children(descended_from_type=otio.schema.Transition):
                cut = tr.range_in_parent().start_time.to_frames() + tr.in_offset.to_frames()
                for f in range(cut - tr.in_offset.to_frames(), cut + tr.out_offset.to_frames()):
                    shown[f] = "mix"
            for upper in tl.video_tracks()[1:]:
                for c in upper.find_clips():
                    r = c.range_in_parent()
                    for f in range(int(r.start_time.to_frames()), int(r.end_time_exclusive().to_frames())):
                        shown[f] = "layer"
            return shown

        """
        let r = try Tools.run(Self.python, ["-c", prelude + script], cwd: ws.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        return String(decoding: r.stdout, as: UTF8.self)
    }

    /// Luma at the centre of every frame of `path` (32x32 outputs), as coded.
    static func lumas(_ path: String) throws -> [Int] {
        // yuv420p as stored: the Y plane's code values, no range conversion.
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = [UInt8](r.stdout)
        return stride(from: 16 * 32 + 16, to: bytes.count, by: 32 * 32 * 3 / 2).map { Int(bytes[$0]) }
    }

    /// The job for an .otio file written by the script.
    func job(_ ws: Workspace, _ file: String, output: String = #"{ "width": 32, "height": 32 }"#, relink: String = "{}") throws -> String {
        let otio = try String(contentsOfFile: ws.path(file), encoding: .utf8)
        return #"{ "version": 1, "output": \#(output), "relink": \#(relink), "otio": \#(otio) }"#
    }

    /// A cut with OTIO's semantics: clips at their source ranges, a dissolve centred on a cut with
    /// handles (the timeline is not shortened), a gap, and a clip whose media starts at a timecode
    /// (its `available_range`); every frame Reel shows outside the dissolve is the one OTIO says.
    func testACutPlaysAsOTIOSaysFrameForFrame() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "32x32", rate: "24", seconds: 4)
        try ws.lumaRamp("b.mp4", size: "32x32", rate: "24", seconds: 4)
        let expected = try otio(ws, """
        R = 24
        def t(v): return otio.opentime.RationalTime(v, R)
        def clip(name, url, start, dur, avail_start=0):
            ref = otio.schema.ExternalReference(target_url=url,
                available_range=otio.opentime.TimeRange(t(avail_start), t(96)))
            return otio.schema.Clip(name=name, media_reference=ref, source_range=otio.opentime.TimeRange(t(start), t(dur)))
        track = otio.schema.Track(kind=otio.schema.TrackKind.Video)
        track.append(clip("A", "file:///Volumes/cut/a.mp4", 10, 24))
        track.append(otio.schema.Transition(transition_type=otio.schema.TransitionTypes.SMPTE_Dissolve, in_offset=t(6), out_offset=t(4)))
        track.append(clip("B", "b.mp4", 30, 20))
        track.append(otio.schema.Gap(source_range=otio.opentime.TimeRange(t(0), t(12))))
        track.append(clip("C", "file:///Volumes/cut/c.mov", 86400 + 40, 12, avail_start=86400))
        tl = timeline(track)
        tl.tracks.markers.append(otio.schema.Marker(name="Second half", marked_range=otio.opentime.TimeRange(t(44), t(0))))
        otio.adapters.write_to_file(tl, "cut.otio")
        print(json.dumps({"frames": int(tl.duration().to_frames()), "shown": shown_frames(tl)}))
        """)
        let oracle = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: Any] ?? [:]
        let frames = oracle["frames"] as? Int ?? -1
        XCTAssertEqual(frames, 24 + 20 + 12 + 12, "OTIO: the dissolve does not shorten the timeline")
        let shown = oracle["shown"] as? [Any] ?? []
        try FileManager.default.copyItem(atPath: ws.path("a.mp4"), toPath: ws.path("c.mp4"))
        let spec = try job(ws, "cut.otio", relink: #"{ "file:///Volumes/cut/c.mov": "c.mp4" }"#)
        let plan = try ws.plan(spec)
        XCTAssertEqual(plan.frameCount, Int64(frames))
        XCTAssertEqual(plan.chapters.map { $0.title }, ["Second half"])
        XCTAssertEqual(plan.chapters.first?.start, Time(value: 44, timescale: 24))
        let out = try ws.render(spec)
        let got = try Self.lumas(out)
        XCTAssertEqual(got.count, frames)
        var checked = 0
        for (i, s) in shown.enumerated() where i < got.count {
            if let n = s as? Int {
                XCTAssertEqual(got[i], n, accuracy: 2, "output frame \(i) shows source frame \(n)")
                checked += 1
            } else if s is NSNull {
                XCTAssertLessThanOrEqual(got[i], 17, "output frame \(i) is the gap (black)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 55)
        // Mid-dissolve: A's frame beyond its range (a handle) mixed with B's before its range.
        let cut = 24
        XCTAssertEqual(Double(got[cut]), (Double(10 + 24) + Double(30)) / 2, accuracy: 4, "half A's handle, half B's")
    }

    /// NTSC rates and timecode: a clip of a 23.976 file whose media starts at 01:00:00:00 takes the
    /// frame its source range names, exactly.
    func testNTSCTimecodeLandsOnItsFrame() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ntsc.mp4", size: "32x32", rate: "24000/1001", seconds: 4)
        _ = try otio(ws, """
        R = 24000 / 1001
        def t(v): return otio.opentime.RationalTime(v, R)
        start = otio.opentime.from_timecode("01:00:00:00", R).value
        ref = otio.schema.ExternalReference(target_url="ntsc.mp4", available_range=otio.opentime.TimeRange(t(start), t(96)))
        c = otio.schema.Clip(media_reference=ref, source_range=otio.opentime.TimeRange(t(start + 37), t(10)))
        tl = timeline(otio.schema.Track(children=[c]))
        otio.adapters.write_to_file(tl, "ntsc.otio")
        """)
        let plan = try ws.plan(try job(ws, "ntsc.otio"))
        XCTAssertEqual(plan.frameRate, Rational(24000, 1001))
        XCTAssertEqual(plan.frameCount, 10)
        let got = try Self.lumas(try ws.render(try job(ws, "ntsc.otio")))
        XCTAssertEqual(got.count, 10)
        for (i, l) in got.enumerated() { XCTAssertEqual(l, 37 + i, accuracy: 2, "frame \(i)") }
    }

    /// A `LinearTimeWarp` keeps the clip's length in the track (OTIO's `duration()` ignores effects)
    /// and plays its media `time_scalar` times as fast from the range's start.
    func testATimeWarpPlaysFasterInTheSameTrackTime() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "32x32", rate: "24", seconds: 3)
        let frames = try otio(ws, """
        c = otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url="a.mp4"),
                             source_range=otio.opentime.TimeRange(t(10), t(12)))
        c.effects.append(otio.schema.LinearTimeWarp(time_scalar=2))
        tl = timeline(otio.schema.Track(children=[c]))
        otio.adapters.write_to_file(tl, "warp.otio")
        print(int(tl.duration().to_frames()))
        """)
        XCTAssertEqual(frames.trimmingCharacters(in: .whitespacesAndNewlines), "12")
        let got = try Self.lumas(try ws.render(try job(ws, "warp.otio")))
        XCTAssertEqual(got.count, 12)
        for (i, l) in got.enumerated() { XCTAssertEqual(l, 10 + 2 * i, accuracy: 2, "frame \(i)") }
    }

    /// A nested stack (a compound clip) and a track inside a track (a nested sequence), each trimmed
    /// by its own `source_range` (one longer than its track), play what the library finds at each time (`child_at_time` with a
    /// deep search, `transformed_time` into the clip).
    func testNestedStacksAndTracksPlayAsTheLibrarySays() throws {
        let ws = try Workspace()
        for name in ["a.mp4", "b.mp4", "c.mp4"] { try ws.lumaRamp(name, size: "32x32", rate: "24", seconds: 4) }
        let oracle = try otio(ws, """
        inner = otio.schema.Track(children=[clip("b.mp4", 10, 12), clip("c.mp4", 40, 12)])
        nested = otio.schema.Stack(children=[inner], source_range=otio.opentime.TimeRange(t(6), t(12)))
        short = otio.schema.Stack(children=[otio.schema.Track(children=[clip("c.mp4", 70, 4)])],
                                  source_range=otio.opentime.TimeRange(t(0), t(8)))
        sequence = otio.schema.Track(children=[clip("b.mp4", 60, 10)], source_range=otio.opentime.TimeRange(t(2), t(6)))
        track = otio.schema.Track(children=[clip("a.mp4", 0, 12), nested, sequence, short, clip("a.mp4", 30, 6)])
        tl = timeline(track)
        otio.adapters.write_to_file(tl, "nested.otio")
        shown = []
        for f in range(int(tl.duration().to_frames())):
            c = track.child_at_time(t(f), shallow_search=False)
            shown.append(int(track.transformed_time(t(f), c).to_frames()) if isinstance(c, otio.schema.Clip) else None)
        print(json.dumps(shown))
        """)
        let shown = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [Any] ?? []
        XCTAssertEqual(shown.count, 44)
        let got = try Self.lumas(try ws.render(try job(ws, "nested.otio")))
        XCTAssertEqual(got.count, shown.count)
        var gaps = 0
        for (i, s) in shown.enumerated() where i < got.count {
            if let n = s as? Int {
                XCTAssertEqual(got[i], n, accuracy: 2, "output frame \(i) shows source frame \(n)")
            } else {
                XCTAssertLessThanOrEqual(got[i], 17, "output frame \(i): the short stack's remainder is a gap")
                gaps += 1
            }
        }
        XCTAssertEqual(gaps, 4, "a stack longer than its track leaves a gap")
    }

    /// A transition in an audio track is a crossfade over the library's transition range: the
    /// outgoing clip plays on into its handle fading out, the incoming one starts early fading in.
    func testAnAudioTransitionIsACrossfade() throws {
        let ws = try Workspace()
        try ws.lumaRamp("v.mp4", size: "32x32", rate: "24", seconds: 4)
        for (name, tone) in [("a.m4a", 440), ("b.m4a", 1000)] {
            try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000:duration=4", ws.path(name)])
        }
        let oracle = try otio(ws, """
        picture = otio.schema.Track(children=[clip("v.mp4", 0, 48)])
        sound = otio.schema.Track(kind=otio.schema.TrackKind.Audio)
        sound.append(clip("a.m4a", 12, 24))
        sound.append(otio.schema.Transition(transition_type="SMPTE_Dissolve", in_offset=t(6), out_offset=t(6)))
        sound.append(clip("b.m4a", 24, 24))
        tl = timeline(picture, sound)
        otio.adapters.write_to_file(tl, "sound.otio")
        tr = sound.find_children(descended_from_type=otio.schema.Transition)[0]
        r = tr.range_in_parent()
        print(json.dumps([r.start_time.to_frames(), r.duration.to_frames()]))
        """)
        let window = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [Int] ?? []
        XCTAssertEqual(window, [18, 12], "the library centres the transition on the cut at frame 24")
        let plan = try ws.plan(try job(ws, "sound.otio"))
        XCTAssertEqual(plan.frameCount, 48)
        let spec = try SpecDecoder.decode(Array(try job(ws, "sound.otio").utf8)).get()
        let (a, b) = (spec.timeline.voiceOvers[0], spec.timeline.voiceOvers[1])
        let frame = { (n: Int64) in Time(value: n, timescale: 24) }
        XCTAssertEqual(a.start, .zero)
        XCTAssertEqual(a.sourceRange, TimeRange(start: frame(12), duration: frame(30)), "A plays on 6 frames into its handle")
        XCTAssertEqual(a.fadeOut, frame(12))
        XCTAssertEqual(b.start, frame(18), "B starts where the library's transition does")
        XCTAssertEqual(b.sourceRange, TimeRange(start: frame(18), duration: frame(30)))
        XCTAssertEqual(b.fadeIn, frame(12))
    }

    /// A reference without `available_range`: the clip's source range counts from the file's own
    /// start timecode (a camera file stamped 01:00:00:00), as docs/API.md (OpenTimelineIO) says.
    func testWithoutAnAvailableRangeTheFilesTimecodeIsItsStart() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=32x32:r=24:d=12,format=yuv420p,geq=lum='mod(N,256)':cb=128:cr=128",
                          "-c:v", "libx264", "-qp", "0", "-timecode", "01:00:00:00", ws.path("camera.mov")])
        XCTAssertEqual(try MediaProbe.probe(path: ws.path("camera.mov")).video?.startTimecode, Time(seconds: 3600))
        _ = try otio(ws, """
        c = otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url="camera.mov"),
                             source_range=otio.opentime.TimeRange(otio.opentime.from_timecode("01:00:10:00", 24), t(10)))
        otio.adapters.write_to_file(timeline(otio.schema.Track(children=[c])), "camera.otio")
        """)
        let got = try Self.lumas(try ws.render(try job(ws, "camera.otio")))
        XCTAssertEqual(got.count, 10)
        for (i, l) in got.enumerated() { XCTAssertEqual(l, 240 + i, accuracy: 2, "frame \(i) is the file's frame \(240 + i)") }
    }

    /// Timecode labels as times: non-drop at 24 and 23.976, drop-frame at 29.97 (frames ;00 and ;01
    /// of each minute but every tenth are skipped labels).
    func testTimecodeLabels() {
        XCTAssertEqual(SMPTETimecode.time("01:00:00:00", rate: Rational(24)), Time(seconds: 3600))
        XCTAssertEqual(SMPTETimecode.time("01:00:00:00", rate: Rational(24000, 1001)), Time(value: 86400 * 1001, timescale: 24000))
        XCTAssertEqual(SMPTETimecode.time("00:01:00;02", rate: Rational(30000, 1001)), Time(value: 1800 * 1001, timescale: 30000))
        XCTAssertEqual(SMPTETimecode.time("01:00:00;00", rate: Rational(30000, 1001)), Time(value: 107_892 * 1001, timescale: 30000))
        XCTAssertNil(SMPTETimecode.time("01:00:00:24", rate: Rational(24)), "frame 24 does not exist at 24 fps")
        XCTAssertNil(SMPTETimecode.time("garbage", rate: Rational(24)))
        // Labels back from times, drop-frame counted as it skips.
        for (label, rate) in [("01:00:00:00", Rational(24)), ("00:01:00;02", Rational(30000, 1001)), ("01:00:00;00", Rational(30000, 1001)),
                              ("00:09:59;29", Rational(30000, 1001)), ("00:10:00;00", Rational(30000, 1001)), ("23:59:59:24", Rational(25))] {
            let t = SMPTETimecode.time(label, rate: rate)
            XCTAssertNotNil(t, label)
            XCTAssertEqual(t.flatMap { SMPTETimecode.label($0, rate: rate) }, label)
        }
    }

    /// `global_start_time` is the output's start timecode (a `tmcd` track in a mov).
    func testTheGlobalStartTimeIsTheOutputsTimecode() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "32x32", rate: "24", seconds: 1)
        _ = try otio(ws, """
        c = otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url="a.mp4"),
                             source_range=otio.opentime.TimeRange(t(0), t(12)))
        tl = timeline(otio.schema.Track(children=[c]))
        tl.global_start_time = otio.opentime.from_timecode("01:00:00:00", 24)
        otio.adapters.write_to_file(tl, "start.otio")
        """)
        let out = try ws.render(try job(ws, "start.otio", output: #"{ "format": "mov", "width": 32, "height": 32 }"#), to: "start.mov")
        let r = try Tools.run("ffprobe", ["-v", "error", "-show_entries", "stream_tags=timecode", "-of", "csv=p=0", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(String(decoding: r.stdout, as: UTF8.self).contains("01:00:00:00"), String(decoding: r.stdout, as: UTF8.self))
    }

    /// A dissolve in a layered video track: frames outside it are the library's, the middle frame
    /// the even mix of the outgoing clip's handle and the incoming clip's frame before its range.
    func testADissolveInALayeredTrack() throws {
        let ws = try Workspace()
        for name in ["a.mp4", "b.mp4"] { try ws.lumaRamp(name, size: "32x32", rate: "24", seconds: 4) }
        let oracle = try otio(ws, """
        base = otio.schema.Track(children=[clip("a.mp4", 30, 60)])
        upper = otio.schema.Track(children=[otio.schema.Gap(source_range=otio.opentime.TimeRange(t(0), t(6))), clip("b.mp4", 10, 24)])
        upper.append(otio.schema.Transition(transition_type="SMPTE_Dissolve", in_offset=t(6), out_offset=t(6)))
        upper.append(clip("b.mp4", 40, 24))
        tl = timeline(base, upper)
        otio.adapters.write_to_file(tl, "layers.otio")
        shown = []
        for f in range(int(tl.duration().to_frames())):
            c = upper.child_at_time(t(f))
            top = isinstance(c, otio.schema.Clip)
            shown.append(int(upper.transformed_time(t(f), c).to_frames()) if top else int(base.transformed_time(t(f), base[0]).to_frames()))
        tr = upper.find_children(descended_from_type=otio.schema.Transition)[0]
        print(json.dumps({"shown": shown, "window": [tr.range_in_parent().start_time.to_frames(), tr.range_in_parent().end_time_exclusive().to_frames()]}))
        """)
        let o = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [String: Any] ?? [:]
        let shown = o["shown"] as? [Int] ?? [], window = o["window"] as? [Int] ?? [0, 0]
        XCTAssertEqual(window, [24, 36])
        let got = try Self.lumas(try ws.render(try job(ws, "layers.otio")))
        XCTAssertEqual(got.count, shown.count)
        for (i, n) in shown.enumerated() where i < got.count && !(window[0]..<window[1]).contains(i) {
            XCTAssertEqual(got[i], n, accuracy: 2, "output frame \(i) shows source frame \(n)")
        }
        // At the cut (frame 30): half the first clip's frame 10 + 24 (its handle) and half the second
        // clip's 40 (it started 6 frames early from 34).
        XCTAssertEqual(Double(got[30]), (34.0 + 40.0) / 2, accuracy: 3)
    }

    /// Everything Reel cannot play is reported at once, each at its pointer into `otio`.
    func testWhatCannotBePlayedIsReportedAtItsPointer() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "32x32", rate: "24", seconds: 2)
        _ = try otio(ws, """
        def clip(url):
            return otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url=url),
                                    source_range=otio.opentime.TimeRange(t(0), t(10)))
        track = otio.schema.Track()
        frozen = clip("a.mp4"); frozen.effects.append(otio.schema.FreezeFrame())
        track.append(frozen)
        track.append(otio.schema.Clip(media_reference=otio.schema.MissingReference(), source_range=otio.opentime.TimeRange(t(0), t(10))))
        track.append(otio.schema.Transition(transition_type="Custom_Wipe", in_offset=t(2), out_offset=t(2)))
        track.append(clip("/abs/path/x.mov"))
        tl = timeline(track)
        otio.adapters.write_to_file(tl, "bad.otio")
        """)
        XCTAssertThrowsError(try ws.plan(try job(ws, "bad.otio"))) { error in
            let pointers = Set((error as? SpecProblems)?.problems.map(\.pointer) ?? [])
            let track = "/otio/tracks/children/0/children"
            XCTAssertTrue(pointers.contains("\(track)/0/effects/0"), "freeze frame: \(pointers)")
            XCTAssertTrue(pointers.contains { $0.hasPrefix("\(track)/1/media_references") }, "missing reference: \(pointers)")
            XCTAssertTrue(pointers.contains("\(track)/2/transition_type"), "transition type: \(pointers)")
            XCTAssertTrue(pointers.contains { $0.hasPrefix("\(track)/3/media_references") }, "unreadable URL: \(pointers)")
        }
    }

    /// Problems found while planning (a handle the media does not have) name the OTIO place.
    func testAMissingHandleIsReportedAtTheClip() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "32x32", rate: "24", seconds: 1)
        _ = try otio(ws, """
        def clip(start, dur):
            return otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url="a.mp4"),
                                    source_range=otio.opentime.TimeRange(t(start), t(dur)))
        track = otio.schema.Track()
        track.append(clip(0, 20))
        track.append(otio.schema.Transition(transition_type="SMPTE_Dissolve", in_offset=t(2), out_offset=t(8)))
        track.append(clip(4, 10))
        otio.adapters.write_to_file(timeline(track), "short.otio")
        """)
        XCTAssertThrowsError(try ws.plan(try job(ws, "short.otio"))) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.pointer), ["/otio/tracks/children/0/children/0/source_range"],
                           problems.map(\.description).joined(separator: "\n"))
            XCTAssertTrue(problems.first?.message.contains("a.mp4") ?? false)
        }
    }

    /// `reel render CUT.otio --media DIR` reads the editor's file as it is (its `file://` media by
    /// name under DIR); `reel validate` names problems by pointers into the file itself.
    func testTheCLIRendersAnOTIOFile() throws {
        let ws = try Workspace()
        let media = ws.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try ws.lumaRamp("media/shot.mp4", size: "32x32", rate: "25", seconds: 2)
        _ = try otio(ws, """
        def t(v): return otio.opentime.RationalTime(v, 25)
        c = otio.schema.Clip(media_reference=otio.schema.ExternalReference(target_url="file:///Volumes/Edit/shot.mp4"),
                             source_range=otio.opentime.TimeRange(t(5), t(20)))
        otio.adapters.write_to_file(timeline(otio.schema.Track(children=[c])), "cut.otio")
        bad = otio.schema.Clip(media_reference=otio.schema.MissingReference(), source_range=otio.opentime.TimeRange(t(0), t(5)))
        otio.adapters.write_to_file(timeline(otio.schema.Track(children=[bad])), "bad.otio")
        """)
        let r = try Tools.run(Tools.reelBinary, ["render", ws.path("cut.otio"), "-o", ws.path("cut.mp4"), "--media", media])
        XCTAssertEqual(r.status, 0, r.stderr)
        let got = try Self.lumas(ws.path("cut.mp4"))
        XCTAssertEqual(got.count, 20)
        for (i, l) in got.enumerated() { XCTAssertEqual(l, 5 + i, accuracy: 2, "frame \(i)") }
        let v = try Tools.run(Tools.reelBinary, ["validate", ws.path("bad.otio"), "--media", media])
        XCTAssertNotEqual(v.status, 0)
        XCTAssertTrue(v.stderr.contains("/tracks/children/0/children/0/media_references/DEFAULT_MEDIA:"), v.stderr)
        XCTAssertFalse(v.stderr.contains("/otio/"), "pointers are into the file: \(v.stderr)")
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/otio")

    /// OTIO's own sample timelines that Reel supports play as the library says: their media relinked
    /// by file name to numbered clips made here (each a second longer than its reference's
    /// available range, whose first frame is that range's start), the output as long as `duration()`, and every frame
    /// of the first video track outside transitions and higher tracks the source frame OTIO computes.
    func testOTIOsOwnSamplesPlayAsTheLibrarySays() throws {
        for name in ["simple_cut", "transition", "multiple_track"] {
            let ws = try Workspace()
            try FileManager.default.copyItem(atPath: Self.samples.appendingPathComponent(name + ".otio").path, toPath: ws.path("cut.otio"))
            let oracle = try otio(ws, """
            tl = otio.adapters.read_from_file("cut.otio")
            media = {}
            for c in tl.find_clips():
                r = c.media_reference
                media[r.target_url.split("/")[-1]] = max(media.get(r.target_url.split("/")[-1], 0),
                    int(r.available_range.duration.to_frames()))
            print(json.dumps({"frames": int(tl.duration().to_frames()), "shown": shown_frames(tl), "media": media}))
            """)
            let o = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [String: Any] ?? [:]
            for (file, frames) in o["media"] as? [String: Int] ?? [:] {
                // A second past the declared range: the file, not `available_range`, bounds the
                // handles (transition.otio's dissolve reaches past wind-up.mov's declared 9 frames).
                try ws.lumaRamp(file, size: "32x32", rate: "24", seconds: Double(frames + 24) / 24)
            }
            let frames = o["frames"] as? Int ?? -1
            let spec = try job(ws, "cut.otio")
            XCTAssertEqual(try ws.plan(spec).frameCount, Int64(frames), name)
            let got = try Self.lumas(try ws.render(spec))
            XCTAssertEqual(got.count, frames, name)
            var checked = 0
            for (i, s) in (o["shown"] as? [Any] ?? []).enumerated() where i < got.count {
                guard let n = s as? Int else { continue }
                XCTAssertEqual(got[i], n, accuracy: 2, "\(name): output frame \(i) shows source frame \(n)")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, name)
        }
    }

    /// The samples Reel cannot play (missing media, a freeze frame) are refused with
    /// every such place named at once.
    func testOTIOsOwnUnplayableSamplesAreRefusedWithPointers() throws {
        let ws = try Workspace()
        for (name, expected) in [("nested_example", ["freeze frame", "MissingReference"]), ("preflattened", ["MissingReference"])] {
            let otio = try String(contentsOf: Self.samples.appendingPathComponent(name + ".otio"), encoding: .utf8)
            XCTAssertThrowsError(try ws.plan(#"{ "version": 1, "otio": \#(otio) }"#), name) { error in
                let problems = (error as? SpecProblems)?.problems ?? []
                XCTAssertGreaterThan(problems.count, 1, "\(name): every problem at once")
                XCTAssertTrue(problems.allSatisfy { $0.pointer.hasPrefix("/otio/") }, "\(name): \(problems)")
                for word in expected {
                    XCTAssertTrue(problems.contains { $0.message.lowercased().contains(word.lowercased()) }, "\(name): \(word) in \(problems)")
                }
            }
        }
    }

    /// An `ImageSequenceReference` plays the files OTIO's library says (its `frame_for_time` for
    /// each clip's range, a dissolve taking its frames from the handles): two clips of one render's
    /// frames 1001–1048, relinked from the editor's folder to one under the media root.
    func testAnImageSequencePlaysTheFramesTheLibraryNames() throws {
        let ws = try Workspace()
        try ImageSequenceTests.frames(ws, "renders/sh010")
        let oracle = try otio(ws, """
        ref = lambda: otio.schema.ImageSequenceReference(target_url_base="file:///mnt/show/sh010/v003/", name_prefix="beauty.",
            name_suffix=".png", start_frame=1001, frame_step=1, rate=24, frame_zero_padding=4,
            available_range=otio.opentime.TimeRange(t(1001), t(48)))
        a = otio.schema.Clip(name="A", media_reference=ref(), source_range=otio.opentime.TimeRange(t(1004), t(12)))
        b = otio.schema.Clip(name="B", media_reference=ref(), source_range=otio.opentime.TimeRange(t(1030), t(10)))
        track = otio.schema.Track(children=[a, otio.schema.Transition(transition_type="SMPTE_Dissolve", in_offset=t(2), out_offset=t(2)), b])
        tl = timeline(track)
        otio.adapters.write_to_file(tl, "seq.otio")
        files = []
        for c in (a, b):
            first = c.media_reference.frame_for_time(c.trimmed_range().start_time)
            files += [first + i for i in range(int(c.trimmed_range().duration.to_frames()))]
        print(json.dumps({"frames": int(tl.duration().to_frames()), "shown": shown_frames(tl), "files": files,
                          "url": a.media_reference.target_url_for_image_number(0)}))
        """)
        let o = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as? [String: Any] ?? [:]
        XCTAssertEqual(o["url"] as? String, "file:///mnt/show/sh010/v003/beauty.1001.png")
        let files = o["files"] as? [Int] ?? []
        XCTAssertEqual(files.count, 22)
        let spec = try job(ws, "seq.otio", relink: #"{ "file:///mnt/show/sh010/v003/": "renders/sh010" }"#)
        let got = try Self.lumas(try ws.render(spec))
        XCTAssertEqual(got.count, o["frames"] as? Int)
        var checked = 0
        for (i, s) in (o["shown"] as? [Any] ?? []).enumerated() where i < got.count && s is Int {
            // Outside the dissolve, output frame i is the file the library named for it.
            XCTAssertEqual(Double(got[i]), ImageSequenceTests.coded(20 + 3 * (files[i] - 1001)), accuracy: 2, "output frame \(i): file \(files[i])")
            checked += 1
        }
        XCTAssertEqual(checked, 22 - 4)
    }

    /// A sequence Reel cannot play is refused at its reference's members: a frame step, a folder on
    /// the web, and (found by the resolver) a frame missing from the available range.
    func testImageSequenceProblemsAreReportedAtTheirPointers() throws {
        let ws = try Workspace()
        try ImageSequenceTests.frames(ws, "v003", count: 24)
        try FileManager.default.removeItem(atPath: ws.path("v003/beauty.1010.png"))
        _ = try otio(ws, """
        def clip(base, step=1):
            ref = otio.schema.ImageSequenceReference(target_url_base=base, name_prefix="beauty.", name_suffix=".png", start_frame=1001,
                frame_step=step, rate=24, frame_zero_padding=4, available_range=otio.opentime.TimeRange(t(1001), t(24)))
            return otio.schema.Clip(media_reference=ref, source_range=otio.opentime.TimeRange(t(1001), t(10)))
        track = otio.schema.Track(children=[clip("file:///mnt/show/v003/", step=2), clip("https://cdn.example.com/v003/"),
                                            clip("file:///mnt/show/v003/")])
        otio.adapters.write_to_file(timeline(track), "bad.otio")
        """)
        XCTAssertThrowsError(try ws.plan(try job(ws, "bad.otio"))) { error in
            let problems = (error as? SpecProblems)?.problems ?? []
            let ref = "/otio/tracks/children/0/children/%d/media_references/DEFAULT_MEDIA"
            XCTAssertEqual(problems.map(\.pointer), [String(format: ref, 0) + "/frame_step", String(format: ref, 1) + "/target_url_base"],
                           "\(problems)")
        }
        // The OTIO itself is fine once those two are; the missing frame is found when planning.
        _ = try otio(ws, """
        ref = otio.schema.ImageSequenceReference(target_url_base="file:///mnt/show/v003/", name_prefix="beauty.", name_suffix=".png",
            start_frame=1001, rate=24, frame_zero_padding=4, available_range=otio.opentime.TimeRange(t(1001), t(24)))
        otio.adapters.write_to_file(timeline(otio.schema.Track(children=[otio.schema.Clip(media_reference=ref,
            source_range=otio.opentime.TimeRange(t(1001), t(10)))])), "gap.otio")
        """)
        XCTAssertThrowsError(try ws.plan(try job(ws, "gap.otio"))) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.pointer), ["/otio/tracks/children/0/children/0/media_references/DEFAULT_MEDIA/target_url_base"])
            XCTAssertTrue(problems.first?.message.contains("missing 1 of its 24 frames (1010)") ?? false, "\(problems)")
        }
    }

    /// A spec whose clip is a `sequence:` is written as an `ImageSequenceReference` the library
    /// reads (the file of each frame where it is), and reads back into the same frames.
    func testASequenceRoundTripsThroughOTIO() throws {
        let ws = try Workspace()
        try ImageSequenceTests.frames(ws, "renders/sh%20")
        let spec = #"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 24 }, "timeline": { "videos": [ { "src": "sequence:renders/sh%%20/beauty.%04d.png?first=1001&rate=24", "sourceRange": { "start": 0.5, "duration": 1 } } ] } }"#
        try ws.spec(spec, name: "spec.json")
        let direct = try frameDigests(try ws.render(spec, to: "direct.mp4"))
        let written = try Tools.run(Tools.reelBinary, ["otio", ws.path("spec.json"), "-o", ws.path("cut.otio")], cwd: ws.root)
        XCTAssertEqual(written.status, 0, written.stderr)
        let read = try otio(ws, """
        tl = otio.adapters.read_from_file("cut.otio")
        c = tl.find_clips()[0]
        otio.adapters.write_to_file(tl, "rewritten.otio")
        print(json.dumps([type(c.media_reference).__name__, c.media_reference.target_url_for_image_number(0),
                          c.media_reference.frame_for_time(c.trimmed_range().start_time)]))
        """)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [AnyHashable],
                       ["ImageSequenceReference", "renders/sh%20/beauty.1001.png", 1013])
        let again = try frameDigests(try ws.render(try job(ws, "rewritten.otio", output: #"{ "width": 32, "height": 32, "frameRate": 24 }"#),
                                                    to: "again.mp4"))
        XCTAssertEqual(again.count, 24)
        XCTAssertEqual(again, direct, "the same frames")
    }

    /// Decoded frames' MD5s (ffmpeg's framemd5), one per frame.
    func frameDigests(_ path: String) throws -> [String] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v", "-f", "framemd5", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: ",").last ?? "").trimmingCharacters(in: .whitespaces) }
    }

    /// Round trip: a Reel spec written as OTIO (`reel otio`), read and rewritten by the
    /// opentimelineio library, renders the same frames as the spec itself — dissolve and wipe,
    /// a filtered clip, a colour card, a title and chapters included (what OTIO cannot say travels in
    /// `metadata.reel`).
    func testASpecRoundTripsThroughOTIO() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "64x64", rate: "24", seconds: 4)
        try ws.lumaRamp("b.mp4", size: "64x64", rate: "24", seconds: 4)
        let output = #"{ "format": "mp4", "width": 64, "height": 64, "frameRate": 24, "chapters": [ { "start": 0, "title": "Open" }, { "start": 1.5, "title": "Close" } ] }"#
        let timeline = ##"""
        { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0.5, "duration": 1.5 } },
                      { "src": "b.mp4", "sourceRange": { "start": 1, "duration": 1.25 }, "filters": [ { "type": "grayscale" }, { "type": "brightness", "amount": 0.1 } ] },
                      { "color": "#FF8000", "duration": 1 } ],
          "transitions": [ { "type": "dissolve", "duration": 0.5 }, { "type": "wipe", "duration": 0.25, "direction": "left" } ],
          "overlays": [ { "type": "text", "text": "Hi", "start": 0.25, "duration": 1, "font": { "size": 20 } } ] }
        """##
        try ws.spec(#"{ "version": 1, "output": \#(output), "timeline": \#(timeline) }"#, name: "spec.json")
        let direct = try frameDigests(try ws.render(#"{ "version": 1, "output": \#(output), "timeline": \#(timeline) }"#, to: "direct.mp4"))
        let written = try Tools.run(Tools.reelBinary, ["otio", ws.path("spec.json"), "-o", ws.path("cut.otio")])
        XCTAssertEqual(written.status, 0, written.stderr)
        let frames = try otio(ws, """
        tl = otio.adapters.read_from_file("cut.otio")
        otio.adapters.write_to_file(tl, "rewritten.otio")
        print(int(tl.duration().to_frames()))
        """)
        XCTAssertEqual(Int(frames.trimmingCharacters(in: .whitespacesAndNewlines)), direct.count, "OTIO's duration is the render's")
        let spec = try job(ws, "rewritten.otio", output: output)
        let plan = try ws.plan(spec)
        XCTAssertEqual(plan.chapters.map { $0.title }, ["Open", "Close"])
        let again = try frameDigests(try ws.render(spec, to: "again.mp4"))
        XCTAssertEqual(again.count, direct.count)
        XCTAssertEqual(again, direct, "the same frames")
    }

    /// The output's size and settings survive `reel otio` then `reel render CUT.otio`: kept in the
    /// timeline's `metadata.reel.output` (through OTIO's own library reading and writing it) and
    /// read back by the CLI.
    func testTheOutputsSettingsRoundTripThroughOTIO() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "64x64", rate: "24", seconds: 2)
        try ws.spec(##"{ "version": 1, "output": { "width": 96, "height": 48, "frameRate": 12, "fit": "fill", "video": { "crf": 30 } }, "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 1 } } ] } }"##,
                    name: "spec.json")
        let written = try Tools.run(Tools.reelBinary, ["otio", ws.path("spec.json"), "-o", ws.path("cut.otio")])
        XCTAssertEqual(written.status, 0, written.stderr)
        _ = try otio(ws, """
        tl = otio.adapters.read_from_file("cut.otio")
        otio.adapters.write_to_file(tl, "rewritten.otio")
        print(tl.metadata["reel"]["output"]["width"])
        """)
        let rendered = try Tools.run(Tools.reelBinary, ["render", ws.path("rewritten.otio"), "-o", ws.path("out.mp4")], cwd: ws.root)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let video = try XCTUnwrap(Tools.stream(try Tools.probe(ws.path("out.mp4")), "video"))
        XCTAssertEqual([video.int("width"), video.int("height")], [96, 48], "the spec's size, not the source's 64×64")
        XCTAssertEqual(video["r_frame_rate"] as? String, "12/1")
    }

    /// A spec's `outputs` survive `reel otio` then `reel render CUT.otio -o FOLDER`: kept in
    /// `metadata.reel.outputs` (through the library) and rendered again, each at its own size.
    func testASpecsOutputsRoundTripThroughOTIO() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "64x64", rate: "24", seconds: 2)
        try ws.spec(##"{ "version": 1, "outputs": [ { "name": "wide", "width": 96, "height": 48, "fit": "fill" }, { "name": "still", "format": "png", "time": 0.5 } ], "timeline": { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 1 } } ] } }"##,
                    name: "spec.json")
        let written = try Tools.run(Tools.reelBinary, ["otio", ws.path("spec.json"), "-o", ws.path("cut.otio")])
        XCTAssertEqual(written.status, 0, written.stderr)
        let names = try otio(ws, """
        tl = otio.adapters.read_from_file("cut.otio")
        otio.adapters.write_to_file(tl, "rewritten.otio")
        print(",".join(o["name"] for o in tl.metadata["reel"]["outputs"]))
        """)
        XCTAssertEqual(names.trimmingCharacters(in: .whitespacesAndNewlines), "wide,still")
        let rendered = try Tools.run(Tools.reelBinary, ["render", ws.path("rewritten.otio"), "-o", ws.path("out")], cwd: ws.root)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let video = try XCTUnwrap(Tools.stream(try Tools.probe(ws.path("out/wide.mp4")), "video"))
        XCTAssertEqual([video.int("width"), video.int("height"), video.int("nb_read_frames")], [96, 48, 24])
        XCTAssertTrue(FileManager.default.fileExists(atPath: ws.path("out/still.png")))
    }

    /// A spec's overlays with media and its audio are shown to editors as tracks of their own, each
    /// clip where it plays (the library's `range_in_parent`), a looped music item once per
    /// repetition; read back, those tracks are left aside for `metadata.reel`, and the same
    /// pictures and sound come out.
    func testOverlaysAndAudioAreTracksEditorsSee() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", size: "64x64", rate: "24", seconds: 4)
        try ws.lumaRamp("b.mp4", size: "64x64", rate: "24", seconds: 4)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-c:a", "pcm_s16le", ws.path("vo.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=48000:duration=0.75", "-c:a", "pcm_s16le", ws.path("bed.wav")])
        let output = #"{ "format": "mp4", "width": 64, "height": 64, "frameRate": 24 }"#
        let timeline = ##"""
        { "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 2 } } ],
          "overlays": [ { "type": "video", "src": "b.mp4", "sourceRange": { "start": 1, "duration": 1 }, "start": 0.5, "duration": 1, "frame": { "x": 0.75, "y": 0.25, "width": 0.5 } },
                        { "type": "text", "text": "Hi", "start": 0, "duration": 1, "font": { "size": 20 } },
                        { "type": "video", "src": "a.mp4", "start": 1, "duration": 0.5, "frame": { "x": 0.25, "y": 0.75, "width": 0.25 } } ],
          "voiceOvers": [ { "src": "vo.wav", "start": 0.25, "sourceRange": { "start": 0.25, "duration": 0.5 } } ],
          "music": [ { "src": "bed.wav", "loop": true, "volume": 0.5 } ] }
        """##
        let json = #"{ "version": 1, "output": \#(output), "timeline": \#(timeline) }"#
        try ws.spec(json, name: "spec.json")
        let direct = try ws.render(json, to: "direct.mp4")
        let written = try Tools.run(Tools.reelBinary, ["otio", ws.path("spec.json"), "-o", ws.path("cut.otio")], cwd: ws.root)
        XCTAssertEqual(written.status, 0, written.stderr)
        let read = try otio(ws, """
        tl = otio.adapters.read_from_file("cut.otio")
        otio.adapters.write_to_file(tl, "rewritten.otio")
        def frames(r): return [int(r.start_time.to_frames()), int(r.duration.to_frames())]
        print(json.dumps({"duration": int(tl.duration().to_frames()),
            "tracks": [[tr.name, tr.kind, [[c.media_reference.target_url] + frames(c.range_in_parent()) + [int(c.trimmed_range().start_time.to_frames())]
                                          for c in tr.find_clips()]] for tr in tl.tracks]}))
        """)
        let o = try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any] ?? [:]
        XCTAssertEqual(o["duration"] as? Int, 48)
        let tracks = (o["tracks"] as? [[Any]] ?? []).map { "\($0)" }
        // Names, kinds, and each clip as [target_url, start, duration, first source frame] in frames of 24 fps.
        let expected: [[Any]] = [
            ["V1", "Video", [["a.mp4", 0, 48, 0]]],
            ["V2 overlays", "Video", [["b.mp4", 12, 24, 24]]],
            ["V3 overlays", "Video", [["a.mp4", 24, 12, 0]]],
            ["A1 voice-overs", "Audio", [["vo.wav", 6, 12, 6]]],
            ["Music 1", "Audio", [["bed.wav", 0, 18, 0], ["bed.wav", 18, 18, 0], ["bed.wav", 36, 12, 0]]],
        ]
        XCTAssertEqual(tracks, expected.map { "\($0)" })
        let again = try ws.render(try job(ws, "rewritten.otio", output: output), to: "again.mp4")
        XCTAssertEqual(try frameDigests(again), try frameDigests(direct), "the same pictures")
        XCTAssertEqual(try audioDigests(again), try audioDigests(direct), "the same sound")
    }

    /// Decoded audio frames' MD5s.
    func audioDigests(_ path: String) throws -> [String] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a", "-f", "framemd5", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertGreaterThan(lines.count, 10)
        return lines.map { String($0.split(separator: ",").last ?? "") }
    }

    /// The writer's numbers: exact decimals where they end, NTSC rates as OTIO writes them (read
    /// back exactly), and no overflow on a denominator far past a UInt64 of fives.
    func testTheWritersNumbers() {
        XCTAssertEqual(OTIOWriter.decimal(Rational(25, 2)), "12.5")
        XCTAssertEqual(OTIOWriter.decimal(Rational(86400)), "86400")
        XCTAssertEqual(OTIOWriter.decimal(Rational(1, 8)), "0.125")
        XCTAssertEqual(OTIOWriter.decimal(Rational(24000, 1001)), "23.976023976023978")
        XCTAssertEqual(OTIOWriter.decimal(Rational(3, 1 << 62)), "\(3.0 / Double(1 << 62))")
    }
}
