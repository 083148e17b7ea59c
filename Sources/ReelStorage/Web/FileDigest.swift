import Crypto
import Foundation
import ReelSpec

/// The SHA-256 of a file's bytes, read a mebibyte at a time (a source may be gigabytes).
enum FileDigest {
    static func sha256(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var hash = SHA256()
        while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
            hash.update(data: block)
        }
        return Hex.lowercase(Array(hash.finalize()))
    }
}
