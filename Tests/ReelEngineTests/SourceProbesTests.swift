@testable import ReelEngine
import ReelSpec
import XCTest

/// Sources probed concurrently before planning: the same facts as probing one by one, each error
/// kept with its own source.
final class SourceProbesTests: XCTestCase {
    func testConcurrentProbesMatchProbingOneByOne() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", seconds: 1)
        try ws.lumaRamp("b.mp4", size: "64x48", rate: "25", seconds: 2, audio: true)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1.5", ws.path("c.wav")])
        let resolver = SourceResolver(mediaRoot: ws.root)
        let names = ["a.mp4", "b.mp4", "c.wav", "a.mp4"]
        let probes = SourceProbes(sources: names, resolver: resolver)
        for name in names {
            let (path, info) = try probes.probe(name)
            let serial = try MediaProbe.probe(path: try resolver.resolve(name))
            XCTAssertEqual(path, try resolver.resolve(name))
            XCTAssertEqual(info.format, serial.format, name)
            XCTAssertEqual(info.duration, serial.duration, name)
            XCTAssertEqual(info.streams.map(\.type), serial.streams.map(\.type), name)
            XCTAssertEqual(info.video?.width, serial.video?.width, name)
            XCTAssertEqual(info.video?.averageFrameRate, serial.video?.averageFrameRate, name)
            XCTAssertEqual(info.audio?.sampleRate, serial.audio?.sampleRate, name)
        }
        XCTAssertEqual(try probes.probe("b.mp4").info.video?.width, 64)
        XCTAssertEqual(try probes.probe("c.wav").info.audio?.sampleRate, 44100)
    }

    func testEachFailureStaysWithItsSource() throws {
        let ws = try Workspace()
        try ws.lumaRamp("good.mp4", seconds: 1)
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: ws.path("junk.mp4")))
        let probes = SourceProbes(sources: ["missing.mp4", "good.mp4", "junk.mp4", "../up.mp4"],
                                  resolver: SourceResolver(mediaRoot: ws.root))
        XCTAssertEqual(try probes.probe("good.mp4").info.video?.width, 32)
        XCTAssertThrowsError(try probes.probe("missing.mp4")) { XCTAssertTrue("\($0)".contains("does not exist"), "\($0)") }
        XCTAssertThrowsError(try probes.probe("junk.mp4")) { XCTAssertTrue($0 is FFmpegError, "\($0)") }
        XCTAssertThrowsError(try probes.probe("../up.mp4")) { XCTAssertTrue("\($0)".contains(".."), "\($0)") }
    }

    func testASourceNotNamedUpFrontIsProbedOnDemand() throws {
        let ws = try Workspace()
        try ws.lumaRamp("late.mp4", seconds: 1)
        let probes = SourceProbes(sources: [], resolver: SourceResolver(mediaRoot: ws.root))
        XCTAssertEqual(try probes.probe("late.mp4").info.video?.height, 32)
        XCTAssertThrowsError(try probes.probe("nope.mp4"))
    }
}
