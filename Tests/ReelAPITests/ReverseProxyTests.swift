import Foundation
import TestSupport
import XCTest

/// Reel behind a real TLS-terminating reverse proxy, as OPERATIONS.md "TLS and HTTP/2" configures
/// it: Debian's nginx with a certificate made here, HTTP/2 to the client, HTTP/1.1 to `reel serve`.
/// curl is the client. Uploads stream through whole, Range downloads keep their bytes, events streams
/// arrive as they happen, and the log names the client nginx forwarded for (`trustedProxies`), not nginx.
final class ReverseProxyTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reel-proxy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/nginx", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// The nginx server block OPERATIONS.md shows, with this test's paths and ports.
    static func config(dir: String, port: Int, upstream: Int) -> String {
        """
        \(getuid() == 0 ? "user root;" : "")
        worker_processes 1;
        pid \(dir)/nginx.pid;
        error_log \(dir)/error.log;
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(dir)/body;
            proxy_temp_path \(dir)/proxy;
            fastcgi_temp_path \(dir)/fastcgi;
            uwsgi_temp_path \(dir)/uwsgi;
            scgi_temp_path \(dir)/scgi;
            server {
                listen 127.0.0.1:\(port) ssl http2;
                ssl_certificate \(dir)/cert.pem;
                ssl_certificate_key \(dir)/key.pem;
                client_max_body_size 0;
                location / {
                    proxy_pass http://127.0.0.1:\(upstream);
                    proxy_http_version 1.1;
                    proxy_set_header Host $host;
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_set_header X-Forwarded-Proto $scheme;
                    proxy_request_buffering off;
                    proxy_buffering off;
                    proxy_read_timeout 3600s;
                }
            }
        }
        """
    }

    /// Runs curl (HTTP/2, the test's own certificate accepted); its exit status and stdout.
    func curl(_ args: [String]) throws -> (status: Int32, out: Data) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = ["-sS", "-k", "--http2"] + args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, data)
    }

    func testUploadsRangesAndTheClientsAddressThroughNginx() throws {
        let nginx = "/usr/sbin/nginx"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: nginx), "nginx is installed by scripts/deps.sh")
        let dir = root + "/nginx"
        try Spawn.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                                            "-keyout", dir + "/key.pem", "-out", dir + "/cert.pem"])
        let server = try ServerProcess(root: root, env: ["REEL_TRUSTED_PROXIES": "127.0.0.1"])
        defer { server.terminate() }
        let port = try Spawn.freePort()
        try Self.config(dir: dir, port: port, upstream: server.port).write(toFile: dir + "/nginx.conf", atomically: true, encoding: .utf8)
        try Spawn.run(nginx, ["-p", dir, "-c", dir + "/nginx.conf"])
        defer { try? Spawn.run(nginx, ["-p", dir, "-c", dir + "/nginx.conf", "-s", "stop"]) }
        let base = "https://127.0.0.1:\(port)"

        // HTTP/2 over TLS to the client.
        let health = try curl(["-o", "/dev/null", "-w", "%{http_version} %{http_code}", base + "/healthz"])
        XCTAssertEqual(String(decoding: health.out, as: UTF8.self), "2 200")

        // An upload streams through whole: the asset's digest is the file's.
        let clip = root + "/clip.mp4"
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=320x240:r=25:d=4", "-c:v", "libx264",
                                          "-pix_fmt", "yuv420p", clip])
        let uploaded = try curl(["-X", "POST", "-H", "Content-Type: video/mp4", "-H", "X-Forwarded-For: 203.0.113.7",
                                 "-H", "X-Request-Id: proxied-upload", "--data-binary", "@" + clip, base + "/v1/assets"])
        XCTAssertEqual(uploaded.status, 0)
        let asset = try XCTUnwrap(try JSONSerialization.jsonObject(with: uploaded.out) as? [String: Any], String(decoding: uploaded.out, as: UTF8.self))
        XCTAssertEqual(asset["sha256"] as? String, try sha256sum(clip))
        let id = try XCTUnwrap(asset["id"] as? String)

        // A job from it, and a Range of its output through the proxy: the same bytes as the whole.
        let spec = ##"{ "version": 1, "output": { "width": 160, "height": 120 }, "timeline": { "videos": [ { "src": "upload:\##(id)" } ] } }"##
        let submitted = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", spec, base + "/v1/jobs"])
        let job = try XCTUnwrap(try JSONSerialization.jsonObject(with: submitted.out) as? [String: Any])
        let jobID = try XCTUnwrap(job["id"] as? String, "\(job)")
        XCTAssertTrue(Poll.until(seconds: 120, every: 0.1) {
            let r = try? self.curl([base + "/v1/jobs/\(jobID)"])
            return ((try? JSONSerialization.jsonObject(with: r?.out ?? Data())) as? [String: Any])?["status"] as? String == "succeeded"
        })
        let whole = try curl([base + "/v1/jobs/\(jobID)/output"]).out
        XCTAssertGreaterThan(whole.count, 1000)
        let part = try curl(["-r", "100-1099", "-D", dir + "/range-headers", base + "/v1/jobs/\(jobID)/output"]).out
        XCTAssertEqual(part, whole.subdata(in: 100..<1100))
        let headers = try String(contentsOfFile: dir + "/range-headers", encoding: .utf8).lowercased()
        XCTAssertTrue(headers.hasPrefix("http/2 206"), headers)
        XCTAssertTrue(headers.contains("content-range: bytes 100-1099/\(whole.count)"), headers)

        // Events through the proxy: a finished job's stream ends after its last event; the key's
        // stream delivers a change while it happens (nginx is not holding events back).
        let finished = String(decoding: try curl(["-N", base + "/v1/jobs/\(jobID)/events"]).out, as: UTF8.self)
        XCTAssertTrue(finished.hasPrefix("retry: 2000\n\nid: "), finished)
        XCTAssertTrue(finished.contains("event: job\ndata: {\"id\":\"\(jobID)\",\"status\":\"succeeded\""), finished)
        let live = Process()
        live.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        live.arguments = ["-sS", "-k", "--http2", "-N", base + "/v1/events"]
        let received = Collected<Data>()
        let pipe = Pipe()
        live.standardOutput = pipe
        pipe.fileHandleForReading.readabilityHandler = { received.append($0.availableData) }
        try live.run()
        defer { live.terminate() }
        XCTAssertTrue(Poll.until(seconds: 30) { received.all.reduce(0) { $0 + $1.count } > 0 }, "the stream opened")
        let longJob = try XCTUnwrap(try JSONSerialization.jsonObject(with: try curl(["-X", "POST", "-H", "Content-Type: application/json",
                                                                                        "-d", ServiceFixture.longSpec(), base + "/v1/jobs"]).out) as? [String: Any])
        let longID = try XCTUnwrap(longJob["id"] as? String)
        XCTAssertTrue(Poll.until(seconds: 60) {
            String(decoding: received.all.reduce(Data(), +), as: UTF8.self).contains("{\"id\":\"\(longID)\",\"status\":\"running\"")
        }, "the running job's event came through while it ran: \(String(decoding: received.all.reduce(Data(), +), as: UTF8.self))")
        _ = try curl(["-X", "DELETE", base + "/v1/jobs/\(longID)"])

        // The request log names the client nginx forwarded for; nginx itself is the peer.
        let line = try XCTUnwrap(server.logLines.first { $0.contains("\"proxied-upload\"") && $0.contains("\"msg\":\"request\"") }, server.log)
        let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(fields["client"] as? String, "203.0.113.7")
        XCTAssertTrue((fields["remote"] as? String ?? "").hasPrefix("127.0.0.1:"), line)
    }

    /// Without `trustedProxies`, `X-Forwarded-For` is whatever a client says: ignored.
    func testForwardedForIsIgnoredFromAnUntrustedPeer() throws {
        let server = try ServerProcess(root: root)
        defer { server.terminate() }
        let r = try TestClient(port: server.port).request("GET", "/healthz", headers: [("X-Forwarded-For", "203.0.113.7"), ("X-Request-Id", "spoof")])
        XCTAssertEqual(r.status, 200)
        XCTAssertTrue(Poll.until(seconds: 10, every: 0.02) { server.logLines.contains { $0.contains("\"spoof\"") } })
        let line = try XCTUnwrap(server.logLines.first { $0.contains("\"spoof\"") })
        XCTAssertTrue(line.contains("\"client\":\"127.0.0.1\""), line)
    }
}
