import Foundation
import ReelBasics
@testable import ReelAPI
@testable import ReelServer
import Crypto
import ReelS3
import ReelSpec
import S3Fixtures
import TestSupport
import XCTest

/// A service keeping its outputs in a bucket of a real S3 server (Swift's s3api, which checks
/// signatures): the output is uploaded and the local copy deleted, downloads are presigned, HLS
/// folders play through presigned URLs, deletion and retention remove the objects, and a service
/// whose storage refuses its credentials does not start.
final class S3StorageTests: XCTestCase {
    let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##

    func fixture(bucket: String = "reel-" + UUID().uuidString.prefix(8).lowercased(), env: [String: String] = [:]) throws -> (ServiceFixture, S3Client) {
        let s3 = try TestS3.shared()
        let f = try ServiceFixture(keys: ["a-key-of-sixteen-chars"], env: try s3.storageEnvironment(bucket: bucket).merging(env) { $1 })
        return (f, try s3.client(bucket: bucket))
    }

    func curl(_ url: String) throws -> (status: Int32, body: [UInt8]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = ["-fsS", url]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let body = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, Array(body))
    }

    func testTheOutputGoesToTheBucketAndIsServedPresigned() throws {
        let (f, bucket) = try fixture()
        let (id, job) = try f.succeeded(spec)
        let output = try XCTUnwrap(job["output"] as? [String: Any])
        let key = "media/outputs/\(id)-1.mp4"
        let object = try XCTUnwrap(try bucket.headObject(key), "uploaded under the prefix")
        XCTAssertEqual(object.bytes, Int64(output["bytes"] as? Int ?? -1))
        XCTAssertEqual(object.contentType, "video/mp4")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.root + "/data/outputs/\(id)-1.mp4"), "no local copy left")

        let keyed = try f.client().request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(keyed.status, 302, keyed.text)
        let location = try XCTUnwrap(keyed.header("Location"))
        XCTAssertTrue(location.contains("X-Amz-Signature="), location)
        let fetched = try curl(location)
        XCTAssertEqual(fetched.status, 0)
        XCTAssertEqual(Hex.lowercase(Array(Crypto.SHA256.hash(data: fetched.body))), output["sha256"] as? String, "the output's digest")
        let link = try XCTUnwrap(output["downloadUrl"] as? String)
        XCTAssertTrue(link.hasPrefix("http://127.0.0.1:"), "a presigned URL of the object: \(link)")
        XCTAssertEqual(try curl(link).body, fetched.body)

        let thumb = try f.client().request("GET", "/v1/jobs/\(id)/thumbnail")
        XCTAssertEqual(thumb.status, 200, thumb.text)
        XCTAssertEqual(Array(thumb.body.prefix(2)), [0xFF, 0xD8], "a JPEG, made from the object")

        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertNil(try bucket.headObject(key), "deleting the job deletes the object")
    }

    /// Uploads are kept in the bucket; a render reads a copy downloaded once into the node's cache.
    func testUploadsLiveInTheBucketAndRenderFromTheCache() throws {
        let (f, bucket) = try fixture()
        let asset = try f.uploadClip()
        let object = try XCTUnwrap(try bucket.headObject("media/assets/\(asset)"), "the upload is in the bucket")
        XCTAssertGreaterThan(object.bytes, 1000)
        XCTAssertEqual(f.dataFiles("assets"), [], "nothing kept under dataDir/assets")
        // The media root's copy is not what renders: it goes, so only the upload can be read.
        try FileManager.default.removeItem(atPath: f.root + "/media/clip.mp4")
        let (id, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\##(asset)" } ] } }"##)
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 1, "the whole uploaded clip: \(id)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: f.root + "/data/cache/uploads/\(asset)"), "read from the node's cache")
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertEqual(try f.client().request("DELETE", "/v1/assets/\(asset)").status, 204)
        XCTAssertNil(try bucket.headObject("media/assets/\(asset)"), "deleting the asset deletes the object")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.root + "/data/cache/uploads/\(asset)"), "and the cached copy")
    }

    /// Objects under an output's name that their job does not refer to (a node killed between the
    /// upload and the record, an earlier attempt) are deleted by the retention pass; the recorded
    /// output, other keys and other deployments' jobs' objects stay.
    func testOutputsNoJobRefersToAreSweptFromTheBucket() throws {
        let (f, bucket) = try fixture()
        let (id, _) = try f.succeeded(spec)
        let strays = ["media/outputs/\(id)-2.mp4", "media/outputs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1.mp4",
                      "media/outputs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1.hls/master.m3u8",
                      "media/outputs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV-1.hls/video_32p.m3u8"]
        for key in strays + ["media/outputs/notes.txt"] { try bucket.putObject(key, bytes: [1]) }
        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000))
        // Objects of jobs this store has never had stay: the bucket may be shared by mistake with
        // another deployment, or this node started on an empty store.
        XCTAssertEqual(try bucket.list(prefix: "media/outputs/").objects.map(\.key).sorted(),
                       (["media/outputs/\(id)-1.mp4", "media/outputs/notes.txt"] + strays.dropFirst()).sorted())
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs/\(id)/output").status, 302, "the recorded output is still served")
    }

    func testRetentionDeletesTheObject() throws {
        let (f, bucket) = try fixture()
        let (id, _) = try f.succeeded(spec)
        XCTAssertNotNil(try bucket.headObject("media/outputs/\(id)-1.mp4"))
        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000) + 1000 * 3600 * 24 * 365)
        XCTAssertNil(try bucket.headObject("media/outputs/\(id)-1.mp4"))
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs/\(id)/output").status, 410)
    }

    /// With `proxyOutputs`, no client is sent to the bucket: the keyed GET and the link stream the
    /// object through Reel (from a copy in the node's cache) with ranges and ETags, and an HLS
    /// folder plays through Reel's own URIs only.
    func testProxyOutputsStreamThroughReel() throws {
        let (f, bucket) = try fixture(env: ["REEL_PROXY_OUTPUTS": "true"])
        let (id, job) = try f.succeeded(spec)
        let output = try XCTUnwrap(job["output"] as? [String: Any])
        let key = "media/outputs/\(id)-1.mp4"
        let whole = try bucket.getObject(key)
        // A HEAD and a GET answered 304 send no bytes, so they start no copy into the cache.
        let head = try f.client().request("HEAD", "/v1/jobs/\(id)/output")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), String(whole.count), "the length a GET would have")
        let ranged = try f.client().request("HEAD", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=10-19")])
        XCTAssertEqual(ranged.status, 206)
        XCTAssertEqual(ranged.header("Content-Length"), "10")
        let unchanged = try f.client().request("GET", "/v1/jobs/\(id)/output", headers: [("If-None-Match", "\"\(output["sha256"] as? String ?? "")\"")])
        XCTAssertEqual(unchanged.status, 304)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: f.root + "/data/cache/outputs")) ?? [], [],
                       "no copy begun for answers without a body")
        // A range further in, before the node has the copy: those bytes alone, from the bucket.
        let seek = try f.client().request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=1000-1999")])
        XCTAssertEqual(seek.status, 206, seek.text)
        XCTAssertEqual(seek.header("Content-Range"), "bytes 1000-1999/\(whole.count)")
        XCTAssertEqual(seek.body, Array(whole[1000...1999]))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: f.root + "/data/cache/outputs")) ?? [], [],
                       "a range is not kept as the copy")
        let keyed = try f.client().request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(keyed.status, 200, keyed.text)
        XCTAssertEqual(keyed.body, whole, "the object's bytes")
        XCTAssertEqual(Hex.lowercase(Array(Crypto.SHA256.hash(data: keyed.body))), output["sha256"] as? String)
        XCTAssertEqual(keyed.header("ETag"), "\"\(output["sha256"] as? String ?? "")\"")
        // The last bytes may reach the client a moment before the whole copy is moved into place.
        XCTAssertTrue(Poll.until(seconds: 10) { FileManager.default.fileExists(atPath: f.root + "/data/cache/outputs/\(id)-1.mp4") },
                      "the copy it was sent from is kept in the node's cache")
        let modified = try XCTUnwrap(keyed.header("Last-Modified"))
        // The copy is used again (its file time moves); the output's date does not.
        let part = try f.client().request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=100-199"), ("If-Range", modified)])
        XCTAssertEqual(part.header("Last-Modified"), modified)
        XCTAssertEqual(part.status, 206, "If-Range with the date keeps the range")
        XCTAssertEqual(part.body, try bucket.getObject(key, range: 100...199))
        let link = try XCTUnwrap(output["downloadUrl"] as? String)
        XCTAssertTrue(link.hasPrefix("/v1/jobs/\(id)/output?"), "Reel's own link, not the bucket's: \(link)")
        let anonymous = try TestClient(port: f.port).request("GET", link)
        XCTAssertEqual(anonymous.status, 200, anonymous.text)
        XCTAssertEqual(anonymous.body, whole)

        let (hls, hlsJob) = try f.succeeded(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 32, "frameRate": 10, "hls": { "segmentDuration": 1 } },
          "timeline": { "videos": [ { "color": "#0000FF", "duration": 1.5 } ] } }
        """##)
        let hlsLink = try XCTUnwrap((hlsJob["output"] as? [String: Any])?["downloadUrl"] as? String)
        let files = try PlaylistWalk.walk(from: hlsLink) { url in
            XCTAssertFalse(url.hasPrefix("http"), "nothing points at the bucket: \(url)")
            let r = try TestClient(port: f.port).request("GET", url)
            XCTAssertEqual(r.status, 200, "\(url): \(r.text)")
            return r.header("Content-Type") == HLSServing.playlistType ? r.text : nil
        }.count
        XCTAssertGreaterThanOrEqual(files, 5, "the master, a media playlist and its segments, all through Reel")
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.root + "/data/cache/outputs/\(id)-1.mp4"), "the cached copy goes with the job")
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(hls)").status, 204)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.root + "/data/cache/outputs/\(hls)-1.hls"), "and a folder's copies")
    }

    /// An HLS folder in the bucket, walked as a player walks it from the job's link: Reel serves the
    /// playlists, every segment comes from the bucket through a presigned URL, no key anywhere.
    func testAnHLSFolderPlaysFromTheBucket() throws {
        let (f, bucket) = try fixture()
        let (id, job) = try f.succeeded(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 32, "frameRate": 10, "hls": { "segmentDuration": 1 } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 2.5 } ] } }
        """##)
        let listing = try bucket.list(prefix: "media/outputs/\(id)-1.hls/").objects.map(\.key)
        XCTAssertTrue(listing.contains("media/outputs/\(id)-1.hls/master.m3u8"), "\(listing)")
        let link = try XCTUnwrap((job["output"] as? [String: Any])?["downloadUrl"] as? String)
        let anonymous = try TestClient(port: f.port)
        let fetched = try PlaylistWalk.walk(from: link) { url in
            if url.hasPrefix("http") {
                XCTAssertEqual(try curl(url).status, 0, url)  // presigned: straight from the bucket
                return nil
            }
            let r = try anonymous.request("GET", url)
            XCTAssertEqual(r.status, 200, "\(url): \(r.text)")
            return r.text
        }
        let segments = fetched.filter { $0.hasPrefix("http") }.count
        XCTAssertGreaterThanOrEqual(segments, 4, "init and media segments and the audio came from the bucket")
        let thumb = try f.client().request("GET", "/v1/jobs/\(id)/thumbnail?time=2")
        XCTAssertEqual(thumb.status, 200, thumb.text)
        XCTAssertEqual(Array(thumb.body.prefix(2)), [0xFF, 0xD8], "a JPEG of the folder in the bucket")
        XCTAssertEqual(try f.client().request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertEqual(try bucket.list(prefix: "media/outputs/\(id)-1.hls/").objects.count, 0, "every file of the folder deleted")
    }

    func testAStorageThatRefusesTheCredentialsStopsTheStart() throws {
        let s3 = try TestS3.shared()
        var env = try s3.storageEnvironment(secret: "not-the-secret")
        env["REEL_API_KEYS"] = "a-key-of-sixteen-chars"
        var config = try ServerConfiguration.load(path: nil, environment: env)
        config.port = 0
        config.dataDir = NSTemporaryDirectory() + "reel-s3-start-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: config.dataDir) }
        XCTAssertThrowsError(try ReelService(config: config, logger: .init(label: "test"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("probe object") && text.contains("SignatureDoesNotMatch"), text)
        }
    }
}
