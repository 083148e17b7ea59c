import Foundation
@testable import ReelEngine
import XCTest

/// MXF and MPEG program streams are read like any other source: every frame and sample, at their
/// times (FFmpeg's own files, made here, the oracle read back with ffprobe and decoded pixels).
final class BroadcastContainerTests: XCTestCase {
    func check(_ name: String, _ encode: [String]) throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=2", "-f", "lavfi", "-i", "sine=f=440:r=48000:d=2"] + encode + [ws.path(name)])
        let info = try MediaProbe.probe(path: ws.path(name))
        XCTAssertEqual(info.streams.filter { $0.type == .video }.count, 1, name)
        XCTAssertEqual(info.streams.filter { $0.type == .audio }.count, 1, name)
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 25 },
          "timeline": { "videos": [ { "src": "\##(name)", "sourceRange": { "start": 0.4, "duration": 1 } } ] } }
        """##)
        let probe = try Tools.probe(out)
        XCTAssertEqual(Tools.stream(probe, "video")?.int("nb_frames"), 25, "\(name): one second of frames")
        XCTAssertEqual(Tools.stream(probe, "audio")?.double("duration") ?? 0, 1, accuracy: 0.03, "\(name): and of sound")
        // testsrc's counter is drawn in the picture: the first frame out is source frame 10, not 0.
        let source = try Tools.lumaFrames(ws.path(name), width: 64, height: 48)
        let rendered = try Tools.lumaFrames(out, width: 64, height: 48)
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count }
        XCTAssertLessThan(distance(rendered[0], source[10]), distance(rendered[0], source[0]), "\(name): starts at 0.4 s")
    }

    func testMXF() throws {
        try check("clip.mxf", ["-c:v", "mpeg2video", "-q:v", "2", "-c:a", "pcm_s16le", "-ar", "48000"])
    }

    func testMPEGProgramStream() throws {
        try check("clip.mpg", ["-c:v", "mpeg2video", "-q:v", "2", "-c:a", "mp2", "-f", "vob"])
    }
}
