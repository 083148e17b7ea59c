import Foundation
import Logging
import ReelS3
import ReelStorage
import ReelStore
@testable import ReelWorker
import S3Fixtures
import StoreFixtures
import TestSupport
import XCTest

/// What the deliverer does when a copy cannot be made: an output gone from where outputs are kept
/// fails at once (never "delivered" with nothing copied), so does a bucket that does not exist; a
/// copy made lands byte for byte. Against the tests' real S3 server.
final class DestinationDelivererTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-deliverer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/outputs", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A job succeeded with the output at `path` and copies to `urls`; the copies once ended.
    /// Kept in `outputs` (the data directory by default), copied through `scratch` when the node
    /// copies; `profile` names the second account's credentials (`archive`); a failed copy is tried
    /// again for `retryHours`.
    func copies(of path: String, to urls: [String], outputs: (any OutputStore)? = nil, scratch: String? = nil,
                profile: String? = nil, retryHours: Double = 1) throws -> [OutputDestination] {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let s3 = try TestS3.shared()
        let service = s3.endpoint(bucket: "x").service
        let account = S3Account(service: service, region: "us-east-1", pathStyle: true,
                                credentials: S3Credentials(accessKeyID: TestS3.accessKey, secretAccessKey: TestS3.secret))
        let archive = S3Account(service: service, region: "us-east-1", pathStyle: true,
                                credentials: S3Credentials(accessKeyID: TestS3.archiveAccessKey, secretAccessKey: TestS3.archiveSecret))
        let deliverer = DestinationDeliverer(store: store, outputs: outputs ?? DataDirectory(root: dir),
                                             accounts: DestinationAccounts(profiles: ["archive": archive], storage: account),
                                             schedule: RetrySchedule(base: 0.1, horizon: retryHours * 3600), scratch: scratch ?? dir + "/tmp", logger: Logger(label: "test"))
        let submitted = try store.submit(spec: "{}", bodyHash: UUID().uuidString, idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        XCTAssertEqual(try store.claim(owner: "W")?.id, job.id)
        XCTAssertTrue(try store.complete(job.id, owner: "W", output: JobOutput(
            path: path, bytes: 1, duration: "1", sha256: "", contentType: "video/mp4", destinations: urls.map { OutputDestination(url: $0, profile: profile) })))
        deliverer.start()
        defer { deliverer.stop() }
        return try XCTUnwrap(try Poll.value(seconds: 30, every: 0.05) {
            try store.job(job.id)?.output?.destinations.allSatisfy { $0.status != .pending } == true ? store.job(job.id)?.output?.destinations : nil
        })
    }

    func testAMissingOutputFailsAtOnceAndIsNeverDelivered() throws {
        let bucket = try TestS3.shared().client()
        let ended = try copies(of: dir + "/outputs/gone.mp4", to: ["s3://\(bucket.endpoint.bucket)/x.mp4"])
        XCTAssertEqual(ended.map(\.status), [.failed])
        XCTAssertEqual(ended.first?.error, "the output is no longer where outputs are kept")
        XCTAssertEqual(ended.first?.attempts, 1)
        XCTAssertNil(try bucket.headObject("x.mp4"))
    }

    func testABucketThatDoesNotExistFailsAtOnceAndAGoodCopyLands() throws {
        let file = dir + "/outputs/out.mp4"
        let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(body).write(to: URL(fileURLWithPath: file))
        let bucket = try TestS3.shared().client()
        let ended = try copies(of: file, to: ["s3://no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())/x.mp4",
                                              "s3://\(bucket.endpoint.bucket)/y.mp4"])
        XCTAssertEqual(ended.map(\.status), [.failed, .delivered])
        XCTAssertTrue(ended[0].error?.contains("NoSuchBucket") ?? false, "\(ended[0])")
        XCTAssertEqual(ended[0].attempts, 1, "not retried: no retry can make the bucket")
        XCTAssertEqual(try bucket.getObject("y.mp4"), body)
        XCTAssertEqual(ended[1].etag, try bucket.headObject("y.mp4")?.etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    /// An output kept in a bucket is copied to a bucket of the same account by the service itself:
    /// with no scratch folder the node could copy through (a file stands where it would be), the
    /// copy still lands, byte for byte with its type. The same output to another account's bucket
    /// needs the node, and fails there for want of the scratch folder: the control that shows the
    /// first copy did not pass through it.
    func testAnOutputInABucketIsCopiedByTheServiceWithinTheAccount() throws {
        let storage = try TestS3.shared().client()
        let outputs = S3Outputs(S3Place(client: storage, prefix: "media"), cache: LocalCache(folder: dir + "/cache", limit: 1 << 30))
        let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        try Data(body).write(to: URL(fileURLWithPath: dir + "/outputs/render.mp4"))
        let location = try outputs.publish(OutputName(jobID: "job_copy", attempt: 1, fileExtension: "mp4"), at: dir + "/outputs/render.mp4", contentType: "video/mp4")
        let blocked = dir + "/no-scratch"
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: blocked))

        let target = try TestS3.shared().client()
        let ended = try copies(of: location, to: ["s3://\(target.endpoint.bucket)/in/copy.mp4"], outputs: outputs, scratch: blocked + "/tmp")
        XCTAssertEqual(ended.map(\.status), [.delivered], "\(ended)")
        let object = try XCTUnwrap(try target.headObject("in/copy.mp4"))
        XCTAssertEqual(object.contentType, "video/mp4")
        XCTAssertEqual(ended.first?.etag, object.etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        XCTAssertEqual(try target.getObject("in/copy.mp4"), body)

        let archive = try TestS3.shared().client(archive: true)
        let other = try copies(of: location, to: ["s3://\(archive.endpoint.bucket)/in/copy.mp4"], outputs: outputs,
                               scratch: blocked + "/tmp", profile: "archive", retryHours: 0)
        XCTAssertEqual(other.map(\.status), [.failed], "another account's bucket is written by the node: \(other)")
        XCTAssertEqual(other.first?.error, "this node cannot make its copy for the upload in \(blocked)/tmp: Not a directory")
        XCTAssertNil(try archive.headObject("in/copy.mp4"))
    }
}
