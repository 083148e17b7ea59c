import Foundation
import XCTest

/// The `reel` executable: exit codes, messages on standard error, and what it prints.
final class CLITests: XCTestCase {
    func testRenderWritesTheFileAndReportsProgress() throws {
        let ws = try Workspace()
        try ws.lumaRamp("clips/ramp.mp4".replacingOccurrences(of: "clips/", with: ""), seconds: 1)
        let spec = try ws.spec(#"{ "version": 1, "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 0.5 } } ] } }"#)
        let r = try Tools.run(Tools.reelBinary, ["render", spec, "-o", ws.path("out.mp4"), "--progress"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("progress 100%"), r.stderr)
        XCTAssertEqual(Tools.stream(try Tools.probe(ws.path("out.mp4")), "video")?.int("nb_read_frames"), 15)
    }

    /// A spec with `outputs` renders into the folder `-o` names, each output as NAME.EXT, the
    /// video one frame for frame as the spec with it alone; `validate` lists each; `--isolated`
    /// (one output per child) refuses it.
    func testOutputsRenderIntoAFolder() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 1)
        let outputs = #"[ { "name": "wide", "width": 128, "height": 96 }, { "name": "poster", "format": "png", "time": "10/30" } ]"#
        let spec = try ws.spec(#"{ "version": 1, "outputs": \#(outputs), "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }"#)
        let v = try Tools.run(Tools.reelBinary, ["validate", spec])
        XCTAssertEqual(v.status, 0, v.stderr)
        let said = String(decoding: v.stdout, as: UTF8.self)
        XCTAssertTrue(said.contains("(wide) is valid: 128x96") && said.contains("(poster) is valid: 64x48"), said)
        let r = try Tools.run(Tools.reelBinary, ["render", spec, "-o", ws.path("out")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path("out")).sorted(), ["poster.png", "wide.mp4"])
        let wide = try XCTUnwrap(Tools.stream(try Tools.probe(ws.path("out/wide.mp4")), "video"))
        XCTAssertEqual([wide.int("width"), wide.int("height"), wide.int("nb_read_frames")], [128, 96, 30])
        let alone = try ws.spec(#"{ "version": 1, "output": { "width": 128, "height": 96 }, "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }"#,
                              name: "alone.json")
        XCTAssertEqual(try Tools.run(Tools.reelBinary, ["render", alone, "-o", ws.path("alone.mp4")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: ws.path("out/wide.mp4"))), try Data(contentsOf: URL(fileURLWithPath: ws.path("alone.mp4"))),
                       "the same file as the spec with that output alone renders")
        let isolated = try Tools.run(Tools.reelBinary, ["render", "--isolated", spec, "-o", ws.path("out2")])
        XCTAssertNotEqual(isolated.status, 0)
        XCTAssertTrue(isolated.stderr.contains("has outputs"), isolated.stderr)
    }

    /// `reel --version` prints the release, the number `openapi.yaml`'s `info.version` carries.
    func testVersionIsTheContractsVersion() throws {
        let r = try Tools.run(Tools.reelBinary, ["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let printed = String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let openapi = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let declared = openapi.split(separator: "\n").first { $0.hasPrefix("  version: ") }.map { String($0.dropFirst("  version: ".count)) }
        XCTAssertEqual(printed, declared)
        XCTAssertFalse(printed.isEmpty)
    }

    func testRenderOfABadSpecFailsNamingTheItemAndWritesNothing() throws {
        let ws = try Workspace()
        let spec = try ws.spec(##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 }, { "src": "gone.mp4" } ] } }"##)
        let r = try Tools.run(Tools.reelBinary, ["render", spec, "-o", ws.path("out.mp4")])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("/timeline/videos/1/src"), r.stderr)
        XCTAssertTrue(r.stderr.contains("does not exist"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    /// `-o clip.webm` with a spec that names no format writes WebM; one that names mp4 is refused
    /// before anything is rendered, rather than writing MP4 bytes under a .webm name.
    func testTheOutputExtensionAndTheSpecsFormatAgree() throws {
        let ws = try Workspace()
        let silent = try ws.spec(##"{ "version": 1, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#336699", "duration": 0.5 } ] } }"##)
        let implied = try Tools.run(Tools.reelBinary, ["render", silent, "-o", ws.path("clip.webm")])
        XCTAssertEqual(implied.status, 0, implied.stderr)
        let format = try XCTUnwrap(try Tools.probe(ws.path("clip.webm"))["format"] as? [String: Any])
        XCTAssertEqual(format["format_name"] as? String, "matroska,webm")
        let still = try Tools.run(Tools.reelBinary, ["render", silent, "-o", ws.path("card.JPEG")])
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(Tools.stream(try Tools.probe(ws.path("card.JPEG")), "video")?["codec_name"] as? String, "mjpeg")

        let named = try ws.spec(##"{ "version": 1, "output": { "format": "mp4" }, "timeline": { "videos": [ { "color": "#336699", "duration": 0.5 } ] } }"##,
                                name: "named.json")
        let refused = try Tools.run(Tools.reelBinary, ["render", named, "-o", ws.path("other.webm")])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("output.format \"mp4\""), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("other.webm")))
        // An extension that names no format leaves the spec's (or the default) alone.
        let plain = try Tools.run(Tools.reelBinary, ["render", named, "-o", ws.path("out.bin")])
        XCTAssertEqual(plain.status, 0, plain.stderr)
    }

    func testValidateListsEveryProblem() throws {
        let ws = try Workspace()
        let spec = try ws.spec("""
        { "version": 2, "output": { "width": 641, "height": 480, "colour": "red" },
          "timeline": { "videos": [ { "color": "#00000", "duration": -1 } ] } }
        """)
        let r = try Tools.run(Tools.reelBinary, ["validate", spec])
        XCTAssertEqual(r.status, 1)
        for pointer in ["/version", "/output/width", "/output/colour", "/timeline/videos/0/color", "/timeline/videos/0/duration"] {
            XCTAssertTrue(r.stderr.contains(pointer + ":"), "\(pointer) missing from:\n\(r.stderr)")
        }
        let ok = try ws.spec(##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##, name: "ok.json")
        let good = try Tools.run(Tools.reelBinary, ["validate", ok])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.text.contains("1280x720"), good.text)
    }

    /// `reel validate` finds sources where `reel serve` does when REEL_MEDIA_ROOT is set (else
    /// beside the spec, or under `--media`), and says where it looked when one is missing.
    func testValidateLooksForSourcesWhereTheServerDoes() throws {
        let ws = try Workspace()
        let spec = try ws.spec(##"{ "version": 1, "timeline": { "videos": [ { "src": "clips/a.mp4" } ] } }"##)
        let media = ws.path("media")
        try FileManager.default.createDirectory(atPath: media + "/clips", withIntermediateDirectories: true)
        try Tools.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=1", "-y", media + "/clips/a.mp4"])
        let beside = try Tools.run(Tools.reelBinary, ["validate", spec], env: ["REEL_MEDIA_ROOT": ""])
        XCTAssertEqual(beside.status, 1)
        XCTAssertTrue(beside.stderr.contains("/timeline/videos/0/src: source \"clips/a.mp4\" does not exist"), beside.stderr)
        XCTAssertTrue(beside.stderr.contains("looked up under \(ws.root)"), "where it looked: \(beside.stderr)")
        XCTAssertTrue(beside.stderr.contains("--media DIR"), beside.stderr)
        let server = try Tools.run(Tools.reelBinary, ["validate", spec], env: ["REEL_MEDIA_ROOT": media])
        XCTAssertEqual(server.status, 0, server.stderr)
        let given = try Tools.run(Tools.reelBinary, ["validate", "--media", media, spec], env: ["REEL_MEDIA_ROOT": ws.path("elsewhere")])
        XCTAssertEqual(given.status, 0, "--media wins: \(given.stderr)")
    }

    /// A typo, a missing source and a transition longer than its items are reported together (the
    /// sources were only checked once the structure was valid before), in text and as JSON.
    func testValidateReportsTheStructureAndTheSourcesAtOnce() throws {
        let ws = try Workspace()
        let spec = try ws.spec(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1, "durration": 2 }, { "src": "gone.mp4" },
                                                  { "color": "#FFFFFF", "duration": 1 } ],
                                      "transitions": [ null, { "type": "dissolve", "duration": 5 } ] } }
        """##)
        let expected = ["/timeline/videos/0/durration", "/timeline/videos/1/src", "/timeline/transitions/1/duration"]
        let text = try Tools.run(Tools.reelBinary, ["validate", spec])
        XCTAssertEqual(text.status, 1)
        for pointer in expected { XCTAssertTrue(text.stderr.contains(pointer + ":"), "\(pointer) missing from:\n\(text.stderr)") }
        let json = try Tools.run(Tools.reelBinary, ["validate", "--json", spec])
        XCTAssertEqual(json.status, 1)
        let verdict = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any], json.text)
        XCTAssertEqual(verdict["valid"] as? Bool, false)
        XCTAssertEqual(Set((verdict["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }), Set(expected), json.text)

        let ok = try ws.spec(##"{ "version": 1, "output": { "width": 64, "height": 48, "frameRate": 25 }, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }"##,
                             name: "ok.json")
        let good = try Tools.run(Tools.reelBinary, ["validate", "--json", ok])
        XCTAssertEqual(good.status, 0, good.stderr)
        let plan = try XCTUnwrap(try JSONSerialization.jsonObject(with: good.stdout) as? [String: Any])
        XCTAssertEqual(plan["valid"] as? Bool, true)
        XCTAssertEqual(plan["frames"] as? Int, 50)
        XCTAssertEqual(plan["duration"] as? Double, 2)
        let output = try XCTUnwrap(plan["output"] as? [String: Any])
        XCTAssertEqual(output["width"] as? Int, 64)
        XCTAssertEqual(output["format"] as? String, "mp4")
        XCTAssertEqual(output["videoCodec"] as? String, "h264")
        XCTAssertEqual(output["sampleRate"] as? Int, 48000)
    }

    func testProbePrintsStreamsRotationMetadataAndChapters() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x32:r=30:d=1", "-f", "lavfi", "-i", "sine=sample_rate=44100:duration=1",
                          "-c:v", "libx264", "-c:a", "aac", "-metadata", "title=Probe me", "-metadata:s:a:0", "language=fra",
                          ws.path("plain.mp4")])
        try Tools.ffmpeg(["-i", ws.path("plain.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", ws.path("rotated.mp4")])
        let r = try Tools.run(Tools.reelBinary, ["probe", ws.path("rotated.mp4")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(json.double("duration")), 1, accuracy: 0.05)
        XCTAssertEqual((json["metadata"] as? [String: Any])?["title"] as? String, "Probe me")
        let streams = try XCTUnwrap(json["streams"] as? [[String: Any]])
        let v = try XCTUnwrap(streams.first { $0["type"] as? String == "video" })
        let a = try XCTUnwrap(streams.first { $0["type"] as? String == "audio" })
        XCTAssertEqual(v["codec"] as? String, "h264")
        XCTAssertEqual(v.int("rotation"), 270)
        XCTAssertEqual([v.int("displayWidth"), v.int("displayHeight")], [32, 64])
        XCTAssertEqual(v.double("frameRate"), 30)
        XCTAssertEqual(a.int("sampleRate"), 44100)
        XCTAssertEqual(a.int("channels"), 1)
        XCTAssertEqual(a["language"] as? String, "fra")
    }

    func testProbeOfNonMediaFailsClearly() throws {
        let ws = try Workspace()
        try "just text".write(toFile: ws.path("notes.txt"), atomically: true, encoding: .utf8)
        let r = try Tools.run(Tools.reelBinary, ["probe", ws.path("notes.txt")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("not readable media"), r.stderr)
        let missing = try Tools.run(Tools.reelBinary, ["probe", ws.path("nothing.mp4")])
        XCTAssertEqual(missing.status, 1)
    }
}
