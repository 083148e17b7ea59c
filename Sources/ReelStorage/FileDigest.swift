import Crypto
import Foundation
import ReelBasics

/// The SHA-256 of a file's bytes, read a mebibyte at a time (never whole in memory): outputs'
/// digests and ETags, uploads' digests, the names of the web cache's copies.
public enum FileDigest {
    public static func sha256(_ path: String) throws -> String {
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
