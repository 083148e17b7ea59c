import Crypto
import Foundation
import ReelBasics
@testable import ReelAPI
@testable import ReelServer
import ReelSpec
import XCTest

/// `output.downloadUrl`: a link that works without the API key until it expires, with Range, ETag
/// and CORS like the keyed route; a tampered or expired one is 403. The signatures the tests forge
/// are computed here, with swift-crypto, from the documented scheme, not by the server's code.
final class OutputLinkTests: XCTestCase {
    static let secret = "output-link-test-secret-0123456789"
    let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##

    func fixture(_ env: [String: String] = [:]) throws -> ServiceFixture {
        try ServiceFixture(keys: ["a-key-of-sixteen-chars"], env: ["REEL_LINK_SECRET": Self.secret,
                                                                  "REEL_CORS_ORIGINS": "https://app.example.com"].merging(env) { $1 })
    }

    /// HMAC-SHA256 of "reel-output-link\n<job id>\n<expires>" with the link secret, as hex.
    static func signature(_ id: String, _ expires: Int64, secret: String = secret) -> String {
        Hex.lowercase(Array(HMAC<Crypto.SHA256>.authenticationCode(for: Array("reel-output-link\n\(id)\n\(expires)".utf8),
                                                                  using: SymmetricKey(data: Array(secret.utf8)))))
    }

    func testTheLinkServesTheOutputWithoutTheKeyWithRangesAndETags() throws {
        let f = try fixture()
        let (id, job) = try f.succeeded(spec)
        let link = try XCTUnwrap((job["output"] as? [String: Any])?["downloadUrl"] as? String)
        XCTAssertTrue(link.hasPrefix("/v1/jobs/\(id)/output?expires="), link)
        let expires = try XCTUnwrap(Int64(link.components(separatedBy: "expires=")[1].prefix { $0.isNumber }))
        let now = Int64(Date().timeIntervalSince1970)
        XCTAssertTrue((now + 3600)...(now + 3600 + 120) ~= expires, "an hour from now, rounded up to the minute: \(expires)")
        XCTAssertTrue(link.hasSuffix("signature=" + Self.signature(id, expires)), "the documented signature")

        let anonymous = try TestClient(port: f.port)
        let keyed = try f.client().request("GET", "/v1/jobs/\(id)/output")
        let whole = try anonymous.request("GET", link)
        XCTAssertEqual(whole.status, 200, whole.text)
        XCTAssertEqual(whole.body, keyed.body, "the same file as with the key")
        let part = try anonymous.request("GET", link, headers: [("Range", "bytes=10-19")])
        XCTAssertEqual(part.status, 206)
        XCTAssertEqual(part.body, Array(keyed.body[10...19]))
        let etag = try XCTUnwrap(whole.header("ETag"))
        XCTAssertEqual(try anonymous.request("GET", link, headers: [("If-None-Match", etag)]).status, 304)
        let cors = try anonymous.request("GET", link, headers: [("Origin", "https://app.example.com")])
        XCTAssertEqual(cors.header("Access-Control-Allow-Origin"), "https://app.example.com")
        XCTAssertEqual(try anonymous.request("GET", "/v1/jobs/\(id)/output").status, 401, "without the link, the key is needed")
    }

