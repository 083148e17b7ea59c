import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `speed` on video and audio items: exact source frames, and time-stretched audio whose pitch and
/// timing are checked on the samples themselves.
final class SpeedTests: XCTestCase {
    /// Rising zero crossings per second: the frequency of a pure tone, read off the samples.
    func frequency(_ s: ArraySlice<Float>, rate: Double = 48000) -> Double {
        var crossings = 0
        var previous = s.first ?? 0
        for x in s.dropFirst() {
            if previous < 0 && x >= 0 { crossings += 1 }
            previous = x
        }
        return Double(crossings) * rate / Double(s.count)
    }

    func rms(_ s: ArraySlice<Float>) -> Double {
        (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, s.count))).squareRoot()
    }

    /// Frame N of the ramp has luma N. At 2× output frame k shows source frame 2k; at 0.5× each
    /// source frame is shown twice; at 1.5× (a rate that is not a whole ratio) frame k shows ⌊1.5k⌋.
    func testVideoShowsTheExactSourceFrames() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "32x32", seconds: 4)
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 2 }, "speed": 2 },
                                    { "src": "ramp.mp4", "sourceRange": { "start": 1, "duration": 1 }, "speed": 0.5 },
                                    { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 1.5 }, "speed": "3/2" } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[16 * 32 + 16]) }
        XCTAssertEqual(luma.count, 30 + 60 + 30, "1 s + 2 s + 1 s at 30 fps")
        for k in 0..<30 { XCTAssertEqual(luma[k], 2 * k, "2×, frame \(k)") }
        for k in 0..<60 { XCTAssertEqual(luma[30 + k], 30 + k / 2, "0.5×, frame \(k)") }
        for k in 0..<30 { XCTAssertEqual(luma[90 + k], 3 * k / 2, "1.5×, frame \(k)") }
    }

    /// A 1 kHz tone played at 2× and at 0.5× is still 1 kHz, as loud, and exactly as long as the
    /// sped item (Rubber Band keeps the pitch; the mixdown is sample-exact).
    func testAudioKeepsItsPitchAndLength() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=4", "-ac", "2", ws.path("tone.wav")])
        var reference: Double?
        for (speed, seconds) in [("1", 2.0), ("2", 1.0), ("0.5", 4.0), ("0.25", 8.0)] {
            let plan = try ws.plan("""
            { "version": 1, "output": { "format": "m4a" },
              "timeline": { "voiceOvers": [ { "src": "tone.wav", "start": 0, "sourceRange": { "start": 0, "duration": 2 }, "speed": \(speed) } ] } }
            """)
            let left = try Mixdown.render(plan)[0]
            XCTAssertEqual(left.count, Int(seconds * 48000), "\(speed)×: the timeline's length to the sample")
            let middle = left[left.count / 4 ..< left.count * 3 / 4]
            XCTAssertEqual(frequency(middle), 1000, accuracy: 5, "\(speed)×: the pitch is kept")
            let level = rms(middle)
            if let reference {
                XCTAssertEqual(level, reference, accuracy: reference * 0.05, "\(speed)×: as loud as at 1×")
            } else {
                reference = level
                XCTAssertGreaterThan(level, 0.05, "the unsped tone is there")
            }
            XCTAssertGreaterThan(rms(left[left.count - 4800 ..< left.count - 2400]), 0.05, "\(speed)×: sound to the end, no early tail")
        }
    }

    /// A slowed item whose source ends where its range ends: the stretcher's held-back tail is
    /// flushed, so the sound lasts to the item's end.
    func testTheLastSamplesOfASlowedSourceAreFlushed() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1", "-ac", "2", ws.path("tone.wav")])
        let plan = try ws.plan(##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "tone.wav", "start": 0, "speed": 0.25 } ] } }
        """##)
        let left = try Mixdown.render(plan)[0]
        XCTAssertEqual(left.count, 4 * 48000)
        XCTAssertGreaterThan(rms(left[left.count - 4800 ..< left.count - 480]), 0.05, "sound to within 10 ms of the end")
    }

    /// The stretched sound lines up with the sped picture: a tone starting 1 s into the source,
    /// played from 0 at 2×, starts at 0.5 s on the timeline (Rubber Band's latency is removed).
    func testStretchedAudioStartsOnTime() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='if(gte(t,1),0.5*sin(2*PI*1000*t),0)':s=48000:d=3", ws.path("late.wav")])
        let plan = try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1.5 } ],
          "voiceOvers": [ { "src": "late.wav", "start": 0, "speed": 2 } ] } }
        """##)
        let left = try Mixdown.render(plan)[0]
        let onset = try XCTUnwrap(left.firstIndex { abs($0) > 0.1 })
        XCTAssertEqual(Double(onset), 0.5 * 48000, accuracy: 0.005 * 48000, "within 5 ms of 0.5 s")
        XCTAssertLessThan(rms(left[0..<20_000]), 0.01, "silence before it")
    }

    /// A sped video item's own audio is stretched with it, and a sped music item loops at its sped
    /// length; transitions overlap sped items by their timeline durations.
    func testSpedItemsKeepTheTimelineArithmetic() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "32x32", seconds: 4, audio: true)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=500:sample_rate=48000:duration=1", ws.path("bed.wav")])
        let plan = try ws.plan(##"""
        { "version": 1, "output": { "frameRate": 30 },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 2 }, "speed": 2 },
                                    { "src": "ramp.mp4", "duration": 1, "speed": 0.5 } ],
                        "transitions": [ { "type": "dissolve", "duration": 0.5 } ],
                        "music": [ { "src": "bed.wav", "loop": true, "speed": 2 } ] } }
        """##)
        XCTAssertEqual(plan.timelineDuration, Time(value: 3, timescale: 2), "1 s + 1 s − 0.5 s")
        XCTAssertEqual(plan.video[1].range.duration, Time(seconds: 1), "a duration is timeline time")
        let own = plan.audio.filter { $0.pointer.hasPrefix("/timeline/videos") }
        XCTAssertEqual(own.map(\.speed), [Rational(2), Rational(1, 2)])
        let passes = plan.audio.filter { $0.pointer == "/timeline/music/0" }
        XCTAssertEqual(passes.count, 3, "a 1 s bed at 2× lasts 0.5 s: three passes fill 1.5 s")
        XCTAssertTrue(passes.allSatisfy { $0.range.duration == Time(value: 1, timescale: 2) })
        let mix = try Mixdown.render(plan)[0]
        XCTAssertEqual(mix.count, 72_000)
    }

    func testSpeedIsRefusedWhereThereIsNoTimeToPlay() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", ws.path("still.png")])
        XCTAssertThrowsError(try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "still.png", "duration": 1, "speed": 2 } ] } }"#)) { error in
            guard case RenderError.invalid(let p) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p.map(\.pointer), ["/timeline/videos/0/speed"])
        }
    }
}
