import Foundation

/// The SHA-256 (hex) of a file as coreutils' `sha256sum` computes it: an oracle independent of
/// Reel's own hashing, for tests that check a file arrived or was kept whole.
public func sha256sum(_ path: String) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    p.arguments = [path]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return String(text.prefix(64))
}
