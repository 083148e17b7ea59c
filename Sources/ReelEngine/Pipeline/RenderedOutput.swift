import Foundation
import ReelStorage

/// What a finished render left at its path: a file, or for `hls` a folder whose entry point is
/// `master.m3u8`. Its size counts every file; its digest (the download's ETag) is the file's, or
/// the master playlist's, which names everything else.
public struct RenderedOutput: Sendable {
    public static let hlsEntry = "master.m3u8"

    public let path: String
    public let bytes: Int64
    public let sha256: String
    /// The folder of an `hls` output; false for a single file.
    public let isFolder: Bool

    public init(path: String) throws {
        self.path = path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw SystemCallError(call: "stat", errno: ENOENT, doing: "measuring the output \(path)")
        }
        isFolder = isDir.boolValue
        if isFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: path)
            bytes = try names.reduce(Int64(0)) { sum, name in
                sum + ((try FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? NSNumber)?.int64Value ?? 0)
            }
            sha256 = try FileDigest.sha256(path + "/" + RenderedOutput.hlsEntry)
        } else {
            bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            sha256 = try FileDigest.sha256(path)
        }
    }
}