    func testTamperedExpiredAndOtherJobsLinksAre403() throws {
        let f = try fixture()
        let (id, _) = try f.succeeded(spec)
        let (other, _) = try f.succeeded(spec)
        let anonymous = try TestClient(port: f.port)
        let future = Int64(Date().timeIntervalSince1970) + 600
        XCTAssertEqual(try anonymous.request("GET", "/v1/jobs/\(id)/output?expires=\(future)&signature=\(Self.signature(id, future))").status, 200,
                       "a link forged with the right secret works: the scheme is as documented")
        func refused(_ path: String, _ type: String, _ why: String) throws {
            let r = try anonymous.request("GET", path)
            XCTAssertEqual(r.status, 403, "\(why): \(r.text)")
            XCTAssertEqual(r.header("Content-Type"), "application/problem+json", why)
            XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:\(type)", why)
        }
        try refused("/v1/jobs/\(id)/output?expires=\(future + 60)&signature=\(Self.signature(id, future))", "link-invalid", "a later expiry")
        try refused("/v1/jobs/\(other)/output?expires=\(future)&signature=\(Self.signature(id, future))", "link-invalid", "another job")
        try refused("/v1/jobs/\(id)/output?expires=\(future)&signature=\(Self.signature(id, future, secret: "another-secret-0123456789"))",
                    "link-invalid", "another secret")
        try refused("/v1/jobs/\(id)/output?signature=\(Self.signature(id, future))", "link-invalid", "no expiry")
        XCTAssertEqual(try anonymous.request("GET", "/v1/jobs/\(id)/output?expires=\(future)").status, 401,
                       "an expiry without a signature is no link: the key is asked for")
        // A malformed expiry is refused, not ignored, even where the key would serve the output.
        for path in ["/v1/jobs/\(id)/output?expires=soon", "/v1/jobs/\(id)/output?expires=-1&signature=\(Self.signature(id, future))"] {
            let r = try f.client().request("GET", path)
            XCTAssertEqual(r.status, 422, path)
            XCTAssertEqual((r.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/expires", r.text)
        }
        let past = Int64(Date().timeIntervalSince1970) - 5
        try refused("/v1/jobs/\(id)/output?expires=\(past)&signature=\(Self.signature(id, past))", "link-expired", "expired")
    }

    func testAPublicURLMakesLinksAbsolute() throws {
        let f = try fixture(["REEL_PUBLIC_URL": "https://reel.example.com/api"])
        let (id, job) = try f.succeeded(spec)
        let link = try XCTUnwrap((job["output"] as? [String: Any])?["downloadUrl"] as? String)
        XCTAssertTrue(link.hasPrefix("https://reel.example.com/api/v1/jobs/\(id)/output?expires="), link)
    }

    /// Without a configured secret, one is made and kept in the data directory: a second service on
    /// the same data honours the first one's links.
    func testAGeneratedSecretIsKeptForTheNextStart() throws {
        let f = try ServiceFixture(keys: ["a-key-of-sixteen-chars"])
        let (_, job) = try f.succeeded(spec)
        let link = try XCTUnwrap((job["output"] as? [String: Any])?["downloadUrl"] as? String)
        let secretFile = f.root + "/data/link-secret"
        let attributes = try FileManager.default.attributesOfItem(atPath: secretFile)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "readable by this user only")
        f.service.stop()
        let again = try ReelService(config: f.service.config, logger: .init(label: "test"))
        try again.start()
        defer { again.stop() }
        XCTAssertEqual(try TestClient(port: again.port).request("GET", link).status, 200)
    }

    /// An HLS output through its link: the master, every playlist and every segment, fetched as a
    /// player resolves their URIs, with no key.
    func testAnHLSFolderIsReachableThroughItsLink() throws {
        let f = try fixture()
        let (id, job) = try f.succeeded(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 32, "frameRate": 10, "hls": { "segmentDuration": 1 } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 2.5 } ] } }
        """##)
        let link = try XCTUnwrap((job["output"] as? [String: Any])?["downloadUrl"] as? String)
        let anonymous = try TestClient(port: f.port)
        let fetched = try PlaylistWalk.walk(from: link) { url in
            let r = try anonymous.request("GET", url)
            XCTAssertEqual(r.status, 200, "\(url): \(r.text)")
            XCTAssertTrue(url.contains("signature="), "every URI carries the link: \(url)")
            return r.header("Content-Type") == "application/vnd.apple.mpegurl" ? r.text : nil
        }
        XCTAssertTrue(fetched.contains { $0.contains(".m4s?") }, "segments were fetched: \(fetched)")
        XCTAssertGreaterThanOrEqual(fetched.count, 5, "\(fetched)")
        XCTAssertEqual(try anonymous.request("GET", "/v1/jobs/\(id)/output/video_32p.m3u8").status, 401, "a file without the link needs the key")
    }

    /// The links handed out are kept for the minute they stay the same (`RecentLinks`): what is
    /// kept is exactly what signing gives, per job and per expiry, past the table's bound too.
    func testKeptLinksAreTheSignedOnes() {
        let links = OutputLinks(secret: Array(Self.secret.utf8), seconds: 3600, publicURL: "https://reel.example")
        func expected(_ id: String, _ expires: Int64) -> String {
            let mac = HMAC<Crypto.SHA256>.authenticationCode(for: Array("reel-output-link\n\(id)\n\(expires)".utf8),
                                                            using: SymmetricKey(data: Array(Self.secret.utf8)))
            return "https://reel.example/v1/jobs/\(id)/output?expires=\(expires)&signature=" + mac.map { String(format: "%02x", $0) }.joined()
        }
        let now: Int64 = 1_800_000_001_000  // ms, a second past a minute; links run an hour, rounded up to the minute
        let e: Int64 = 1_800_003_660
        XCTAssertEqual(links.url(jobID: "job_a", now: now), expected("job_a", e))
        XCTAssertEqual(links.url(jobID: "job_a", now: now + 58_000), expected("job_a", e), "kept within the minute")
        XCTAssertEqual(links.url(jobID: "job_a", now: now + 61_000), expected("job_a", e + 60), "a new minute signs again")
        XCTAssertEqual(links.url(jobID: "job_b", now: now + 61_000), expected("job_b", e + 60), "another job its own")
        for i in 0..<5000 { _ = links.url(jobID: "job_\(i)", now: now) }
        XCTAssertEqual(links.url(jobID: "job_a", now: now + 61_000), expected("job_a", e + 60), "past the bound")
        XCTAssertEqual(links.url(jobID: "job_4999", now: now), expected("job_4999", e))
        var signed = 0
        let kept = RecentLinks(capacity: 2)
        for id in ["x", "y", "x", "z", "x"] { _ = kept.link(id, expires: 1) { signed += 1; return id } }
        XCTAssertEqual(signed, 4, "x kept once, then dropped with the table when z came")
    }
}
