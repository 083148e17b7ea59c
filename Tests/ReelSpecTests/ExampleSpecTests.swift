import XCTest
import ReelSpec

/// The product's full example spec decodes to exactly what it says, and omitted fields get defaults.
final class ExampleSpecTests: XCTestCase {
    func testProductExampleOutput() throws {
        let spec = try XCTUnwrap(decodeOK(productExample))
        let out = spec.output
        XCTAssertEqual(spec.version, 1)
        XCTAssertEqual(out.format, .mp4)
        XCTAssertEqual(out.width, 1280)
        XCTAssertEqual(out.height, 720)
        XCTAssertEqual(out.frameRate, Rational(30))
        XCTAssertEqual(out.fit, .fit)
        XCTAssertEqual(out.background, Color(red: 0, green: 0, blue: 0))
        XCTAssertNil(out.preset)
        XCTAssertEqual(out.video.codec, .h264)
        XCTAssertEqual(out.video.crf, 23)
        XCTAssertNil(out.video.bitrate)
        XCTAssertEqual(out.video.preset, "veryfast")
        XCTAssertEqual(out.video.keyframeInterval, Time(seconds: 2))
        XCTAssertEqual(out.audio.codec, .aac)
        XCTAssertEqual(out.audio.bitrate, 128_000)
        XCTAssertEqual(out.audio.sampleRate, 48_000)
        XCTAssertEqual(out.audio.channels, 2)
        XCTAssertEqual(out.range, TimeRange(start: .zero, duration: Time(seconds: 10)))
        XCTAssertEqual(out.metadata.map(\.key), [.title, .artist])
        XCTAssertEqual(out.metadata.map(\.value), ["Holiday", "Reel"])
        XCTAssertEqual(out.chapters, [ChapterSpec(start: .zero, title: "Arrival"),
                                      ChapterSpec(start: Time(seconds: 8), title: "Beach")])
        XCTAssertTrue(out.optimizeForNetwork)
    }

    func testProductExampleVideosAndTransitions() throws {
        let t = try XCTUnwrap(decodeOK(productExample)).timeline
        XCTAssertEqual(t.videos.count, 4)
        XCTAssertEqual(t.videos[0].content, .media(src: "clips/arrival.mp4"))
        XCTAssertEqual(t.videos[0].sourceRange, TimeRange(start: Time(seconds: 2), duration: Time(seconds: 5)))
        XCTAssertEqual(t.videos[1].content, .media(src: "upload:01J9ZQ…"))
        XCTAssertEqual(t.videos[1].filters, [FilterSpec(kind: .grayscale)])
        XCTAssertEqual(t.videos[2].content, .media(src: "photos/beach.jpg"))
        XCTAssertEqual(t.videos[2].duration, Time(seconds: 4))
        XCTAssertEqual(t.videos[2].fit, .fill)
        XCTAssertNil(t.videos[2].sourceRange)
        XCTAssertEqual(t.videos[3].content, .color(Color(red: 0x10, green: 0x20, blue: 0x30)))
        XCTAssertEqual(t.videos[3].duration, Time(seconds: 2))
        XCTAssertEqual(t.transitions, [
            TransitionSpec(kind: .dissolve, duration: Time(seconds: 1)),
            TransitionSpec(kind: .push, duration: Time(value: 1, timescale: 2), direction: .left),
            nil,
        ])
    }

    func testProductExampleOverlays() throws {
        let overlays = try XCTUnwrap(decodeOK(productExample)).timeline.overlays
        XCTAssertEqual(overlays.count, 3)

        guard case .text(let style) = overlays[0].content else { return XCTFail("\(overlays[0].content)") }
        XCTAssertEqual(style.text, "海边 · Beach day")
        XCTAssertEqual(style.family, "Noto Sans CJK SC")
        XCTAssertEqual(style.size, 64)
        XCTAssertEqual(style.weight, 700)
        XCTAssertEqual(style.color, .white)
        XCTAssertEqual(overlays[0].start, Time(seconds: 1))
        XCTAssertEqual(overlays[0].duration, Time(seconds: 3))
        XCTAssertEqual(overlays[0].position, FramePoint(x: .fraction(0.5), y: .fraction(0.8)))
        XCTAssertEqual(overlays[0].animations, [Animation(kind: .fade), Animation(kind: .pop)])

        XCTAssertEqual(overlays[1].content, .image(src: "brand/logo.png"))
        XCTAssertEqual(overlays[1].start, .zero)
        XCTAssertNil(overlays[1].duration)
        XCTAssertEqual(overlays[1].frame, FrameRect(x: .fraction(0.85), y: .fraction(0.08), width: .fraction(0.12)))
        XCTAssertEqual(overlays[1].opacity, 0.8)

        XCTAssertEqual(overlays[2].content, .video(src: "clips/selfie.mp4",
                                                   sourceRange: TimeRange(start: .zero, duration: Time(seconds: 4)),
                                                   volume: nil, muted: false))
        XCTAssertEqual(overlays[2].frame, FrameRect(x: .fraction(0.78), y: .fraction(0.75), width: .fraction(0.3)))
        var k0 = Keyframe(time: .zero)
        k0.opacity = 0
        var k1 = Keyframe(time: Time(value: 1, timescale: 2))
        k1.opacity = 1
        k1.easing = .easeOut
        XCTAssertEqual(overlays[2].keyframes, [k0, k1])
    }

