import Foundation
import ReelStorage

/// The key output links are signed with: `linkSecret` when configured (nodes with separate data
/// directories must share it), else a random one made once and kept in the data directory
/// (readable by this user only), so links outlive restarts and every node on the same data
/// directory agrees.
enum LinkSecret {
    static func resolve(_ configured: String?, in data: DataDirectory) throws -> [UInt8] {
        if let configured { return Array(configured.utf8) }
        let path = data.linkSecretFile
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing.utf8.count >= 32 {
            return Array(existing.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<4).map { _ in String(format: "%016llx", generator.next()) }.joined()
        // O_EXCL: of two nodes starting together one writes it, the other reads what it wrote.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if fd >= 0 {
            defer { close(fd) }
            let bytes = Array(fresh.utf8)
            guard write(fd, bytes, bytes.count) == bytes.count, fsync(fd) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            return bytes
        }
        guard errno == EEXIST else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        // Written by another process a moment ago: read it once it is whole.
        for _ in 0..<100 {
            if let s = try? String(contentsOfFile: path, encoding: .utf8), s.utf8.count >= 64 { return Array(s.prefix(64).utf8) }
            usleep(10_000)
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
    }
}
