import XCTest
import ReelSpec

/// `outputs`: several named outputs of one timeline, and the problems only a list of them can have
/// (names, counts, `output` beside it, destinations that would overwrite each other), each at its
/// pointer; `time` of a still.
final class OutputsValidationTests: XCTestCase {
    /// A spec whose `outputs` is the given JSON array text.
    func outputs(_ list: String, timeline: String = #""videos": [{"src": "a.mp4"}]"#) -> String {
        #"{"version": 1, "outputs": \#(list), "timeline": {\#(timeline)}}"#
    }

    func testEachOutputIsDecodedWithItsNameAndPointer() throws {
        let s = try XCTUnwrap(decodeOK(outputs(#"""
        [{"name": "hd", "width": 1920, "height": 1080},
         {"name": "sd_2", "format": "webm", "width": 640, "height": 360, "video": {"crf": 30}},
         {"name": "poster", "format": "jpg", "time": "3/2"}]
        """#)))
        let list = try XCTUnwrap(s.outputs)
        XCTAssertEqual(list.map(\.name), ["hd", "sd_2", "poster"])
        XCTAssertEqual(list[1].spec.format, .webm)
        XCTAssertEqual(list[1].spec.width, 640)
        XCTAssertEqual(list[1].spec.video.crf, 30)
        XCTAssertEqual(list[2].spec.time, Time(value: 3, timescale: 2))
        XCTAssertEqual(s.output, list[0].spec, "output is the first, for code that knows one output")
        XCTAssertEqual(s.renderedOutputs.map(\.pointer), ["/outputs/0", "/outputs/1", "/outputs/2"])
        XCTAssertEqual(s.renderedOutputs.map(\.name), ["hd", "sd_2", "poster"])
        let alone = s.alone(2)
        XCTAssertNil(alone.outputs)
        XCTAssertEqual(alone.output.format, .jpg)
        XCTAssertEqual(alone.timeline, s.timeline)

        let one = try XCTUnwrap(decodeOK(spec(output: #""format": "mov""#)))
        XCTAssertNil(one.outputs)
        XCTAssertEqual(one.renderedOutputs.map(\.pointer), ["/output"])
        XCTAssertNil(one.renderedOutputs[0].name)
    }

    func testAnOutputsProblemsAreAtItsOwnPointer() {
        let json = outputs(#"[{"name": "a"}, {"name": "b", "width": 640, "format": "gif", "audio": {}}]"#)
        XCTAssertEqual(pointers(json), ["/outputs/1/height", "/outputs/1/audio"])
        XCTAssertEqual(message(json, at: "/outputs/1/audio"), "is not allowed for gif output, which has no audio")
        XCTAssertEqual(pointers(outputs(#"[{"name": "a", "colour": "red"}]"#)), ["/outputs/0/colour"])
    }

    func testOutputAndOutputsTogetherAreRefused() {
        let json = #"{"version": 1, "output": {"format": "mp4"}, "outputs": [{"name": "a"}], "timeline": {"videos": [{"src": "a.mp4"}]}}"#
        XCTAssertEqual(pointers(json), ["/outputs"])
        XCTAssertEqual(message(json, at: "/outputs"), "cannot be given together with output: give that output's settings as one of outputs")
    }

    func testCountsAreBounded() {
        XCTAssertEqual(message(outputs("[]"), at: "/outputs"), "must not be empty")
        XCTAssertEqual(message(outputs(#"{"name": "a"}"#), at: "/outputs"), "must be an array, found an object")
        let nine = "[" + (0..<9).map { #"{"name": "o\#($0)"}"# }.joined(separator: ",") + "]"
        XCTAssertEqual(pointers(nine.isEmpty ? "" : outputs(nine)), ["/outputs"])
        XCTAssertEqual(message(outputs(nine), at: "/outputs"), "must have at most 8 outputs, found 9")
        let eight = "[" + (0..<8).map { #"{"name": "o\#($0)"}"# }.joined(separator: ",") + "]"
        XCTAssertEqual(decodeOK(outputs(eight))?.outputs?.count, 8)
    }

    func testNamesAreRequiredSafeAndDistinct() {
        XCTAssertEqual(message(outputs(#"[{"format": "mp4"}]"#), at: "/outputs/0/name"), "is required")
        for bad in ["", "HD", "-x", "a b", "a/b", "a.b", "ä", String(repeating: "a", count: 33)] {
            let json = outputs(#"[{"name": "\#(bad)"}]"#)
            XCTAssertEqual(pointers(json), ["/outputs/0/name"], bad)
        }
        XCTAssertEqual(message(outputs(#"[{"name": "a.b"}]"#), at: "/outputs/0/name"), NamedOutput.nameRule)
        XCTAssertNotNil(decodeOK(outputs(#"[{"name": "\#(String(repeating: "a", count: 32))"}, {"name": "0_b-c"}]"#)))
        let twice = outputs(#"[{"name": "web"}, {"name": "mobile"}, {"name": "web", "width": 640, "height": 360}]"#)
        XCTAssertEqual(pointers(twice), ["/outputs/2/name"])
        XCTAssertEqual(message(twice, at: "/outputs/2/name"), "is the name of /outputs/0 too; each output needs a name of its own")
    }

    func testTheTimelineNeedsVideosUnlessEveryOutputIsAudio() {
        let music = #""music": [{"src": "m.mp3"}]"#
        XCTAssertNotNil(decodeOK(outputs(#"[{"name": "a", "format": "m4a"}, {"name": "b", "format": "m4a", "audio": {"bitrate": 64000}}]"#,
                                         timeline: music)))
        let mixed = outputs(#"[{"name": "a", "format": "m4a"}, {"name": "b", "format": "png"}]"#, timeline: music)
        XCTAssertEqual(message(mixed, at: "/timeline/videos"), "needs at least one video item")
    }

    func testNameIsAPlaceholderOfOutputsOnly() throws {
        let s = try XCTUnwrap(decodeOK(outputs(#"""
        [{"name": "hd", "destinations": [{"type": "s3", "url": "s3://bucket/r/{jobId}-{name}.{ext}"}]},
         {"name": "sd", "destinations": [{"type": "s3", "url": "s3://bucket/r/{jobId}-{name}.{ext}"}, {"type": "s3", "url": "s3://bucket/all/"}]}]
        """#)))
        let sd = try XCTUnwrap(s.outputs?[1].spec.destinations)
        XCTAssertEqual(sd[0].key(jobID: "job_1", date: "2026-12-02", ext: "mp4", name: "sd"), "r/job_1-sd.mp4")
        XCTAssertEqual(sd[1].key(jobID: "job_1", date: "2026-12-02", ext: "mp4", name: "sd"), "all/job_1-sd.mp4",
                       "a folder takes every output of a job, each under its name")
        XCTAssertEqual(sd[1].key(jobID: "job_1", date: "2026-12-02", ext: "mp4"), "all/job_1.mp4", "the one output keeps its name")
        let one = spec(output: #""destinations": [{"type": "s3", "url": "s3://bucket/{name}.mp4"}]"#)
        XCTAssertEqual(message(one, at: "/output/destinations/0/url"), "uses {name}, the name of one of outputs, which output has not got")
    }

    func testTwoOutputsMayNotWriteOneObject() {
        func dest(_ url: String, profile: String? = nil) -> String {
            #"{"type": "s3", "url": "\#(url)"\#(profile.map { #", "profile": "\#($0)""# } ?? "")}"#
        }
        // The same key filled the same way for both: the second copy would replace the first.
        let same = outputs(#"[{"name": "a", "destinations": [\#(dest("s3://bk1/x/{jobId}.{ext}"))]},"#
            + #" {"name": "b", "width": 640, "height": 360, "destinations": [\#(dest("s3://bk1/y/{jobId}")), \#(dest("s3://bk1/x/{jobId}.mp4"))]}]"#)
        XCTAssertEqual(pointers(same), ["/outputs/1/destinations/1/url"])
        XCTAssertEqual(message(same, at: "/outputs/1/destinations/1/url"),
                       "writes the same object as /outputs/0/destinations/0/url; put {name} in the key, or end it with / for a folder")
        // Differing extensions, names, buckets or profiles, and a folder key, keep them apart.
        let apart = outputs(#"[{"name": "a", "destinations": [\#(dest("s3://bk1/x/{jobId}.{ext}")), \#(dest("s3://bk1/f/"))]},"#
            + #" {"name": "b", "format": "webm", "destinations": [\#(dest("s3://bk1/x/{jobId}.{ext}")), \#(dest("s3://bk1/f/"))]},"#
            + #" {"name": "c", "destinations": [\#(dest("s3://bk1/x/{jobId}-{name}.{ext}")), \#(dest("s3://bk2/x/{jobId}.{ext}")),"#
            + #" \#(dest("s3://bk1/x/{jobId}.{ext}", profile: "other")), \#(dest("s3://bk1/f/"))]}]"#)
        XCTAssertEqual(pointers(apart), [])
        // An HLS output writes a folder: nothing else may go inside it, nor it around another's object.
        let inside = outputs(#"[{"name": "ladder", "format": "hls", "destinations": [\#(dest("s3://bk1/v/{jobId}"))]},"#
            + #" {"name": "mp4", "destinations": [\#(dest("s3://bk1/v/{jobId}/file.mp4"))]}]"#)
        XCTAssertEqual(message(inside, at: "/outputs/1/destinations/0/url"),
                       "writes inside the HLS folder that /outputs/0/destinations/0/url fills; put {name} in the key")
        let around = outputs(#"[{"name": "mp4", "destinations": [\#(dest("s3://bk1/v/{jobId}/file.mp4"))]},"#
            + #" {"name": "ladder", "format": "hls", "destinations": [\#(dest("s3://bk1/v/{jobId}"))]}]"#)
        XCTAssertEqual(message(around, at: "/outputs/1/destinations/0/url"),
                       "names an HLS folder that /outputs/0/destinations/0/url writes inside; put {name} in the key")
        let twoLadders = outputs(#"[{"name": "l1", "format": "hls", "destinations": [\#(dest("s3://bk1/v/{jobId}"))]},"#
            + #" {"name": "l2", "format": "hls", "hls": {"renditions": [{"height": 360}]}, "destinations": [\#(dest("s3://bk1/v/{jobId}"))]}]"#)
        XCTAssertEqual(pointers(twoLadders), ["/outputs/1/destinations/0/url"], "two HLS outputs writing the same folder")
        // Within one output, a folder key and the key it fills for a named output are one copy.
        let repeated = outputs(#"[{"name": "a", "destinations": [\#(dest("s3://bk1/x/")), \#(dest("s3://bk1/x/{jobId}-{name}.{ext}"))]}]"#)
        XCTAssertEqual(message(repeated, at: "/outputs/0/destinations/1"), "repeats an earlier destination")
    }

    /// Outputs an OTIO file keeps (`metadata.reel.outputs`, as Reel writes them) are a spec's
    /// outputs when it gives none itself; their problems are where the file has them.
    func testOutputsKeptInAnOTIOFileAreReadWhereTheyAre() throws {
        func otio(_ outputs: String) -> String {
            #"{ "version": 1, "otio": { "OTIO_SCHEMA": "Timeline.1", "name": "cut", "global_start_time": null, "metadata": { "reel": { "outputs": \#(outputs) } }, "#
                + ##""tracks": { "OTIO_SCHEMA": "Stack.1", "children": [ { "OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [ { "OTIO_SCHEMA": "Clip.2", "name": "c", "source_range": { "OTIO_SCHEMA": "TimeRange.1", "start_time": { "OTIO_SCHEMA": "RationalTime.1", "value": 0, "rate": 24 }, "duration": { "OTIO_SCHEMA": "RationalTime.1", "value": 24, "rate": 24 } }, "media_references": { "DEFAULT_MEDIA": { "OTIO_SCHEMA": "ExternalReference.1", "target_url": "a.mp4" } }, "active_media_reference_key": "DEFAULT_MEDIA" } ] } ] } } }"##
        }
        let spec = try XCTUnwrap(decodeOK(otio(#"[{"name": "wide", "width": 320, "height": 180}, {"name": "still", "format": "png"}]"#)))
        XCTAssertEqual(spec.outputs?.map(\.name), ["wide", "still"])
        XCTAssertEqual(spec.renderedOutputs.map(\.pointer), ["/otio/metadata/reel/outputs/0", "/otio/metadata/reel/outputs/1"])
        let twice = otio(#"[{"name": "a"}, {"name": "a"}]"#)
        XCTAssertEqual(message(twice, at: "/otio/metadata/reel/outputs/1/name"),
                       "is the name of /otio/metadata/reel/outputs/0 too; each output needs a name of its own")
        let progressive = try XCTUnwrap(decodeOK(otio(#"[{"name": "a"}, {"name": "b", "format": "hls", "hls": {"progressive": true}}]"#)))
        XCTAssertEqual(progressive.outputs?.map { $0.spec.hls?.progressive }, [nil, true], "kept as the file has them")
    }

    func testAStillsTimeIsTheInstantItPictures() throws {
        let s = try XCTUnwrap(decodeOK(spec(output: #""format": "png", "time": 2.5"#)))
        XCTAssertEqual(s.output.time, Time(value: 5, timescale: 2))
        XCTAssertEqual(message(spec(output: #""format": "mp4", "time": 1"#), at: "/output/time"),
                       "is only for jpg and png outputs (the instant a still pictures); mp4 output uses range")
        XCTAssertEqual(pointers(spec(output: #""format": "jpg", "time": -1"#)), ["/output/time"])
        XCTAssertEqual(message(spec(output: #""format": "jpg", "time": 1, "range": {"start": 1, "duration": 1}"#), at: "/output/range"),
                       "cannot be given together with time, which already says the instant a still pictures")
        XCTAssertEqual(pointers(outputs(#"[{"name": "a", "format": "gif", "time": 1}]"#)), ["/outputs/0/time"])
    }
}
