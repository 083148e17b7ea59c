import Foundation
import ReelBasics
@testable import ReelAPI
@testable import ReelServer
import Crypto
import ReelS3
import ReelSpec
import S3Fixtures
import XCTest

/// `output.destinations` against a real S3 server that checks signatures: a succeeded job's output
/// is copied to another account's bucket with the named profile's credentials, an HLS folder file
/// by file, the copy's state is in the job, and the `succeeded` webhook comes after the copies,
/// with their outcomes; a copy that cannot be signed fails with S3's reason; a destination the
/// server could never sign is a 422 at its pointer.
final class DestinationTests: XCTestCase {
    let secret = "whsec-0123456789abcdef"

    func service(storage bucket: String? = nil, profileSecret: String = TestS3.archiveSecret, env: [String: String] = [:]) throws
        -> (ServiceFixture, WebhookReceiver) {
        let s3 = try TestS3.shared()
        var all = s3.archiveProfiles(secret: profileSecret).merging(["REEL_WEBHOOK_SECRET": secret, "REEL_ALLOWED_HOSTS": "127.0.0.1"]) { $1 }
        if let bucket { all.merge(try s3.storageEnvironment(bucket: bucket)) { $1 } }
        return (try ServiceFixture(env: all.merging(env) { $1 }), try WebhookReceiver())
    }

    func newBucket() -> String { "dest-" + UUID().uuidString.prefix(8).lowercased() }

    func sha256(_ bytes: [UInt8]) -> String { Hex.lowercase(Array(Crypto.SHA256.hash(data: bytes))) }

    /// Waits for the job's `succeeded` webhook and returns its body.
    func succeededEvent(_ hooks: WebhookReceiver, job id: String) throws -> [String: Any] {
        let got = hooks.wait(timeout: 60) { $0.contains { $0.header("Reel-Event") == "succeeded" && ($0.json["id"] as? String) == id } }
        return try XCTUnwrap(got.first { $0.header("Reel-Event") == "succeeded" }?.json, "no succeeded webhook: \(got.map(\.path))")
    }

