import Foundation
import ReelStorage

/// The key output links are signed with: `linkSecret` when configured (nodes with separate data
/// directories must share it), else a random one made once and kept in the data directory
/// (readable by this user only), so links outlive restarts and every node on the same data
/// directory agrees.
enum LinkSecret {
    /// The fewest bytes a kept secret may hold; the server writes 64 hex digits (32 random bytes).
    static let minimumBytes = 32
    /// More than any secret: a file this large is not one (and is not read into memory).
    static let maximumBytes = 64 << 10

    static func resolve(_ configured: String?, in data: DataDirectory) throws -> [UInt8] {
        if let configured { return Array(configured.utf8) }
        let path = data.linkSecretFile
        switch kept(at: path) {
        case .success(let secret): return secret
        case .failure(let e) where e.mayBeBeingWritten: break
        case .failure(let e): throw e
        }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<4).map { _ in String(format: "%016llx", generator.next()) }.joined()
        // O_EXCL: of two nodes starting together one writes it, the other reads what it wrote.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            defer { close(fd) }
            let bytes = Array(fresh.utf8)
            let written = write(fd, bytes, bytes.count)
            guard written == bytes.count, fsync(fd) == 0 else {
                let problem = LinkSecretError.Problem.unwritable(errno: written < 0 || written == bytes.count ? errno : 0)
                // A part of a secret left behind would stop the next start as too short.
                unlink(path)
                throw LinkSecretError(path: path, problem: problem)
            }
            return bytes
        }
        guard errno == EEXIST else {
            throw LinkSecretError(path: path, problem: .uncreatable(errno: errno, folder: LinkSecretError.Ownership(of: data.root)))
        }
        // Written by another process a moment ago: read it once it is whole (all 64 digits: a
        // shared file system may show a write in parts).
        var last = LinkSecretError(path: path, problem: .missing)
        for _ in 0..<100 {
            switch kept(at: path) {
            case .success(let secret) where secret.count >= fresh.utf8.count: return secret
            case .success: break
            case .failure(let e) where e.mayBeBeingWritten: last = e
            case .failure(let e): throw e
            }
            usleep(10_000)
        }
        if case .success(let secret) = kept(at: path) { return secret }
        throw last
    }

    /// The secret kept at `path` (its text without white space at its ends), or what is wrong
    /// with the file. Read with open and read, not Foundation, whose error for a file it may not
    /// read is "The file isn't in the correct format": errno and the file's owner and mode say
    /// what is really wrong.
    static func kept(at path: String) -> Result<[UInt8], LinkSecretError> {
        func failure(_ problem: LinkSecretError.Problem) -> Result<[UInt8], LinkSecretError> {
            .failure(LinkSecretError(path: path, problem: problem))
        }
        // O_NONBLOCK: a pipe in its place would wait for a writer, and the start with it.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            return failure(e == ENOENT ? .missing : .unreadable(errno: e, file: LinkSecretError.Ownership(of: path)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure(.unreadable(errno: errno, file: nil)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failure(.directory)
        default: return failure(.notAFile)
        }
        guard Int(info.st_size) <= maximumBytes else { return failure(.tooLong(bytes: Int(info.st_size))) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= maximumBytes {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return failure(.unreadable(errno: errno, file: LinkSecretError.Ownership(of: path))) }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        guard bytes.count <= maximumBytes else { return failure(.tooLong(bytes: bytes.count)) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return failure(.notText) }
        let secret = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard secret.count >= minimumBytes else { return failure(.tooShort(bytes: secret.count)) }
        return .success(secret)
    }
}
