import Foundation
import ReelEngine
import ReelHTTP
import ReelSpec

/// What each fuzz target does with one input (`Fuzz/*`: libFuzzer's `LLVMFuzzerTestOneInput` in a
/// `-sanitize=fuzzer` build, a replay tool over files otherwise). Every target must return for
/// any input without crashing; a property that fails traps, so libFuzzer keeps the input.
public enum FuzzTargets {
    /// The JSON parser and the spec decoder: never crash; a document that parses prints to text
    /// that parses to the same document.
    public static func spec(_ bytes: [UInt8]) {
        _ = SpecDecoder.decode(bytes)
        if let json = try? JSONParser.parse(bytes) {
            let again = try? JSONParser.parse(Array(json.serialized.utf8))
            precondition(again == json, "the serialised document parses differently")
        }
    }

    /// A request head scanned whole and in pieces, then parsed (`HTTPFuzzing.head`).
    public static func httpHead(_ bytes: [UInt8]) { HTTPFuzzing.head(bytes) }

    /// A chunked body decoded whole and split (`HTTPFuzzing.chunked`).
    public static func chunked(_ bytes: [UInt8]) { HTTPFuzzing.chunked(bytes) }

    /// `probe` on arbitrary bytes as a file, as an upload is probed.
    public static func probe(_ bytes: [UInt8]) {
        let path = probePath
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        _ = try? MediaProbe.probe(path: path)
    }

    /// The planner and a first frame on a spec built from the input's choices (`PlanFuzzing`).
    public static func plan(_ bytes: [UInt8]) { PlanFuzzing.run(bytes) }

    private static let probePath = NSTemporaryDirectory() + "reel-fuzz-probe-\(getpid())"

    /// The replay tool: runs `target` on every file named (directories: every file in them) and
    /// prints how many; a crash names the file being run.
    public static func replay(_ arguments: [String], _ target: ([UInt8]) -> Void) -> Int32 {
        var files: [String] = []
        for a in arguments {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: a, isDirectory: &isDir) else {
                FileHandle.standardError.write(Data("no such file: \(a)\n".utf8))
                return 2
            }
            if isDir.boolValue {
                files += ((try? FileManager.default.contentsOfDirectory(atPath: a)) ?? []).sorted().map { a + "/" + $0 }
            } else {
                files.append(a)
            }
        }
        for f in files {
            FileHandle.standardError.write(Data("running \(f)\n".utf8))
            target(Array(FileManager.default.contents(atPath: f) ?? Data()))
        }
        print("ran \(files.count) inputs")
        return 0
    }
}