    func testAnOutputIsCopiedWithTheProfilesCredentialsBeforeTheSucceededWebhook() throws {
        let (f, hooks) = try service()
        let archive = try TestS3.shared().client(bucket: newBucket(), archive: true)
        let bucket = archive.endpoint.bucket
        let id = try f.submit(##"""
        { "version": 1, "output": { "width": 32, "height": 32,
            "destinations": [ { "type": "s3", "url": "s3://\##(bucket)/renders/{date}/{jobId}.{ext}", "profile": "archive" } ] },
          "webhook": { "url": "\##(hooks.url())" },
          "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }
        """##)
        let event = try succeededEvent(hooks, job: id)
        let output = try XCTUnwrap(event["output"] as? [String: Any])
        let copies = try XCTUnwrap(output["destinations"] as? [[String: Any]])
        XCTAssertEqual(copies.count, 1)
        let copy = copies[0]
        XCTAssertEqual(copy["status"] as? String, "delivered", "the webhook waited for the copy: \(copy)")
        XCTAssertEqual(copy["profile"] as? String, "archive")
        XCTAssertEqual(copy["attempts"] as? Int, 1)
        XCTAssertTrue(copy["error"] is NSNull, "\(copy)")
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        let key = "renders/\(day)/\(id).mp4"
        XCTAssertEqual(copy["url"] as? String, "s3://\(bucket)/\(key)", "placeholders filled in")

        let object = try XCTUnwrap(try archive.headObject(key), "the copy is in the archive account's bucket")
        XCTAssertEqual(copy["etag"] as? String, object.etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        XCTAssertEqual(object.contentType, "video/mp4")
        XCTAssertEqual(sha256(try archive.getObject(key)), output["sha256"] as? String, "the same bytes as the output")
        // The job as GET shows it agrees with the webhook.
        let job = try f.client().request("GET", "/v1/jobs/\(id)").json
        XCTAssertEqual(((job["output"] as? [String: Any])?["destinations"] as? [[String: Any]])?.first?["status"] as? String, "delivered")
    }

    /// Without a profile, a bucket storage's own account copies, here an HLS folder file by file.
    func testAnHLSFolderIsCopiedWithTheStoragesOwnAccount() throws {
        let (f, hooks) = try service(storage: "reel-" + UUID().uuidString.prefix(8).lowercased())
        let target = try TestS3.shared().client(bucket: newBucket())
        let id = try f.submit(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 32, "frameRate": 10, "hls": { "segmentDuration": 1 },
            "destinations": [ { "type": "s3", "url": "s3://\##(target.endpoint.bucket)/shows/" } ] },
          "webhook": { "url": "\##(hooks.url())" },
          "timeline": { "videos": [ { "color": "#0000FF", "duration": 2.5 } ] } }
        """##)
        let copy = try XCTUnwrap(((try succeededEvent(hooks, job: id)["output"] as? [String: Any])?["destinations"] as? [[String: Any]])?.first)
        XCTAssertEqual(copy["status"] as? String, "delivered", "\(copy)")
        XCTAssertEqual(copy["url"] as? String, "s3://\(target.endpoint.bucket)/shows/\(id).hls")
        let copied = try target.list(prefix: "shows/\(id).hls/").objects
        let stored = try XCTUnwrap(try TestS3.shared().storageBucketListing(f, id: id))
        XCTAssertEqual(Set(copied.map { String($0.key.dropFirst("shows/\(id).hls/".count)) }), Set(stored.keys), "every file of the folder")
        for object in copied {
            let name = String(object.key.dropFirst("shows/\(id).hls/".count))
            XCTAssertEqual(object.etag, stored[name], "\(name): the same bytes")
        }
        let master = try XCTUnwrap(try target.headObject("shows/\(id).hls/master.m3u8"))
        XCTAssertEqual(master.contentType, "application/vnd.apple.mpegurl")
        XCTAssertEqual(copy["etag"] as? String, master.etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    /// A copy the bucket refuses (a wrong secret) is tried until `deliveryRetryHours` ends (0
    /// here: after one attempt), then fails with S3's reason; the webhook still comes.
    func testARefusedCopyFailsWithS3sReasonAndTheWebhookStillComes() throws {
        let (f, hooks) = try service(profileSecret: "not-the-secret", env: ["REEL_DELIVERY_RETRY_HOURS": "0"])
        let archive = try TestS3.shared().client(bucket: newBucket(), archive: true)
        let id = try f.submit(##"""
        { "version": 1, "output": { "width": 32, "height": 32,
            "destinations": [ { "type": "s3", "url": "s3://\##(archive.endpoint.bucket)/x/{jobId}.mp4", "profile": "archive" } ] },
          "webhook": { "url": "\##(hooks.url())" },
          "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }
        """##)
        let event = try succeededEvent(hooks, job: id)
        XCTAssertEqual(event["status"] as? String, "succeeded", "the render itself succeeded")
        let copy = try XCTUnwrap(((event["output"] as? [String: Any])?["destinations"] as? [[String: Any]])?.first)
        XCTAssertEqual(copy["status"] as? String, "failed", "\(copy)")
        let error = copy["error"] as? String ?? ""
        XCTAssertTrue(error.contains("SignatureDoesNotMatch") || error.contains("AccessDenied"), error)
        XCTAssertTrue(copy["etag"] is NSNull)
        XCTAssertNil(try archive.headObject("x/\(id).mp4"), "nothing was written")
    }

    func testADestinationTheServerCannotSignIsRefusedAtSubmit() throws {
        let (f, _) = try service()
        let r = try f.client().json("POST", "/v1/jobs", ##"""
        { "version": 1, "output": { "destinations": [ { "type": "s3", "url": "s3://some-bucket/a.mp4", "profile": "nope" },
                                                      { "type": "s3", "url": "s3://some-bucket/b.mp4" } ] },
          "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }
        """##)
        XCTAssertEqual(r.status, 422, r.text)
        let problems = try XCTUnwrap(r.json["errors"] as? [[String: Any]], r.text)
        XCTAssertEqual(problems.compactMap { $0["pointer"] as? String }, ["/output/destinations/0/profile", "/output/destinations/1/profile"])
        XCTAssertEqual(problems.first?["message"] as? String,
                       #"names the profile "nope", which this server does not have (storageProfiles: archive)"#)
        XCTAssertTrue((problems.last?["message"] as? String ?? "").hasPrefix("is required: this server keeps outputs on local disk"), r.text)
    }
}

extension TestS3 {
    /// The files of job `id`'s HLS folder in the fixture's storage bucket, by name, with their ETags.
    func storageBucketListing(_ f: ServiceFixture, id: String) throws -> [String: String]? {
        guard case .s3(let endpoint, let prefix, _) = f.service.config.storage else { return nil }
        let storage = try client(bucket: endpoint.bucket)
        let base = prefix + "outputs/\(id)-1.hls/"
        return Dictionary(uniqueKeysWithValues: try storage.list(prefix: base).objects.map { (String($0.key.dropFirst(base.count)), $0.etag) })
    }
}
