import Foundation
import XCTest

/// Runs the ffmpeg/ffprobe CLIs and the built `reel` binary: the independent oracle of these tests.
enum Tools {
    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs a program found on PATH (or an absolute path) and waits for it; `env` is added to
    /// this process's environment.
    @discardableResult
    static func run(_ program: String, _ args: [String], cwd: String? = nil, env: [String: String] = [:]) throws -> Output {
        let p = Process()
        if !env.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 } }
        p.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        p.arguments = program.hasPrefix("/") ? args : [program] + args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read both pipes concurrently so neither fills and blocks the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs ffmpeg quietly; fails the test with its message when it fails.
    static func ffmpeg(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + args)
        if r.status != 0 {
            XCTFail("ffmpeg \(args.joined(separator: " ")) failed: \(r.stderr)", file: file, line: line)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// ffprobe's JSON for a file's streams, format and chapters.
    static func probe(_ path: String) throws -> [String: Any] {
        let r = try run("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-show_chapters",
                                    "-of", "json", path])
        guard r.status == 0, let obj = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return obj
    }

    /// The first video stream's packets as ffprobe reads them, in decoding order: each one's size,
    /// flags and the MD5 of its data (the same encode muxed into two containers reads the same).
    static func packets(_ path: String, stream: String = "v:0") throws -> [String] {
        let r = try run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_data_hash", "md5",
                                    "-show_entries", "packet=size,flags,data_hash", "-of", "csv=p=0", path])
        guard r.status == 0 else {
            XCTFail("ffprobe \(path) failed: \(r.stderr)")
            throw CocoaError(.fileReadCorruptFile)
        }
        return r.text.split(separator: "\n").map(String.init)
    }

    /// The first stream of a type in an ffprobe result.
    static func stream(_ probe: [String: Any], _ type: String) -> [String: Any]? {
        (probe["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == type }
    }

    /// The Y plane of every frame, decoded without conversion (ffmpeg's own autorotation applies).
    static func lumaFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        try yuvFrames(path, width: width, height: height).map { Array($0[0..<width * height]) }
    }

    /// Decodes every frame to planar YUV 4:2:0 without conversion (Y, then U, then V).
    static func yuvFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        let r = try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let size = width * height * 3 / 2
        let bytes = [UInt8](r.stdout)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    /// Decodes every frame to packed RGBA (straight alpha, as ffmpeg converts any YUVA or RGBA source).
    static func rgbaFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        let r = try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let size = width * height * 4
        let bytes = [UInt8](r.stdout)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    /// Decodes the audio to interleaved 32-bit float at its own rate and channel count.
    static func samples(_ path: String, channels: Int) throws -> [[Float]] {
        let r = try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "f32le", "-ac", String(channels), "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let all: [Float] = r.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<channels).map { c in stride(from: c, to: all.count, by: channels).map { all[$0] } }
    }

    /// The SHA-256 of a file, as `sha256sum` computes it.
    static func sha256(_ path: String) throws -> String {
        let r = try run("sha256sum", [path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return String(r.text.prefix(64))
    }

    /// The built `reel` executable, beside the test bundle.
    static var reelBinary: String {
        let dir = Bundle.main.bundleURL
        for candidate in [dir.appendingPathComponent("reel"), dir.deletingLastPathComponent().appendingPathComponent("reel")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        return dir.appendingPathComponent("reel").path
    }
}

/// Holds the standard-error bytes read on another thread.
final class DataBox: @unchecked Sendable {
    var data = Data()
}

extension Dictionary where Key == String, Value == Any {
    func double(_ key: String) -> Double? {
        if let s = self[key] as? String { return Double(s) }
        return self[key] as? Double
    }
    func int(_ key: String) -> Int? {
        if let s = self[key] as? String { return Int(s) }
        return self[key] as? Int
    }
}
