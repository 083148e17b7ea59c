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
    func copies(of path: String, to urls: [String]) throws -> [OutputDestination] {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let s3 = try TestS3.shared()
        let account = S3Account(service: s3.endpoint(bucket: "x").service, region: "us-east-1", pathStyle: true,
                                credentials: S3Credentials(accessKeyID: TestS3.accessKey, secretAccessKey: TestS3.secret))
        let deliverer = DestinationDeliverer(store: store, outputs: DataDirectory(root: dir),
                                             accounts: DestinationAccounts(profiles: [:], storage: account),
                                             schedule: RetrySchedule(base: 0.1, horizon: 3600), scratch: dir + "/tmp", logger: Logger(label: "test"))
        let submitted = try store.submit(spec: "{}", bodyHash: UUID().uuidString, idempotencyKey: nil)
        guard case .created(let job) = submitted else { throw SubmitDidNotCreate(result: submitted) }
        XCTAssertEqual(try store.claim(owner: "W")?.id, job.id)
        XCTAssertTrue(try store.complete(job.id, owner: "W", output: JobOutput(
            path: path, bytes: 1, duration: "1", sha256: "", contentType: "video/mp4", destinations: urls.map { OutputDestination(url: $0, profile: nil) })))
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
}
