import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A temporary media root for one test: fixtures are generated into it with ffmpeg's lavfi sources.
final class Workspace {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "reel-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }

    /// A clip whose frame N has luma N mod 256 (lossless H.264), optionally with a tone.
    func lumaRamp(_ name: String, size: String = "32x32", rate: String = "30", seconds: Double = 3,
                  audio: Bool = false, pixelFormat: String = "yuv420p") throws {
        // geq writes the Y plane directly, so luma is exactly N (no range conversion in between).
        var args = ["-f", "lavfi", "-i", "nullsrc=s=\(size):r=\(rate):d=\(seconds),format=\(pixelFormat),geq=lum='mod(N,256)':cb=128:cr=128"]
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=\(seconds)"] }
        args += ["-c:v", "libx264", "-qp", "0"]
        if audio { args += ["-c:a", "aac", "-shortest"] }
        try Tools.ffmpeg(args + [path(name)])
    }

    /// Writes a spec and returns its path.
    @discardableResult
    func spec(_ json: String, name: String = "spec.json") throws -> String {
        try json.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// Decodes, plans and renders a spec whose sources live here.
    func render(_ json: String, to name: String = "out.mp4", cancel: CancellationToken = CancellationToken(),
                progress: @escaping (Double) -> Void = { _ in }) throws -> String {
        let plan = try self.plan(json)
        try Renderer(plan: plan).render(to: path(name), cancel: cancel, progress: progress)
        return path(name)
    }

    /// Renders `plan` in chunks of about `seconds` (each chunk's video and audio alone, joined by
    /// packet copy, as the workers do) into `name`; returns the output's path and the chunk count.
    func renderInChunks(_ plan: RenderPlan, seconds: Int, to name: String) throws -> (path: String, chunks: Int) {
        let renderer = Renderer(plan: plan)
        let ranges = renderer.chunkRanges(seconds: seconds)
        var chunks: [String] = [], audio: [String] = []
        let levels = try renderer.loudnessLevels()
        for (i, r) in ranges.enumerated() {
            chunks.append(path("chunk-\(i).packets"))
            audio.append(path("audio-\(i).packets"))
            try renderer.renderChunk(r, video: chunks[i], audio: audio[i], levels: levels)
        }
        try renderer.joinChunks(chunks, audio: audio, to: path(name))
        return (path(name), ranges.count)
    }

    /// Spoils the source file `name` after `plan` was made, renders, and checks that the render fails
    /// with a source error naming `pointer` and that file, and leaves no output or temporary file.
    func assertRenderFailsWhenSourceSpoiled(_ plan: RenderPlan, _ name: String, pointer: String,
                                            file: StaticString = #filePath, line: UInt = #line) throws {
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path(name)))
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: path("out.mp4")), file: file, line: line) { error in
            guard case let RenderError.source(p, sourcePath, _) = error else {
                return XCTFail("expected a source error, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(p, pointer, file: file, line: line)
            XCTAssertEqual(sourcePath, path(name), file: file, line: line)
            XCTAssertFalse((error as? RenderError)?.isRetryable ?? true, "a damaged source is not retried", file: file, line: line)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains("out.mp4") }
        XCTAssertEqual(left, [], "neither the output nor its temporary file remains", file: file, line: line)
    }

    func plan(_ json: String) throws -> RenderPlan {
        let spec = try SpecDecoder.decode(Array(json.utf8)).get()
        return try RenderPlanner(resolver: SourceResolver(mediaRoot: root)).plan(spec)
    }
}