    func testProductExampleAudio() throws {
        let t = try XCTUnwrap(decodeOK(productExample)).timeline
        XCTAssertEqual(t.voiceOvers.count, 1)
        XCTAssertEqual(t.voiceOvers[0].src, "audio/narration.m4a")
        XCTAssertEqual(t.voiceOvers[0].start, Time(seconds: 3))
        XCTAssertEqual(t.voiceOvers[0].volume, .constant(1))
        XCTAssertEqual(t.music.count, 1)
        XCTAssertEqual(t.music[0].src, "audio/bed.mp3")
        XCTAssertNil(t.music[0].start)
        XCTAssertTrue(t.music[0].loop)
        XCTAssertEqual(t.music[0].fadeOut, Time(seconds: 2))
        XCTAssertEqual(t.music[0].volume, .automation([
            VolumePoint(time: .zero, value: 0.5),
            VolumePoint(time: Time(seconds: 3), value: 0.5),
            VolumePoint(time: Time(value: 7, timescale: 2), value: 0.15),
            VolumePoint(time: Time(seconds: 9), value: 0.15),
            VolumePoint(time: Time(value: 19, timescale: 2), value: 0.5),
        ]))
    }

    func testDefaults() throws {
        let spec = try XCTUnwrap(decodeOK(#"{"version": 1, "timeline": {"videos": [{"src": "a.mp4"}]}}"#))
        XCTAssertEqual(spec.output, OutputSpec())
        XCTAssertEqual(spec.output.format, .mp4)
        XCTAssertEqual(spec.output.fit, .fit)
        XCTAssertNil(spec.output.background)
        XCTAssertTrue(spec.output.optimizeForNetwork)
        XCTAssertNil(spec.output.width)
        XCTAssertNil(spec.output.frameRate)
        XCTAssertNil(spec.output.video.codec)
        XCTAssertTrue(spec.timeline.transitions.isEmpty)
        XCTAssertTrue(spec.timeline.overlays.isEmpty)
        let item = spec.timeline.videos[0]
        XCTAssertEqual(item, VideoItem(content: .media(src: "a.mp4")))
        XCTAssertFalse(item.muted)
        XCTAssertNil(item.speed)
        XCTAssertNil(item.volume)
    }

    func testTimesAreExactAndAcceptRationalStrings() throws {
        let spec = try XCTUnwrap(decodeOK(spec(
            output: #""frameRate": "30000/1001", "range": {"start": 0.1, "duration": "1001/30000"}"#,
            timeline: #""videos": [{"src": "a.mp4", "sourceRange": {"duration": 2.5e0}, "speed": "1/2"}]"#)))
        XCTAssertEqual(spec.output.frameRate, Rational(30000, 1001))
        XCTAssertEqual(spec.output.range, TimeRange(start: Time(value: 1, timescale: 10),
                                                    duration: Time(value: 1001, timescale: 30000)))
        XCTAssertEqual(spec.timeline.videos[0].sourceRange, TimeRange(start: .zero, duration: Time(value: 5, timescale: 2)))
        XCTAssertEqual(spec.timeline.videos[0].speed, Rational(1, 2))
    }

    func testSyntaxErrorIsOneProblemAtTheRoot() {
        let p = problems(#"{"version": 1, "timeline": }"#)
        XCTAssertEqual(p, [SpecProblem(pointer: "", message: "invalid JSON at byte 27: unexpected character")])
        XCTAssertEqual(problems(#"{"version": 1, "version": 1}"#).map(\.pointer), [""])
    }

    func testDescriptions() {
        let p = SpecProblem(pointer: "/output/width", message: "must be even")
        XCTAssertEqual(p.description, "/output/width: must be even")
        let all = SpecProblems([p, SpecProblem(pointer: "/version", message: "must be 1")])
        XCTAssertEqual(all.description, "/output/width: must be even\n/version: must be 1")
    }

    func testDecodeFromParsedValue() throws {
        let json = try JSONParser.parse(productExample)
        guard case .success(let spec) = SpecDecoder.decode(json: json) else { return XCTFail() }
        XCTAssertEqual(spec.timeline.videos.count, 4)
    }
}
