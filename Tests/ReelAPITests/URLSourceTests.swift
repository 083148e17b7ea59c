import Foundation
import ReelHTTP
import XCTest

/// http(s) sources: read from configured hosts only, never through a redirect.
final class URLSourceTests: XCTestCase {
    /// Serves files from a folder with single byte ranges, and `/moved` as a redirect.
    final class FileHost: HTTPHandler, @unchecked Sendable {
        let folder: String
        init(folder: String) { self.folder = folder }
        func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .none }
        func handle(_ r: HTTPRequest) -> HTTPResponse {
            if r.head.path == "/moved" { return HTTPResponse(status: 302, headers: ["Location": "/clip.mp4"]) }
            let path = folder + r.head.path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int64 else {
                return HTTPResponse(status: 404)
            }
            var h: HTTPHeaders = ["Accept-Ranges": "bytes", "Content-Type": "video/mp4"]
            if let range = r.head.headers["Range"], range.hasPrefix("bytes="), let start = Int64(range.dropFirst(6).split(separator: "-").first ?? ""),
               start < size {
                h.set("Content-Range", "bytes \(start)-\(size - 1)/\(size)")
                return HTTPResponse(status: 206, headers: h, body: .file(path: path, offset: start, length: size - start))
            }
            return HTTPResponse(status: 200, headers: h, body: .file(path: path, offset: 0, length: size))
        }
    }

    func testAllowedHostRendersOthersAndRedirectsAreRefused() throws {
        let f = try ServiceFixture(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-movflags", "+faststart", "clip.mp4"])
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                                  handler: FileHost(folder: f.root + "/media"))
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let c = try f.client()
        let spec = { (src: String) in ##"{ "version": 1, "timeline": { "videos": [ { "src": "\##(src)" } ] } }"## }

        let ok = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/clip.mp4"))
        XCTAssertEqual(ok.status, 202, ok.text)
        let id = try XCTUnwrap(ok.json["id"] as? String)
        let done = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertEqual((done["output"] as? [String: Any])?["duration"] as? Double, 1)

        let otherHost = try c.json("POST", "/v1/jobs", spec("http://localhost:\(host.port)/clip.mp4"))
        XCTAssertEqual(otherHost.status, 422)
        XCTAssertTrue(otherHost.text.contains("does not allow"), otherHost.text)

        let redirect = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/moved"))
        XCTAssertEqual(redirect.status, 422, "a redirect is not followed")
        XCTAssertTrue(redirect.text.contains("/timeline/videos/0/src"), redirect.text)
    }

    /// A source server answering 503 may recover: the spec is not refused as invalid (422) but
    /// answered 503 with Retry-After, and nothing is queued.
    func testAnUnavailableSourceIsA503NotA422() throws {
        let f = try ServiceFixture(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: Unavailable())
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let c = try f.client()
        let r = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "timeline": { "videos": [ { "src": "http://127.0.0.1:\##(host.port)/clip.mp4" } ] } }"##)
        XCTAssertEqual(r.status, 503, r.text)
        XCTAssertEqual(r.header("Retry-After"), "30")
        XCTAssertTrue(r.text.contains("/timeline/videos/0/src"), r.text)
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "nothing queued")
    }

    final class Unavailable: HTTPHandler, @unchecked Sendable {
        func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .none }
        func handle(_ r: HTTPRequest) -> HTTPResponse { HTTPResponse(status: 503) }
    }

    func testWithoutAllowedHostsEveryURLIsRefused() throws {
        let f = try ServiceFixture()
        let r = try f.client().json("POST", "/v1/probe", #"{ "src": "https://example.com/a.mp4" }"#)
        XCTAssertEqual(r.status, 422)
        XCTAssertTrue(r.text.contains("allows no URL hosts"), r.text)
    }
}
