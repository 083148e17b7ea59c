import Foundation
@testable import ReelAPI
@testable import ReelServer
import Crypto
import ReelHTTP
import ReelS3
import ReelSpec
import S3Fixtures
import Synchronization
import TestSupport
import XCTest

/// Uploads that bypass the API: a signed PUT URL (Reel's own on local disk, the bucket's presigned
/// one on S3) with curl as the client, `complete` checking the bytes, a tampered or expired
/// signature refused, unfinished uploads swept; and imports from the web.
final class DirectUploadTests: XCTestCase {
    static let key = "a-key-of-sixteen-chars"
    static let linkSecret = "link-secret-0123456789"

    func service(env: [String: String] = [:]) throws -> ServiceFixture {
        try ServiceFixture(keys: [Self.key], env: ["REEL_LINK_SECRET": Self.linkSecret, "REEL_CORS_ORIGINS": "https://app.example.com"]
            .merging(env) { $1 })
    }

    /// A 1 s clip under the media root; its bytes.
    func clip(_ f: ServiceFixture) throws -> (path: String, bytes: [UInt8]) {
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "up.mp4"])
        let path = f.root + "/media/up.mp4"
        return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// curl `-T` (a PUT of the file, no key): the HTTP status.
    func put(_ file: String, to url: String, headers: [String] = []) throws -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-T", file] + headers.flatMap { ["-H", $0] } + [url]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Int(text) ?? -1
    }

    func open(_ f: ServiceFixture, bytes: Int) throws -> (id: String, url: String, json: [String: Any]) {
        let r = try f.client().json("POST", "/v1/uploads", #"{"filename": "up.mp4", "contentType": "video/mp4", "bytes": \#(bytes)}"#)
        XCTAssertEqual(r.status, 201, r.text)
        let upload = try XCTUnwrap(r.json["upload"] as? [String: Any], r.text)
        XCTAssertEqual(upload["method"] as? String, "PUT")
        XCTAssertEqual((upload["headers"] as? [String: String])?["Content-Type"], "video/mp4")
        XCTAssertNotNil(upload["expiresAt"] as? String)
        XCTAssertEqual(r.json["status"] as? String, "uploading")
        XCTAssertTrue(r.json["sha256"] is NSNull)
        return (try XCTUnwrap(r.json["id"] as? String), try XCTUnwrap(upload["url"] as? String), r.json)
    }

    func testALocalUploadWithReelsSignedURL() throws {
        let f = try service()
        let (path, bytes) = try clip(f)
        let (id, url, _) = try open(f, bytes: bytes.count)
        XCTAssertTrue(url.hasPrefix("/v1/uploads/\(id)?expires="), url)
        let c = try f.client()
        let early = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "timeline": { "videos": [ { "src": "upload:\##(id)" } ] } }"##)
        XCTAssertEqual(early.status, 422, early.text)
        XCTAssertTrue(early.text.contains("names an asset that is still uploading"), early.text)
        XCTAssertEqual(try c.request("POST", "/v1/assets/\(id)/complete").status, 409, "nothing uploaded yet")

        let bad = try c.json("POST", "/v1/uploads", #"{"contentType": "video mp4", "bytes": 10}"#)
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertTrue(bad.text.contains("/contentType"), bad.text)
        let base = "http://127.0.0.1:\(f.port)"
        let tampered = String(url.dropLast()) + (url.hasSuffix("a") ? "b" : "a")
        XCTAssertEqual(try put(path, to: base + tampered), 403, "a tampered signature")
        let past = Int64(Date().timeIntervalSince1970) - 60
        let expired = "/v1/uploads/\(id)?expires=\(past)&signature="
            + LinkSigner(secret: Array(Self.linkSecret.utf8)).signature("reel-upload", id: id, expires: past)
        XCTAssertEqual(try put(path, to: base + expired), 403, "an expired signature")
        let output = OutputLinks(secret: Array(Self.linkSecret.utf8), seconds: 600, publicURL: nil).url(jobID: id, now: Int64(Date().timeIntervalSince1970 * 1000))
        XCTAssertEqual(try put(path, to: base + output.replacingOccurrences(of: "/v1/jobs/\(id)/output", with: "/v1/uploads/\(id)")), 403,
                       "an output link's signature is no upload URL")
        let short = f.root + "/media/short"
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: short))
        XCTAssertEqual(try put(short, to: base + url), 422, "not the size announced")
        XCTAssertEqual(try put(path, to: base + url, headers: ["Content-Type: text/html"]), 422, "not the type announced")
        XCTAssertEqual(try put(path, to: base + url), 204, "no key needed")

        let done = try c.request("POST", "/v1/assets/\(id)/complete")
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(done.json["status"] as? String, "ready")
        XCTAssertEqual(done.json["sha256"] as? String, Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))))
        XCTAssertEqual(done.json["bytes"] as? Int, bytes.count)
        XCTAssertEqual((done.json["probe"] as? [String: Any])?["duration"] as? Double, 1)
        XCTAssertEqual(try c.request("POST", "/v1/assets/\(id)/complete").status, 200, "completing again answers the asset")
        XCTAssertEqual(try put(path, to: base + url), 409, "a ready asset takes no more bytes")
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\##(id)" } ] } }"##)
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 1)

        // A browser may PUT from an allowed origin: the preflight names the method.
        let preflight = try TestClient(port: f.port).request("OPTIONS", "/v1/uploads/\(id)", headers: [
            ("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "PUT")])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertTrue(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") ?? false, "\(preflight.headers)")
    }

    func testAnS3UploadWithAPresignedURLAndWhatCompleteRefuses() throws {
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        let f = try service(env: try TestS3.shared().storageEnvironment(bucket: bucket))
        let objects = try TestS3.shared().client(bucket: bucket)
        let (path, bytes) = try clip(f)
        let (id, url, _) = try open(f, bytes: bytes.count)
        XCTAssertTrue(url.contains("X-Amz-Signature="), "presigned by the bucket: \(url)")
        XCTAssertEqual(try put(path, to: String(url.dropLast()) + (url.hasSuffix("a") ? "b" : "a")), 403,
                       "the bucket checks the signature")
        XCTAssertEqual(try put(path, to: url, headers: ["Content-Type: text/html"]), 403, "the signed Content-Type, and no other")
        XCTAssertEqual(try put(path, to: url, headers: ["Content-Type: video/mp4"]), 200)
        let done = try f.client().request("POST", "/v1/assets/\(id)/complete")
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(done.json["sha256"] as? String, Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))))
        XCTAssertEqual(try objects.headObject("media/assets/\(id)")?.bytes, Int64(bytes.count))

        // Bytes that are no media: the asset fails with the probe's reason, and its object goes.
        let junk = f.root + "/media/junk"
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: junk))
        let (bad, badURL, _) = try open(f, bytes: 5000)
        XCTAssertEqual(try put(junk, to: badURL, headers: ["Content-Type: video/mp4"]), 200)
        let refused = try f.client().request("POST", "/v1/assets/\(bad)/complete")
        XCTAssertEqual(refused.status, 422, refused.text)
        let failed = try f.client().request("GET", "/v1/assets/\(bad)").json
        XCTAssertEqual(failed["status"] as? String, "failed")
        XCTAssertTrue((failed["error"] as? String ?? "").contains("not a media file"), "\(failed)")
        XCTAssertNil(try objects.headObject("media/assets/\(bad)"))

        // An upload never completed goes an hour after its URL expired, object and all.
        let (left, leftURL, leftJSON) = try open(f, bytes: bytes.count)
        XCTAssertEqual(try put(path, to: leftURL, headers: ["Content-Type: video/mp4"]), 200)
        let stamp = (leftJSON["upload"] as? [String: Any])?["expiresAt"] as? String ?? ""
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expires = try XCTUnwrap(fractional.date(from: stamp) ?? ISO8601DateFormatter().date(from: stamp), stamp)
        f.service.sweep(now: Int64(expires.timeIntervalSince1970 * 1000) + 3_600_001)
        XCTAssertEqual(try f.client().request("GET", "/v1/assets/\(left)").status, 404)
        XCTAssertNil(try objects.headObject("media/assets/\(left)"))
        XCTAssertEqual(try f.client().request("GET", "/v1/assets/\(id)").json["status"] as? String, "ready", "a completed one stays")
    }

    func testAnImportFromTheWeb() throws {
        let f = try service(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        let (_, bytes) = try clip(f)
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                                  handler: URLSourceTests.FileHost(folder: f.root + "/media"))
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let c = try f.client()
        let r = try c.json("POST", "/v1/assets", #"{"url": "http://127.0.0.1:\#(host.port)/up.mp4"}"#)
        XCTAssertEqual(r.status, 202, r.text)
        XCTAssertEqual(r.json["status"] as? String, "importing")
        XCTAssertEqual(r.json["filename"] as? String, "up.mp4")
        let id = try XCTUnwrap(r.json["id"] as? String)
        var asset: [String: Any] = [:]
        XCTAssertTrue(try Poll.until(seconds: 30, every: 0.05) {
            asset = try c.request("GET", "/v1/assets/\(id)").json
            return asset["status"] as? String != "importing"
        })
        XCTAssertEqual(asset["status"] as? String, "ready", "\(asset)")
        XCTAssertEqual(asset["sha256"] as? String, Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))))

        let missing = try c.json("POST", "/v1/assets", #"{"url": "http://127.0.0.1:\#(host.port)/none.mp4"}"#)
        let missingID = try XCTUnwrap(missing.json["id"] as? String)
        XCTAssertTrue(try Poll.until(seconds: 30, every: 0.05) {
            asset = try c.request("GET", "/v1/assets/\(missingID)").json
            return asset["status"] as? String == "failed"
        }, "\(asset)")
        XCTAssertEqual(asset["error"] as? String, "the URL answers HTTP 404")

        let refused = try c.json("POST", "/v1/assets", #"{"url": "http://localhost:\#(host.port)/up.mp4", "extra": 1}"#)
        XCTAssertEqual(refused.status, 422, refused.text)
        let fine = try c.json("POST", "/v1/assets", #"{"url": "http://localhost:\#(host.port)/up.mp4"}"#)
        XCTAssertEqual(fine.status, 422, fine.text)
        XCTAssertTrue(fine.text.contains("is on host localhost, which resolves to a loopback address"), fine.text)
        XCTAssertTrue(fine.text.contains("/url"), fine.text)
    }
}
