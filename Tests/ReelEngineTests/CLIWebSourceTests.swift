import Foundation
import TestSupport
import XCTest

/// `reel render`, `validate` and `probe` read http(s) sources like the server does (private hosts
/// only when named with `--allow-host`), through a content-addressed cache kept between runs that
/// several processes may fill at once.
final class CLIWebSourceTests: XCTestCase {
    /// A 1 s ramp clip served by the web test server, its bytes trickling over about 3 s.
    func servedRamp() throws -> (Workspace, WebTestServer, String) {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 1)
        let server = try WebTestServer(folder: ws.root)
        return (ws, server, server.url("/trickle/ramp.mp4"))
    }

    /// Two `reel render` processes reading one URL through one cache at the same time (the body
    /// trickles over about 3 s, so both are fetching at once): both render it, the cache ends with
    /// one whole copy named by the SHA-256 of the served file, nothing partial, and a third run
    /// reads that copy without a GET.
    func testTwoProcessesFillingOneCacheAtOnce() throws {
        let (ws, server, url) = try servedRamp()
        defer { withExtendedLifetime(server) {} }
        let spec = try ws.spec(#"{ "version": 1, "timeline": { "videos": [ { "src": "\#(url)", "sourceRange": { "start": 0, "duration": 0.5 } } ] } }"#)
        let cache = ws.path("cache")
        let results = Collected<(Int, Tools.Output)>()
        let outputs = [ws.path("out-0.mp4"), ws.path("out-1.mp4")]
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            if let r = try? Tools.run(Tools.reelBinary, ["render", spec, "-o", outputs[i], "--cache", cache, "--allow-host", "127.0.0.1"]) {
                results.append((i, r))
            }
        }
        XCTAssertEqual(results.all.count, 2)
        for (i, r) in results.all {
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(Tools.stream(try Tools.probe(outputs[i]), "video")?.int("nb_read_frames"), 15)
        }
        let gets = try server.count("/trickle/ramp.mp4")
        XCTAssertTrue((1...2).contains(gets), "at most one GET per process: \(gets)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: cache + "/sources")
        XCTAssertEqual(copies, [try Tools.sha256(ws.path("ramp.mp4"))], "one whole copy, named by its bytes' digest; nothing partial")

        let again = try Tools.run(Tools.reelBinary, ["validate", spec, "--cache", cache, "--allow-host", "127.0.0.1"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try server.count("/trickle/ramp.mp4"), gets, "a fresh copy is read without a GET")
    }

    /// A loopback URL is refused, saying why, unless its host is named; `probe` reads a URL too.
    func testPrivateHostsNeedNamingAndProbeReadsURLs() throws {
        let (ws, server, url) = try servedRamp()
        defer { withExtendedLifetime(server) {} }
        let spec = try ws.spec(#"{ "version": 1, "timeline": { "videos": [ { "src": "\#(url)" } ] } }"#)
        let refused = try Tools.run(Tools.reelBinary, ["validate", spec, "--cache", ws.path("cache")])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("/timeline/videos/0/src"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("loopback"), refused.stderr)
        XCTAssertEqual(try server.count("/trickle/ramp.mp4"), 0, "nothing was fetched")

        let probed = try Tools.run(Tools.reelBinary, ["probe", url, "--cache", ws.path("cache"), "--allow-host", "127.0.0.1"])
        XCTAssertEqual(probed.status, 0, probed.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: probed.stdout) as? [String: Any])
        let streams = try XCTUnwrap(json["streams"] as? [[String: Any]])
        XCTAssertEqual(streams.first?["codec"] as? String, "h264", "\(json)")
    }
}
