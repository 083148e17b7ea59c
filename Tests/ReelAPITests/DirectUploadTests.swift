import Foundation
import ReelBasics
@testable import ReelAPI
@testable import ReelServer
import Crypto
import Logging
import ReelHTTP
import ReelS3
import ReelSpec
@testable import ReelStore
import ReelFetch
@testable import ReelStorage
import S3Fixtures
import Synchronization
import TestSupport
import ReelWorker
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
    static func put(_ file: String, to url: String, headers: [String] = []) throws -> Int {
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
        XCTAssertEqual(try Self.put(path, to: base + tampered), 403, "a tampered signature")
        let past = Int64(Date().timeIntervalSince1970) - 60
        let expired = "/v1/uploads/\(id)?expires=\(past)&signature="
            + LinkSigner(secret: Array(Self.linkSecret.utf8)).signature("reel-upload", id: id, expires: past)
        XCTAssertEqual(try Self.put(path, to: base + expired), 403, "an expired signature")
        let output = OutputLinks(secret: Array(Self.linkSecret.utf8), seconds: 600, publicURL: nil).url(jobID: id, now: Int64(Date().timeIntervalSince1970 * 1000))
        XCTAssertEqual(try Self.put(path, to: base + output.replacingOccurrences(of: "/v1/jobs/\(id)/output", with: "/v1/uploads/\(id)")), 403,
                       "an output link's signature is no upload URL")
        let short = f.root + "/media/short"
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: short))
        XCTAssertEqual(try Self.put(short, to: base + url, headers: ["Content-Type: video/mp4"]), 422, "not the size announced")
        XCTAssertEqual(try Self.put(path, to: base + url, headers: ["Content-Type: text/html"]), 422, "not the type announced")
        XCTAssertEqual(try Self.put(path, to: base + url), 422, "the announced type must be sent, as S3 requires of its signed one")
        XCTAssertEqual(try Self.put(path, to: base + url, headers: ["Content-Type: video/mp4"]), 204, "no key needed")

        let done = try c.request("POST", "/v1/assets/\(id)/complete")
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(done.json["status"] as? String, "ready")
        XCTAssertEqual(done.json["sha256"] as? String, Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))))
        XCTAssertEqual(done.json["bytes"] as? Int, bytes.count)
        XCTAssertEqual((done.json["probe"] as? [String: Any])?["duration"] as? Double, 1)
        XCTAssertEqual(try c.request("POST", "/v1/assets/\(id)/complete").status, 200, "completing again answers the asset")
        XCTAssertEqual(try Self.put(path, to: base + url, headers: ["Content-Type: video/mp4"]), 409, "a ready asset takes no more bytes")
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\##(id)" } ] } }"##)
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 1)

        // A browser may PUT from an allowed origin: the preflight names the method.
        let preflight = try TestClient(port: f.port).request("OPTIONS", "/v1/uploads/\(id)", headers: [
            ("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "PUT")])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertTrue(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") ?? false, "\(preflight.headers)")
    }

    /// A claim takes the bytes away from where PUTs land, on both backends: a PUT after it changes
    /// neither the claimed file nor the kept object; a second claim finds nothing; the leftovers of
    /// late PUTs are discarded; a claim that is not kept leaves nothing.
    func testAClaimIsBeyondTheReachOfLaterPUTs() throws {
        let dir = NSTemporaryDirectory() + "reel-claim-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s3 = try TestS3.shared().client()
        let stores: [(String, any UploadStore)] = [
            ("local", DataDirectory(root: dir + "/data")),
            ("s3", S3Uploads(S3Place(client: s3, prefix: "m/"), cache: LocalCache(folder: dir + "/cache", limit: 1 << 30))),
        ]
        for (name, store) in stores {
            let id = "asset_\(name)"
            let (location, _) = store.directUpload(id, contentType: nil, expires: 60)
            func send(_ byte: UInt8) throws {
                let temp = dir + "/put-\(UUID().uuidString)"
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Data(repeating: byte, count: 1000).write(to: URL(fileURLWithPath: temp))
                try store.receiveUpload(location, from: temp)
            }
            try send(1)
            let claim = try XCTUnwrap(try store.claimUpload(location, id: id, contentType: nil, maxBytes: 1000), name)
            XCTAssertNotEqual(claim.location, location, name)
            XCTAssertEqual(UploadName.assetID(of: claim.location), id)
            if name == "local" {
                XCTAssertNil(try store.claimUpload(location, id: id, contentType: nil, maxBytes: 1000), "a second claim finds nothing")
            }
            try send(2)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: claim.file)), Data(repeating: 1, count: 1000), name)
            store.finish(claim, id: id, kept: true)
            store.discardIncoming(location)
            XCTAssertNil(try store.uploadedBytes(location), "\(name): the late PUT's bytes are gone")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try store.localCopy(claim.location, id: id))),
                           Data(repeating: 1, count: 1000), "\(name): the kept bytes are the claimed ones")

            try send(3)
            let returned = try XCTUnwrap(try store.claimUpload(location, id: id + "r", contentType: nil, maxBytes: 1000))
            store.returnClaim(returned, to: location, id: id + "r")
            XCTAssertEqual(try store.uploadedBytes(location), 1000, "\(name): a claim given back is where the URL puts bytes again")
            XCTAssertNil(try store.uploadedBytes(returned.location), "\(name): and only there")
            let dropped = try XCTUnwrap(try store.claimUpload(location, id: id + "x", contentType: nil, maxBytes: 1000))
            store.finish(dropped, id: id + "x", kept: false)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dropped.file), name)
            XCTAssertNil(try store.uploadedBytes(dropped.location), "\(name): a claim not kept leaves nothing")
        }
    }

    /// PUTs of other media of the announced size while `complete` checks the first, and several
    /// completions at once: whatever the interleaving, the asset ends ready with exactly the bytes
    /// that were checked (the recorded digest is the kept file's), every completion answers that
    /// one outcome, and nothing is left where the URL puts bytes.
    func testPUTsAndCompletionsRacingKeepWhatWasChecked() throws {
        let f = try service()
        var versions: [(path: String, sha: String)] = []
        for title in ["AAAA", "BBBB"] {
            try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-fflags", "+bitexact", "-metadata", "title=\(title)", "\(title).mp4"])
            let path = f.root + "/media/\(title).mp4"
            versions.append((path, Hex.lowercase(Array(Crypto.SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))))))
        }
        let size = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: versions[0].path))[.size] as? Int)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: versions[1].path))[.size] as? Int, size, "two media files of one size")
        XCTAssertNotEqual(versions[0].sha, versions[1].sha)
        let base = "http://127.0.0.1:\(f.port)"
        let port = f.port
        for round in 0..<3 {
            let (id, url, _) = try open(f, bytes: size)
            XCTAssertEqual(try Self.put(versions[0].path, to: base + url, headers: ["Content-Type: video/mp4"]), 204)
            let answers = Collected<(Int, String?)>()
            let puts = Collected<Int>()
            let paths = versions.map(\.path)
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                if i < 3 {
                    guard let c = try? TestClient(port: port, key: Self.key), let r = try? c.request("POST", "/v1/assets/\(id)/complete") else { return }
                    answers.append((r.status, r.json["sha256"] as? String))
                } else {
                    for v in [1, 0, 1] { if let status = try? Self.put(paths[v], to: base + url, headers: ["Content-Type: video/mp4"]) { puts.append(status) } }
                }
            }
            let asset = try f.client().request("GET", "/v1/assets/\(id)").json
            XCTAssertEqual(asset["status"] as? String, "ready", "round \(round): \(asset)")
            let recorded = try XCTUnwrap(asset["sha256"] as? String)
            XCTAssertTrue(versions.contains { $0.sha == recorded }, "round \(round)")
            XCTAssertEqual(answers.all.map(\.0), [200, 200, 200], "round \(round)")
            XCTAssertEqual(Set(answers.all.map(\.1)), [recorded], "every completion answers the one outcome")
            XCTAssertTrue(puts.all.allSatisfy { $0 == 204 || $0 == 409 }, "\(puts.all)")
            let files = try FileManager.default.contentsOfDirectory(atPath: f.root + "/data/assets").filter { $0.hasPrefix(id) }
            XCTAssertEqual(files.count, 1, "one kept file: \(files)")
            let keptBytes = try Data(contentsOf: URL(fileURLWithPath: f.root + "/data/assets/" + (files.first ?? "")))
            XCTAssertEqual(Hex.lowercase(Array(Crypto.SHA256.hash(data: keptBytes))), recorded, "the kept file is the checked one")
            XCTAssertFalse(FileManager.default.fileExists(atPath: f.root + "/data/assets/incoming/\(id)"), "round \(round): nothing incoming left")
        }
    }

    func testAnS3UploadWithAPresignedURLAndWhatCompleteRefuses() throws {
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        let f = try service(env: try TestS3.shared().storageEnvironment(bucket: bucket))
        let objects = try TestS3.shared().client(bucket: bucket)
        let (path, bytes) = try clip(f)
        let (id, url, _) = try open(f, bytes: bytes.count)
        XCTAssertTrue(url.contains("X-Amz-Signature="), "presigned by the bucket: \(url)")
        XCTAssertEqual(try Self.put(path, to: String(url.dropLast()) + (url.hasSuffix("a") ? "b" : "a")), 403,
                       "the bucket checks the signature")
        XCTAssertEqual(try Self.put(path, to: url, headers: ["Content-Type: text/html"]), 403, "the signed Content-Type, and no other")
        XCTAssertEqual(try Self.put(path, to: url, headers: ["Content-Type: video/mp4"]), 200)
        let done = try f.client().request("POST", "/v1/assets/\(id)/complete")
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(done.json["sha256"] as? String, Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))))
        let kept = try objects.list(prefix: "media/assets/\(id)").objects
        XCTAssertEqual(kept.map(\.bytes), [Int64(bytes.count)], "the checked bytes, under a key of their own: \(kept.map(\.key))")
        XCTAssertNil(try objects.headObject("media/assets/incoming/\(id)"), "nothing left where the URL puts bytes")
        // The presigned URL still works until it expires, but what it writes is never the asset.
        let junk = f.root + "/media/junk"
        try Data(repeating: 7, count: bytes.count).write(to: URL(fileURLWithPath: junk))
        XCTAssertEqual(try Self.put(junk, to: url, headers: ["Content-Type: video/mp4"]), 200)
        XCTAssertEqual(try objects.getObject(try XCTUnwrap(kept.first?.key)), bytes, "the asset's bytes are the ones checked")
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\##(id)" } ] } }"##)
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 1)

        // Bytes that are no media: the asset fails with the probe's reason, and its object goes.
        let (bad, badURL, _) = try open(f, bytes: bytes.count)
        XCTAssertEqual(try Self.put(junk, to: badURL, headers: ["Content-Type: video/mp4"]), 200)
        let refused = try f.client().request("POST", "/v1/assets/\(bad)/complete")
        XCTAssertEqual(refused.status, 422, refused.text)
        let failed = try f.client().request("GET", "/v1/assets/\(bad)").json
        XCTAssertEqual(failed["status"] as? String, "failed")
        XCTAssertTrue((failed["error"] as? String ?? "").contains("not a media file"), "\(failed)")
        XCTAssertEqual(try objects.list(prefix: "media/assets/\(bad)").objects.map(\.key), [])
        XCTAssertNil(try objects.headObject("media/assets/incoming/\(bad)"))

        // An upload never completed goes an hour after its URL expired, object and all.
        let (left, leftURL, leftJSON) = try open(f, bytes: bytes.count)
        XCTAssertEqual(try Self.put(path, to: leftURL, headers: ["Content-Type: video/mp4"]), 200)
        let stamp = (leftJSON["upload"] as? [String: Any])?["expiresAt"] as? String ?? ""
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expires = try XCTUnwrap(fractional.date(from: stamp) ?? ISO8601DateFormatter().date(from: stamp), stamp)
        f.service.sweep(now: Int64(expires.timeIntervalSince1970 * 1000) + 3_600_001)
        XCTAssertEqual(try f.client().request("GET", "/v1/assets/\(left)").status, 404)
        XCTAssertNil(try objects.headObject("media/assets/incoming/\(left)"))
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

    /// Imports run on a fixed number of threads with a bounded queue: past it, an import is refused
    /// at once (`start` false; the API answers 429) instead of becoming a thread of its own; one that
    /// was failed while it waited is skipped.
    func testImportsWaitInABoundedQueue() throws {
        let dir = NSTemporaryDirectory() + "reel-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try WebTestServer()
        defer { withExtendedLifetime(server) {} }
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let importer = AssetImporter(store: store, uploads: DataDirectory(root: dir),
                                     fetch: WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: 1 << 20, maxSeconds: 10),
                                     temp: dir + "/tmp", engine: EngineChildren(RenderIsolation(executable: TestBinaries.reel), mediaRoot: dir, reads: []),
                                     logger: Logger(label: "test"), concurrent: 1, maxQueued: 1)
        func asset(_ path: String) throws -> Asset {
            // A real id (a few letters of a UUID once collided: two prefixes of digits alone).
            var a = Asset(id: "asset_" + ULID.make(), path: "", bytes: 0, sha256: "",
                          contentType: nil, filename: nil, probe: "null", createdAt: Int64(Date().timeIntervalSince1970 * 1000), keyID: "k")
            a.status = .importing
            a.sourceURL = server.url(path)
            try store.insert(a)
            return a
        }
        let slow = try asset("/slow"), waiting = try asset("/file/w"), refused = try asset("/file/r")
        XCTAssertTrue(importer.start(slow))
        XCTAssertTrue(Poll.until(seconds: 10) { (try? server.count("/slow")) == 1 }, "the one thread took the slow import")
        XCTAssertTrue(importer.start(waiting), "one may wait")
        XCTAssertFalse(importer.start(refused), "the queue is full")
        // The waiting one is failed meanwhile (as the retention pass does): it is skipped, not fetched.
        XCTAssertTrue(try store.settle(waiting.id, checked: nil, error: "interrupted"))
        let slowEnded = try Poll.value(seconds: 60, every: 0.05) { try store.asset(slow.id).flatMap { $0.status == .importing ? nil : $0 } }
        XCTAssertEqual(slowEnded?.status, .failed, "the slow URL timed out (limits.sourceSeconds)")
        XCTAssertTrue(Poll.until(seconds: 30) { importer.start(refused) }, "room again once the queue drained")
        XCTAssertEqual(try server.count("/file/w"), 0, "the import failed while waiting was never fetched")
    }
}
