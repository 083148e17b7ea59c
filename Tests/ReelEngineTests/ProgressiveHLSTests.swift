import Foundation
@testable import ReelEngine
import ReelSpec
import ReelStorage
import Synchronization
import XCTest

/// `output.hls.progressive`: EVENT playlists that grow as segments finish, each file made visible
/// (`LiveOutput.put`) only once complete and before any playlist that lists it, the master playlist
/// as soon as every rendition has a segment, `#EXT-X-ENDLIST` at the end; the finished folder plays
/// exactly as the same output written whole does.
final class ProgressiveHLSTests: XCTestCase {
    /// Records every put: the file's name and its bytes at that moment.
    final class RecordingOutput: LiveOutput {
        let location: String
        private let puts = Mutex<[(name: String, bytes: Data)]>([])
        init(location: String) { self.location = location }

        func put(_ file: String, from folder: String) throws {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            puts.withLock { $0.append((file, bytes)) }
        }

        func put(_ file: String, bytes: [UInt8]) throws { puts.withLock { $0.append((file, Data(bytes))) } }

        func finish(folder: String) throws -> String { folder }

        var recorded: [(name: String, bytes: Data)] { puts.withLock { $0 } }
    }

    /// Lossless video (`crf` 0), so the comparison with the output written whole is of pictures:
    /// x264's B-frame choices depend on memory it never wrote, and two lossy encodes of the same
    /// pictures in one process (this test's two, after the suite's others) can differ.
    static let spec = ##"""
    { "version": 1, "output": { "format": "hls", "width": 96, "height": 64, "frameRate": 10, "video": { "crf": 0 },
        "hls": { "segmentDuration": 1, "renditions": [ { "height": 64 }, { "height": 32 } ] PROGRESSIVE } },
      "timeline": { "videos": [ { "color": "#FF0000", "duration": 3 }, { "color": "#0000FF", "duration": 3 } ],
        "overlays": [ { "type": "shape", "shape": "ellipse", "start": 0, "duration": 6, "fill": "#FFFFFF",
          "frame": { "x": 0.5, "y": 0.5, "width": 0.3, "height": 0.3 },
          "keyframes": [ { "time": 0, "x": 0.2 }, { "time": 6, "x": 0.8 } ] } ],
        "music": [ { "src": "tone.wav" } ] } }
    """##

    func testPlaylistsGrowInOrderAndEveryFileIsCompleteWhenShown() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let plan = try ws.plan(Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: #", "progressive": true"#))
        XCTAssertTrue(plan.isProgressive)
        let folder = ws.path("live")
        let live = RecordingOutput(location: folder)
        let renderer = Renderer(plan: plan)
        try renderer.render(to: folder, live: live)
        let puts = live.recorded
        XCTAssertNotNil(renderer.firstSegmentSeconds, "the moment it became playable is known")

        try Self.checkPuts(puts, folder: folder, playlists: ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"])

        // The same output written whole: the same frames and samples, decoded through the playlists.
        let whole = try ws.render(Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: ""), to: "whole")
        for name in ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"] {
            XCTAssertEqual(try framemd5(folder + "/" + name), try framemd5(whole + "/" + name), name)
        }
        let frames = try framemd5(folder + "/master.m3u8", stream: "v:0")
        XCTAssertEqual(frames.count, 60, "6 s at 10 fps through the master playlist")
    }

    /// Checks a progressive output's puts into `folder`: every file put once complete, never before
    /// a playlist lists it; the master once every playlist was put, before the last segment and
    /// again at the end; each of `playlists` growing at its end, segment by segment, ENDLIST last.
    static func checkPuts(_ puts: [(name: String, bytes: Data)], folder: String, playlists: [String]) throws {
        var shown = Set<String>()
        var versions: [String: [String]] = [:]   // each playlist's texts as put, in order
        var masterAt: Int?
        for (k, put) in puts.enumerated() {
            let text = String(decoding: put.bytes, as: UTF8.self)
            if put.name.hasSuffix(".m3u8") && put.name != "master.m3u8" {
                for line in text.split(separator: "\n") {
                    var listed: String?
                    if line.hasPrefix("#EXT-X-MAP:URI=\"") { listed = line.dropFirst(16).split(separator: "\"").first.map(String.init) }
                    if !line.hasPrefix("#") { listed = String(line) }
                    if let listed { XCTAssertTrue(shown.contains(listed), "\(put.name) lists \(listed) before it was put") }
                }
                versions[put.name, default: []].append(text)
            } else if put.name == "master.m3u8" {
                if masterAt == nil { masterAt = k }
                for line in text.split(separator: "\n") where line.hasSuffix(".m3u8") && !line.hasPrefix("#") {
                    XCTAssertNotNil(versions[String(line)], "the master names \(line) before it was put")
                }
                XCTAssertNotNil(versions["audio.m3u8"], "the audio playlist put before the master")
            } else {
                // A segment never changes once put.
                let final = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + put.name))
                XCTAssertEqual(put.bytes, final, "\(put.name) was put before it was complete")
                XCTAssertTrue(shown.insert(put.name).inserted, "\(put.name) put twice")
            }
        }
        let segmentsPut = puts.enumerated().filter { $0.element.name.hasSuffix(".m4s") }.map(\.offset)
        let first = try XCTUnwrap(masterAt)
        XCTAssertLessThan(first, try XCTUnwrap(segmentsPut.last), "playable before the last segment")
        XCTAssertGreaterThan(segmentsPut.filter { $0 > first }.count, 6, "most segments come after the master: \(segmentsPut), master \(first)")
        XCTAssertEqual(puts.last?.name, "master.m3u8", "the master again at the end, from the whole output")

        for name in playlists {
            let texts = try XCTUnwrap(versions[name], name)
            XCTAssertGreaterThan(texts.count, 3, "\(name) grew segment by segment")
            var previous: [Substring] = []
            for (k, text) in texts.enumerated() {
                XCTAssertTrue(text.contains("#EXT-X-PLAYLIST-TYPE:EVENT"), text)
                XCTAssertEqual(text.contains("#EXT-X-ENDLIST"), k == texts.count - 1, "ENDLIST in the last version only: \(text)")
                let segments = text.split(separator: "\n").filter { $0.hasSuffix(".m4s") }
                XCTAssertEqual(Array(segments.prefix(previous.count)), previous, "\(name) only grows at its end")
                XCTAssertGreaterThan(segments.count, previous.count, "\(name) put again without a new segment")
                previous = segments
            }
            XCTAssertEqual(try String(contentsOfFile: folder + "/" + name, encoding: .utf8), texts.last, "the last version put is the final one")
        }
    }

    /// Refuses every put, as a bucket that is gone would.
    struct Refusing: LiveOutput {
        struct Refused: Error {}
        let location: String
        func put(_ file: String, from folder: String) throws { throw Refused() }
        func put(_ file: String, bytes: [UInt8]) throws { throw Refused() }
        func finish(folder: String) throws -> String { folder }
    }

    func testAFailedPutStopsTheRenderAndTheFolderGoes() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let plan = try ws.plan(Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: #", "progressive": true"#))
        let folder = ws.path("live")
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: folder, live: Refusing(location: folder))) { error in
            guard case RenderError.output(_, let cause) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(cause is Refusing.Refused, "\(cause)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "a failed progressive render leaves nothing")
    }

    /// One line a decoded frame: its timestamp, size and MD5 (FFmpeg's `framemd5`).
    func framemd5(_ playlist: String, stream: String? = nil) throws -> [String] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", playlist] + (stream.map { ["-map", "0:\($0)"] } ?? [])
                              + ["-f", "framemd5", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }
}
