import CEpoll
import Glibc

/// An upload being written to disk. It owns the descriptor and, until `handOver()`, the file itself:
/// dropping it removes the file, so a refused or aborted upload never leaves a partial file behind.
final class TempFile {
    let path: String
    private let descriptor: FileDescriptor
    private var ownsFile = true

    /// Creates `reel-upload-XXXXXX` (unique, mode 0600) in `directory`.
    init(directory: String) throws {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("reel-upload-XXXXXX".utf8CString)
        let fd = reel_mkostemp(&template, O_CLOEXEC)
        guard fd >= 0 else {
            throw RequestError(errno == ENOSPC ? 507 : 500, "cannot create an upload file: \(HTTPServerError.describe(errno: errno))")
        }
        descriptor = FileDescriptor(fd)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Appends all of `bytes` (blocking: regular files are not pollable; the page cache absorbs it).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(descriptor.rawValue, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw RequestError(code == ENOSPC ? 507 : 500, "writing the upload failed: \(HTTPServerError.describe(errno: code))")
            }
            left -= n
            base += n
        }
    }

    /// Closes the file and gives up ownership: from now on the handler (then the pool) decides its fate.
    func handOver() -> String {
        descriptor.close()
        ownsFile = false
        return path
    }

    deinit {
        descriptor.close()
        if ownsFile { unlink(path) }
    }
}
