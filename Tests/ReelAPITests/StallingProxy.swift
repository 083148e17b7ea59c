import Foundation
import TestSupport
import XCTest

/// A TCP proxy on a loopback port in front of the tests' S3 server (a small Python program, sharing
/// no code with Reel) that cuts one upload short: the first request whose line starts with `needle`
/// (`PUT /bucket/media/outputs/`) gets its head and 100 bytes of its body through, and then nothing
/// more; everything else passes both ways. So the node sending it is caught mid-upload, and the
/// test can kill it there. `stalled` says when it happened.
final class StallingProxy {
    static let program = """
    import os, socket, sys, threading
    upstream, needle, marker = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3]
    lock, state = threading.Lock(), {"used": False}
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    print(server.getsockname()[1], flush=True)

    def take():
        with lock:
            if state["used"]:
                return False
            state["used"] = True
            return True

    def forward(src, dst, inspect):
        stalled = False
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if stalled:
                    continue  # read and dropped: the request never completes upstream
                at = data.find(needle) if inspect else -1
                if at >= 0 and take():
                    end = data.find(b"\\r\\n\\r\\n", at)
                    dst.sendall(data[:end + 4 + 100] if end >= 0 else data)
                    stalled = True
                    open(marker, "w").close()
                    continue
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def serve(client):
        up = socket.create_connection(("127.0.0.1", upstream))
        threading.Thread(target=forward, args=(client, up, True), daemon=True).start()
        threading.Thread(target=forward, args=(up, client, False), daemon=True).start()

    while True:
        c, _ = server.accept()
        serve(c)
    """

    let port: Int
    private let process = Process()
    private let marker = NSTemporaryDirectory() + "reel-stall-\(UUID().uuidString)"

    init(upstream: Int, needle: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.program, String(upstream), needle, marker]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line = [UInt8]()
        while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the proxy printed its port")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: marker)
    }

    /// Whether the upload has been cut short.
    var stalled: Bool { FileManager.default.fileExists(atPath: marker) }
}
