import Foundation

/// Facts about the file system the node's data lives on.
enum FileSystem {
    /// Free bytes available to this process on the file system holding `path` ("" is the
    /// current folder); nil when it cannot be read.
    static func freeBytes(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path.isEmpty ? "." : path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
