import XCTest
import ReelSpec

final class OutputValidationTests: XCTestCase {
    func testRootRules() {
        XCTAssertEqual(problems(#"{"timeline": {"videos": [{"src": "a.mp4"}]}}"#),
                       [SpecProblem(pointer: "/version", message: "is required")])
        XCTAssertEqual(message(#"{"version": 2, "timeline": {"videos": [{"src": "a.mp4"}]}}"#, at: "/version"), "must be 1")
        XCTAssertEqual(message(#"{"version": "1", "timeline": {"videos": [{"src": "a.mp4"}]}}"#, at: "/version"),
                       "must be an integer, found a string")
        XCTAssertEqual(problems(#"{"version": 1}"#), [SpecProblem(pointer: "/timeline", message: "is required")])
        XCTAssertEqual(problems("[]"), [SpecProblem(pointer: "", message: "must be an object, found an array")])
        XCTAssertEqual(message(spec(output: "") .replacingOccurrences(of: #""output": {}"#, with: #""output": 5"#), at: "/output"),
                       "must be an object, found a number")
    }

    func testUnknownFieldsEverywhereWithEscapedPointers() {
        let json = ##"{"version": 1, "extra": 1, "a/b~c": 2, "output": {"colour": "#fff", "video": {"speed": 1}},"##
            + #" "timeline": {"videos": [{"src": "a.mp4", "sourceRange": {"duration": 1, "end": 2}}], "titles": []}}"#
        let p = problems(json)
        XCTAssertEqual(Set(p.map(\.pointer)), ["/extra", "/a~1b~0c", "/output/colour", "/output/video/speed",
                                               "/timeline/videos/0/sourceRange/end", "/timeline/titles"])
        XCTAssertTrue(p.allSatisfy { $0.message == "unknown field" })
    }

    func testPictureFormatsTakeNoCodecSettingsMetadataOrChapters() {
        for format in ["jpg", "png", "gif"] {
            let json = spec(output: #""format": "\#(format)", "video": {"crf": 20}, "metadata": {"title": "x"}, "chapters": [{"start": 0, "title": "a"}], "audio": {"bitrate": 96000}"#)
            XCTAssertEqual(Set(problems(json).map(\.pointer)), ["/output/video", "/output/metadata", "/output/chapters", "/output/audio"], format)
            XCTAssertEqual(message(json, at: "/output/metadata"), "is not allowed for \(format) output, which cannot carry it")
            XCTAssertEqual(message(json, at: "/output/video"), "is not allowed for \(format) output, which takes no video codec settings")
        }
    }

    func testOpusTakesOnlyItsSampleRates() {
        XCTAssertEqual(message(spec(output: #""format": "webm", "audio": {"sampleRate": 44100}"#), at: "/output/audio/sampleRate"),
                       "must be one of 8000, 12000, 16000, 24000 or 48000 for Opus")
        XCTAssertNotNil(decodeOK(spec(output: #""format": "webm", "audio": {"sampleRate": 24000}"#)))
        XCTAssertNotNil(decodeOK(spec(output: #""format": "mp4", "audio": {"sampleRate": 44100}"#)))
    }

    func testGIFFrameRateFitsItsDelays() {
        XCTAssertEqual(message(spec(output: #""format": "gif", "frameRate": 60"#), at: "/output/frameRate"),
                       "must be at most 50 for gif output, whose frame delays are hundredths of a second")
        XCTAssertNotNil(decodeOK(spec(output: #""format": "gif", "frameRate": 25"#)))
    }

    func testProResTakesAProfileAndNoRateControl() {
        let json = spec(output: #""format": "mov", "video": {"codec": "prores", "profile": "hq", "crf": 20, "preset": "fast", "keyframeInterval": 1}, "audio": {"codec": "pcm"}"#)
        XCTAssertEqual(pointers(json), ["/output/video/crf", "/output/video/preset", "/output/video/keyframeInterval"])
        XCTAssertEqual(message(json, at: "/output/video/crf"), "is not used by prores, whose quality is set by its profile (every frame a keyframe)")
        XCTAssertEqual(message(spec(output: #""format": "mov", "video": {"codec": "prores", "profile": "main"}"#), at: "/output/video/profile"),
                       #"must be one of proxy, lt, standard, hq or 4444 (found "main")"#)
        XCTAssertEqual(message(spec(output: #""format": "mp4", "video": {"codec": "prores"}"#), at: "/output/video/codec"),
                       "must be h264 or hevc for mp4 output")
        XCTAssertEqual(message(spec(output: #""format": "mp4", "audio": {"codec": "pcm"}"#), at: "/output/audio/codec"),
                       "must be aac for mp4 output")
        XCTAssertNotNil(decodeOK(spec(output: #""format": "mov", "video": {"codec": "prores", "profile": "4444"}"#)))
    }

    func testSubtitleTracks() throws {
        let ok = try XCTUnwrap(decodeOK(spec(output: #""subtitles": [{"src": "es.vtt", "language": "spa", "title": "Español", "default": true}]"#)))
        XCTAssertEqual(ok.output.subtitles.first?.language, "spa")
        XCTAssertEqual(ok.output.subtitles.first?.isDefault, true)
        XCTAssertEqual(message(spec(output: #""format": "m4a", "subtitles": [{"src": "a.srt"}]"#, timeline: #""music": [{"src": "a.mp3"}]"#),
                               at: "/output/subtitles"), "is not allowed for m4a output, which cannot carry subtitle tracks")
        XCTAssertEqual(message(spec(output: #""subtitles": [{"src": "a.srt", "language": "Spanish"}]"#), at: "/output/subtitles/0/language"),
                       "must be an ISO 639-2 code: three lowercase letters, e.g. spa")
        XCTAssertEqual(pointers(spec(output: #""subtitles": [{"language": "spa"}]"#)), ["/output/subtitles/0/src"])
        XCTAssertEqual(message(spec(output: #""subtitles": [{"src": "a.srt", "title": "two\nlines"}]"#), at: "/output/subtitles/0/title"),
                       "must not contain control characters (line breaks, tabs)")
    }

    func testHLSSettings() throws {
        let ok = try XCTUnwrap(decodeOK(spec(output: #""format": "hls", "hls": {"segmentDuration": 6, "renditions": [{"height": 720, "videoBitrate": 3000000}, {"height": 360}]}"#)))
        XCTAssertEqual(ok.output.hls?.segmentDuration, Time(seconds: 6))
        XCTAssertEqual(ok.output.hls?.renditions.map(\.height), [720, 360])
        XCTAssertEqual(message(spec(output: #""format": "mp4", "hls": {}"#), at: "/output/hls"), "is only allowed for hls output")
        XCTAssertEqual(message(spec(output: #""format": "hls", "hls": {"renditions": [{"height": 360}, {"height": 360}]}"#), at: "/output/hls/renditions/1/height"),
                       "is the height of another rendition")
        XCTAssertEqual(message(spec(output: #""format": "hls", "hls": {"segmentDuration": 0.5}"#), at: "/output/hls/segmentDuration"),
                       "must be between 1 and 30")
        XCTAssertEqual(message(spec(output: #""format": "hls", "video": {"codec": "hevc"}"#), at: "/output/video/codec"),
                       "must be h264 for hls output")
        XCTAssertEqual(pointers(spec(output: #""format": "hls", "metadata": {"title": "x"}"#)), ["/output/metadata"])
        XCTAssertEqual(message(spec(output: #""format": "hls", "video": {"keyframeInterval": 1}"#), at: "/output/video/keyframeInterval"),
                       "is not used by hls output, whose keyframes start its segments (hls.segmentDuration)")
    }

    func testSize() {
        XCTAssertEqual(message(spec(output: #""width": 1279, "height": 720"#), at: "/output/width"), "must be even")
        XCTAssertEqual(message(spec(output: #""width": 1280, "height": 8194"#), at: "/output/height"),
                       "must be between 16 and 8192")
        XCTAssertEqual(message(spec(output: #""width": 1280.5, "height": 720"#), at: "/output/width"), "must be an integer")
        XCTAssertEqual(problems(spec(output: #""width": 1280"#)),
                       [SpecProblem(pointer: "/output/height", message: "is required when width is given")])
        XCTAssertEqual(pointers(spec(output: #""height": 720"#)), ["/output/width"])
        XCTAssertEqual(decodeOK(spec(output: #""width": 1.28e3, "height": 720"#))?.output.width, 1280)
        // With a preset, one dimension alone is fine.
        let s = decodeOK(spec(output: #""preset": "1920x1080", "width": 1280"#))
        XCTAssertEqual(s?.output.preset, .p1920x1080)
        XCTAssertEqual(s?.output.width, 1280)
    }

    func testFrameRateFitBackgroundPreset() {
        XCTAssertEqual(decodeOK(spec(output: #""frameRate": 29.97"#))?.output.frameRate, Rational(2997, 100))
        XCTAssertEqual(message(spec(output: #""frameRate": 0"#), at: "/output/frameRate"), "must be between 1 and 240")
        XCTAssertEqual(message(spec(output: #""frameRate": 241"#), at: "/output/frameRate"), "must be between 1 and 240")
        XCTAssertEqual(message(spec(output: #""frameRate": true"#), at: "/output/frameRate"),
                       #"must be a number of seconds or a string "N/D", found a boolean"#)
        XCTAssertEqual(message(spec(output: #""fit": "cover""#), at: "/output/fit"),
                       #"must be one of fit, fill, stretch or blur (found "cover")"#)
        XCTAssertEqual(message(spec(output: ##""background": "#00000""##), at: "/output/background"),
                       ##"must be a colour written "#RRGGBB" or "#RRGGBBAA""##)
        XCTAssertEqual(decodeOK(spec(output: ##""background": "#ff000080""##))?.output.background,
                       Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(message(spec(output: #""preset": "720p""#), at: "/output/preset"),
                       #"must be one of passthrough, highest, 640x480, 960x540, 1280x720, 1920x1080 or 3840x2160 (found "720p")"#)
        XCTAssertEqual(message(spec(output: #""format": "avi""#), at: "/output/format"),
                       #"must be one of mp4, mov, m4v, webm, m4a, gif, jpg, png or hls (found "avi")"#)
        XCTAssertEqual(message(spec(output: #""format": 4"#), at: "/output/format"),
                       "must be one of mp4, mov, m4v, webm, m4a, gif, jpg, png or hls (found a number)")
        XCTAssertEqual(message(spec(output: #""optimizeForNetwork": "yes""#), at: "/output/optimizeForNetwork"),
                       "must be true or false, found a string")
        XCTAssertEqual(decodeOK(spec(output: #""optimizeForNetwork": false"#))?.output.optimizeForNetwork, false)
    }

    func testVideoSettings() {
        XCTAssertEqual(problems(spec(output: #""video": {"crf": 23, "bitrate": 2000000}"#)),
                       [SpecProblem(pointer: "/output/video/bitrate", message: "cannot be given together with crf")])
        XCTAssertEqual(problems(spec(output: #""video": {"maxBitrate": 2000000}"#)),
                       [SpecProblem(pointer: "/output/video/maxBitrate", message: "requires bitrate or crf")])
        XCTAssertEqual(message(spec(output: #""video": {"bitrate": 2000000, "maxBitrate": 1000000}"#),
                               at: "/output/video/maxBitrate"), "must be at least bitrate (2000000)")
        XCTAssertEqual(message(spec(output: #""video": {"crf": 52}"#), at: "/output/video/crf"), "must be between 0 and 51")
        XCTAssertEqual(message(spec(output: #""video": {"bitrate": 9999}"#), at: "/output/video/bitrate"),
                       "must be between 10000 and 500000000")
        XCTAssertEqual(message(spec(output: #""video": {"preset": "turbo"}"#), at: "/output/video/preset"),
                       #"must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower or veryslow (found "turbo")"#)
        XCTAssertEqual(message(spec(output: #""video": {"profile": "main10"}"#), at: "/output/video/profile"),
                       #"must be one of baseline, main or high (found "main10")"#)
        XCTAssertEqual(decodeOK(spec(output: #""video": {"codec": "hevc", "profile": "main10"}"#))?.output.video.profile, "main10")
        XCTAssertEqual(message(spec(output: #""format": "webm", "video": {"profile": "main"}"#), at: "/output/video/profile"),
                       "is not available for vp9")
        XCTAssertEqual(message(spec(output: #""video": {"keyframeInterval": 0}"#), at: "/output/video/keyframeInterval"),
                       "must be greater than 0 and at most 60")
        XCTAssertEqual(pointers(spec(output: #""video": {"keyframeInterval": 60.5}"#)), ["/output/video/keyframeInterval"])
        let ok = decodeOK(spec(output: #""video": {"codec": "h264", "bitrate": 4000000, "maxBitrate": 6000000, "profile": "high", "keyframeInterval": "1001/1000"}"#))
        XCTAssertEqual(ok?.output.video.maxBitrate, 6_000_000)
        XCTAssertEqual(ok?.output.video.keyframeInterval, Time(value: 1001, timescale: 1000))
    }

    func testFormatAndCodecsAgree() {
        XCTAssertEqual(message(spec(output: #""format": "mp4", "video": {"codec": "vp9"}"#), at: "/output/video/codec"),
                       "must be h264 or hevc for mp4 output")
        XCTAssertEqual(message(spec(output: #""format": "webm", "video": {"codec": "h264"}, "audio": {"codec": "aac"}"#),
                               at: "/output/audio/codec"), "must be opus for webm output")
        XCTAssertEqual(pointers(spec(output: #""format": "webm", "video": {"codec": "h264"}, "audio": {"codec": "aac"}"#)),
                       ["/output/video/codec", "/output/audio/codec"])
        XCTAssertEqual(problems(spec(output: #""format": "m4a", "video": {"crf": 20}"#)),
                       [SpecProblem(pointer: "/output/video", message: "is not allowed for m4a output, which has no video")])
        XCTAssertEqual(message(spec(output: #""format": "m4a", "audio": {"codec": "opus"}"#), at: "/output/audio/codec"),
                       "must be aac for m4a output")
        XCTAssertEqual(pointers(spec(output: #""format": "png", "audio": {"codec": "aac"}"#)), ["/output/audio"])
        XCTAssertEqual(message(spec(output: #""format": "gif", "video": {"codec": "h264"}"#), at: "/output/video"),
                       "is not allowed for gif output, which takes no video codec settings")
        XCTAssertNotNil(decodeOK(spec(output: #""format": "webm", "video": {"codec": "vp9"}, "audio": {"codec": "opus"}"#)))
        XCTAssertNotNil(decodeOK(spec(output: #""format": "mov", "video": {"codec": "hevc"}, "audio": {"codec": "aac"}"#)))
    }

    func testAudioSettings() {
        let json = spec(output: #""audio": {"bitrate": 7999, "sampleRate": 44000, "channels": 5, "codec": "mp3"}"#)
        XCTAssertEqual(pointers(json), ["/output/audio/bitrate", "/output/audio/sampleRate", "/output/audio/channels",
                                        "/output/audio/codec"])
        XCTAssertEqual(message(json, at: "/output/audio/bitrate"), "must be between 8000 and 512000")
        XCTAssertEqual(message(json, at: "/output/audio/channels"), "must be 1, 2 or 6 (5.1)")
        XCTAssertEqual(message(json, at: "/output/audio/sampleRate"),
                       "must be one of 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 88200 or 96000")
        XCTAssertEqual(decodeOK(spec(output: #""audio": {"sampleRate": 44100, "channels": 1}"#))?.output.audio.sampleRate, 44100)
    }

    func testRange() {
        XCTAssertEqual(pointers(spec(output: #""range": {"start": -1, "duration": 0}"#)),
                       ["/output/range/start", "/output/range/duration"])
        XCTAssertEqual(message(spec(output: #""range": {"start": -1, "duration": 1}"#), at: "/output/range/start"),
                       "must be at least 0")
        XCTAssertEqual(message(spec(output: #""range": {"start": 1}"#), at: "/output/range/duration"), "is required")
        XCTAssertEqual(message(spec(output: #""range": {"duration": 0.0000000001}"#), at: "/output/range/duration"),
                       "has more precision than Reel can represent (at most 9 decimal places)")
        XCTAssertEqual(message(spec(output: #""range": {"duration": "1/0"}"#), at: "/output/range/duration"),
                       #"must be a number of seconds or a string "N/D""#)
    }

    func testMetadata() {
        let long = String(repeating: "x", count: 1025)
        let json = spec(output: #""metadata": {"title": "T", "foo": "bar", "artist": 3, "comment": "\#(long)", "a/b": "c"}"#)
        XCTAssertEqual(pointers(json), ["/output/metadata/foo", "/output/metadata/artist", "/output/metadata/comment",
                                        "/output/metadata/a~1b"])
        XCTAssertTrue(message(json, at: "/output/metadata/foo")?.hasPrefix("is not a metadata key; use title, artist,") == true)
        XCTAssertEqual(message(json, at: "/output/metadata/comment"), "must be at most 1024 characters long")
        XCTAssertEqual(message(json, at: "/output/metadata/artist"), "must be a string, found a number")
        let ok = decodeOK(spec(output: #""metadata": {"albumArtist": "A", "date": "2024", "comment": ""}"#))
        XCTAssertEqual(ok?.output.metadata.map(\.key), [.albumArtist, .date, .comment])
        XCTAssertEqual(ok?.output.metadata.map(\.value), ["A", "2024", ""])
    }

    func testChapters() {
        let json = spec(output: #""chapters": [{"start": 0, "title": "A"}, {"start": 0, "title": ""}, {"title": "C"},"#
            + #" {"start": 5, "title": "\#(String(repeating: "é", count: 257))"}, {"start": 4, "title": "E"}, "x"]"#)
        XCTAssertEqual(pointers(json), ["/output/chapters/1/start", "/output/chapters/1/title", "/output/chapters/2/start",
                                        "/output/chapters/3/title", "/output/chapters/4/start", "/output/chapters/5"])
        XCTAssertEqual(message(json, at: "/output/chapters/1/start"), "must be later than the previous chapter's start (0 s)")
        XCTAssertEqual(message(json, at: "/output/chapters/4/start"), "must be later than the previous chapter's start (5 s)")
        XCTAssertEqual(message(json, at: "/output/chapters/1/title"), "must not be empty")
        XCTAssertEqual(message(json, at: "/output/chapters/3/title"), "must be at most 256 characters long")
        XCTAssertEqual(message(json, at: "/output/chapters/5"), "must be an object, found a string")
    }

    func testEverythingIsReportedAtOnce() {
        let json = #"{"version": 3, "output": {"format": "mp4", "width": 17, "height": 4, "fit": "x", "video": {"crf": -1},"#
            + #" "audio": {"channels": 0}, "bogus": true}, "timeline": {"videos": []}}"#
        XCTAssertEqual(pointers(json), ["/version", "/output/width", "/output/height", "/output/fit", "/output/video/crf",
                                        "/output/audio/channels", "/output/bogus", "/timeline/videos"])
        XCTAssertEqual(problems(json).count, 8)
    }

    func testTimelineNeedsVideosExceptForM4A() {
        XCTAssertEqual(problems(spec(timeline: #""videos": []"#)),
                       [SpecProblem(pointer: "/timeline/videos", message: "needs at least one video item")])
        XCTAssertEqual(pointers(spec(timeline: "")), ["/timeline/videos"])
        XCTAssertEqual(problems(spec(output: #""format": "m4a""#, timeline: "")),
                       [SpecProblem(pointer: "/timeline", message: "needs at least one video or audio item")])
        XCTAssertNotNil(decodeOK(spec(output: #""format": "m4a""#, timeline: #""music": [{"src": "a.mp3"}]"#)))
        XCTAssertEqual(message(spec(timeline: #""videos": {}"#), at: "/timeline/videos"), "must be an array, found an object")
    }
}
