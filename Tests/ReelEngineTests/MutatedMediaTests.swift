import Foundation
import TestSupport
import XCTest

/// A zzuf-style smoke test: tiny fixtures of several kinds with a few bytes flipped (and some cut
/// short) go through `reel probe` and `reel render` as separate processes. Whatever the damage,
/// each process must end by itself, with an exit status, never a signal (a crash, a double free)
/// and never a hang; and whatever it says names what failed, never FFmpeg's words alone
/// ("Invalid argument"). The mutations come from a fixed seed, so a failure repeats.
final class MutatedMediaTests: XCTestCase {
    struct Fixture {
        let name: String
        let args: [String]
        /// How a spec uses it: as a video item or as music.
        let asMusic: Bool
    }

    let fixtures = [
        Fixture(name: "clip.mp4", args: ["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=0.5", "-f", "lavfi", "-i", "sine=d=0.5",
                                         "-c:v", "libx264", "-g", "3", "-c:a", "aac", "-shortest"], asMusic: false),
        Fixture(name: "clip.webm", args: ["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=0.5", "-c:v", "libvpx-vp9", "-b:v", "100k"], asMusic: false),
        Fixture(name: "still.png", args: ["-f", "lavfi", "-i", "testsrc=s=48x48:d=0.1", "-frames:v", "1"], asMusic: false),
        Fixture(name: "tone.m4a", args: ["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac"], asMusic: true),
    ]

    func testMutatedMediaNeverKillsOrHangsProbeOrRender() throws {
        let ws = try Workspace()
        var rng = SplitMix64(seed: 0x5EED_F00D)
        var refused = 0, rendered = 0
        var deaths: [String] = []
        var bare: [String] = []
        for fixture in fixtures {
            try Tools.ffmpeg(fixture.args + [ws.path(fixture.name)])
            let original = try XCTUnwrap(FileManager.default.contents(atPath: ws.path(fixture.name)))
            let ext = (fixture.name as NSString).pathExtension
            for v in 0..<60 {
                var bytes = [UInt8](original)
                // zzuf's default ratio: each byte has a 0.4 % chance of one flipped bit.
                for i in bytes.indices where rng.next() % 1000 < 4 { bytes[i] ^= UInt8(1 << (rng.next() % 8)) }
                if v % 10 == 9 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count)))) }
                let name = "m\(v).\(ext)"
                XCTAssertTrue(FileManager.default.createFile(atPath: ws.path(name), contents: Data(bytes)))
                let probe = try runBounded(["probe", ws.path(name)], seconds: 20, errors: ws.path("probe\(v).txt"))
                if let death = probe.death {
                    deaths.append("probe \(fixture.name) variant \(v): \(death)")
                    keep([name], from: ws)
                }
                for line in Self.bareLines(in: ws.path("probe\(v).txt")) {
                    bare.append("probe \(fixture.name) variant \(v): \(line)")
                    keep([name], from: ws)
                }
                if probe.status != 0 { refused += 1 }
                guard v % 4 == 0 else { continue }
                let item = fixture.asMusic
                    ? ##"{ "color": "#000000", "duration": 0.5 } ], "music": [ { "src": "\##(name)" } ]"##
                    : (ext == "png" ? ##"{ "src": "\##(name)", "duration": 0.3 } ]"## : ##"{ "src": "\##(name)" } ]"##)
                // `range` bounds the work: a flipped byte can make a container claim hours (one
                // variant here claims 32768 s), which is a long render, not a hang.
                let spec = try ws.spec(##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "range": { "start": 0, "duration": 0.5 } }, "timeline": { "videos": [ "## + item + " } }",
                                       name: "m\(v).json")
                let render = try runBounded(["render", spec, "-o", ws.path("out\(v).mp4")], seconds: 60, errors: ws.path("render\(v).txt"))
                if render.death == nil && render.status == 0 { rendered += 1 }
                if let death = render.death {
                    deaths.append("render \(fixture.name) variant \(v): \(death)")
                    keep([name, "m\(v).json"], from: ws)
                }
                for line in Self.bareLines(in: ws.path("render\(v).txt")) {
                    bare.append("render \(fixture.name) variant \(v): \(line)")
                    keep([name, "m\(v).json"], from: ws)
                }
            }
        }
        XCTAssertEqual(deaths, [], "the failing inputs are kept in \(MutatedMediaTests.failures)")
        XCTAssertEqual(bare, [], "errors that end in FFmpeg's words alone; the inputs are kept in \(MutatedMediaTests.failures)")
        // Both ends of the damage are reached, so the run tested something: some variants are
        // refused (and say so), some still render.
        XCTAssertGreaterThan(refused, 0, "some variants are damaged beyond reading, and say so")
        XCTAssertGreaterThan(rendered, 0, "some lightly damaged variants still render")
    }

    static let failures = NSTemporaryDirectory() + "reel-mutated-failures"

    /// FFmpeg's words for the codes damaged media meets, which alone name neither the file, nor
    /// the step, nor anything to do.
    static let bareWords = ["Invalid argument", "Function not implemented", "Operation not permitted"]

    /// The lines of `reel`'s standard error (saved at `path`) that end in FFmpeg's words alone, as
    /// in "decoding m4.mp4 stream 1 (avcodec_receive_frame): Operation not permitted"; FFmpeg's own
    /// log lines ("[aac @ 0x…] …") are not Reel's messages.
    static func bareLines(in path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { line in
            !line.hasPrefix("[") && bareWords.contains { line == $0 || line.hasSuffix(": " + $0) }
        }
    }

    /// Copies a failing variant (and its spec) out of the workspace before it is deleted.
    func keep(_ names: [String], from ws: Workspace) {
        try? FileManager.default.createDirectory(atPath: Self.failures, withIntermediateDirectories: true)
        for n in names {
            try? FileManager.default.removeItem(atPath: Self.failures + "/" + n)
            try? FileManager.default.copyItem(atPath: ws.path(n), toPath: Self.failures + "/" + n)
        }
    }

    /// Runs `reel` with `args`, its standard error into the file `errors`; `death` says how it
    /// ended if not by exiting (a signal, or killed after `seconds`). A file, not a pipe: FFmpeg's
    /// messages about a damaged input could fill a pipe nobody reads until the process ends.
    func runBounded(_ args: [String], seconds: Double, errors: String) throws -> (status: Int32, death: String?) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tools.reelBinary)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let log = try XCTUnwrap(FileHandle(forWritingAtPath: errors))
        defer { try? log.close() }
        p.standardError = log
        p.standardInput = FileHandle.nullDevice
        try p.run()
        if !Poll.until(seconds: seconds, every: 0.005, { !p.isRunning }) {
            p.terminate()
            if !Poll.until(seconds: 2, { !p.isRunning }) { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            return (-1, "still running after \(Int(seconds)) s")
        }
        p.waitUntilExit()
        if p.terminationReason == .uncaughtSignal { return (p.terminationStatus, "killed by signal \(p.terminationStatus)") }
        return (p.terminationStatus, nil)
    }
}
