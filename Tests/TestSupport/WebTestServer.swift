import Foundation

/// `web-test-server.py` (beside this file) on a free loopback port, for as long as the object lives:
/// files with ETags, redirects, error statuses, a slow body, and a count of the GETs of each path.
public final class WebTestServer {
    public let port: Int
    private let process = Process()

    /// `folder`: where `/trickle/NAME` reads its files.
    public init(folder: String? = nil) throws {
        port = try Spawn.freePort()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("web-test-server.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, String(port)] + (folder.map { [$0] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The script prints "ready" once it listens.
        _ = out.fileHandleForReading.availableData
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many GETs `path` has had.
    public func count(_ path: String) throws -> Int {
        Int(try get("/count" + path)) ?? -1
    }

    /// The body of a GET of `path`, over a raw loopback socket: Foundation's `Data(contentsOf:)` reads
    /// `http:` URLs only when FoundationNetworking happens to be loaded, which Reel no longer links.
    @discardableResult
    public func get(_ path: String) throws -> String {
        let fd = try Loopback.connect(port: port)
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            throw Spawn.Failed(description: "send to the web test server: errno \(errno)")
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else {
                guard n == 0 else { throw Spawn.Failed(description: "read from the web test server: errno \(errno)") }
                break
            }
            response += chunk[0..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.") && text.dropFirst(9).hasPrefix("200"), let split = text.range(of: "\r\n\r\n") else {
            throw Spawn.Failed(description: "GET \(path): \(text.prefix(200))")
        }
        return String(text[split.upperBound...])
    }
}
