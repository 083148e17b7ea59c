import Foundation
import ReelS3
import S3Fixtures
import TestSupport
import XCTest

/// The client against a server that checks signatures (OpenStack Swift's s3api): objects in and
/// out, ranges, listing, multipart uploads, presigned URLs, and the errors with their codes.
final class S3ClientTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-s3t-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Bytes that differ at every offset a part boundary could fall on.
    func pattern(_ count: Int) -> [UInt8] {
        var g = SplitMix64(seed: UInt64(count))
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: g.next()) }
    }

    func testObjectsRoundTripWithRangesHeadListAndDelete() throws {
        let s3 = try TestS3.shared().client()
        let body = pattern(100_000)
        let etag = try s3.putObject("a dir/clip é+%.bin", bytes: body, contentType: "video/mp4")
        XCTAssertFalse(etag.isEmpty)
        XCTAssertEqual(try s3.getObject("a dir/clip é+%.bin"), body, "an awkward key round-trips")
        XCTAssertEqual(try s3.getObject("a dir/clip é+%.bin", range: 1000...1999), Array(body[1000...1999]))
        let info = try XCTUnwrap(try s3.headObject("a dir/clip é+%.bin"))
        XCTAssertEqual(info.bytes, 100_000)
        XCTAssertEqual(info.contentType, "video/mp4")
        XCTAssertNil(try s3.headObject("missing"))
        for i in 0..<5 { try s3.putObject("list/\(i)", bytes: [UInt8(i)]) }
        let first = try s3.list(prefix: "list/", maxKeys: 3)
        XCTAssertEqual(first.objects.map(\.key), ["list/0", "list/1", "list/2"])
        let second = try s3.list(prefix: "list/", continuation: try XCTUnwrap(first.next), maxKeys: 3)
        XCTAssertEqual(second.objects.map(\.key), ["list/3", "list/4"])
        XCTAssertNil(second.next)
        try s3.deleteObject("list/0")
        XCTAssertNil(try s3.headObject("list/0"))
        let path = dir + "/down"
        try s3.download("a dir/clip é+%.bin", to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), body)
        // A download's error is S3's own (its XML read from the answer), and leaves no file.
        XCTAssertThrowsError(try s3.download("missing", to: dir + "/none")) { error in
            XCTAssertEqual((error as? S3Error)?.code, "NoSuchKey", "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/none"))
    }

    func testALargeFileGoesUpInPartsAndAFailedUploadLeavesNothing() throws {
        let s3 = try TestS3.shared().client()
        let path = dir + "/big"
        let body = pattern(13 << 20)  // 13 MiB: three 5 MiB parts, the last shorter
        try Data(body).write(to: URL(fileURLWithPath: path))
        let etag = try s3.upload(file: path, to: "out/big.mp4", contentType: "video/mp4", partSize: 5 << 20, parallel: 2, singlePutLimit: 0)
        let info = try XCTUnwrap(try s3.headObject("out/big.mp4"))
        XCTAssertEqual(etag, info.etag, "the join answers the object's ETag")
        XCTAssertEqual(info.bytes, Int64(body.count))
        XCTAssertTrue(info.etag.hasSuffix("-3\""), "a three-part upload's ETag: \(info.etag)")
        XCTAssertEqual(try s3.getObject("out/big.mp4", range: (5 << 20) - 10...(5 << 20) + 9), Array(body[((5 << 20) - 10)...((5 << 20) + 9)]),
                       "bytes across a part boundary")
        // Parts below S3's 5 MiB minimum: the join fails, the upload is aborted, nothing appears.
        XCTAssertThrowsError(try s3.upload(file: path, to: "out/small-parts.mp4", partSize: 1 << 20, singlePutLimit: 0)) { error in
            XCTAssertEqual((error as? S3Error)?.code, "EntityTooSmall", "\(error)")
        }
        XCTAssertNil(try s3.headObject("out/small-parts.mp4"))
    }

    /// A copy inside the service: between two buckets of one account, the bytes the same and the
    /// type the one asked for; past the single-copy limit, ranges of the source as the parts of a
    /// multipart upload; a source that is not there copies nothing. Another account's client is
    /// not the same account, so no copy is tried across accounts.
    func testCopiesInsideTheServiceKeepTheBytes() throws {
        let source = try TestS3.shared().client()
        let target = try TestS3.shared().client()
        XCTAssertTrue(target.sharesAccount(with: source))
        XCTAssertFalse(try TestS3.shared().client(archive: true).sharesAccount(with: source))
        let body = pattern(11 << 20)
        try source.putObject("renders/a b+é.mp4", bytes: body, contentType: "application/octet-stream")

        let etag = try target.copyObject(from: source, key: "renders/a b+é.mp4", to: "copies/one.mp4", contentType: "video/mp4")
        let one = try XCTUnwrap(try target.headObject("copies/one.mp4"))
        XCTAssertEqual(etag, one.etag)
        XCTAssertEqual(one.contentType, "video/mp4", "the copy takes the type asked for")
        XCTAssertEqual(try target.getObject("copies/one.mp4", limit: 16 << 20), body)

        // 11 MiB in 5 MiB ranges: three parts copied by the service, joined.
        let joined = try target.copyObject(from: source, key: "renders/a b+é.mp4", to: "copies/parts.mp4", contentType: "video/mp4",
                                           partSize: 5 << 20, parallel: 2, singleCopyLimit: 0)
        let parts = try XCTUnwrap(try target.headObject("copies/parts.mp4"))
        XCTAssertEqual(joined, parts.etag)
        XCTAssertTrue(parts.etag.hasSuffix("-3\""), "a three-part copy's ETag: \(parts.etag)")
        XCTAssertEqual(try target.getObject("copies/parts.mp4", limit: 16 << 20), body, "every range in its place")

        XCTAssertThrowsError(try target.copyObject(from: source, key: "renders/missing.mp4", to: "copies/none.mp4", contentType: nil)) { error in
            XCTAssertEqual((error as? S3Error)?.code, "NoSuchKey", "\(error)")
        }
        XCTAssertNil(try target.headObject("copies/none.mp4"))
    }

    func testAbortedUploadsLeaveNothing() throws {
        let s3 = try TestS3.shared().client()
        let path = dir + "/part"
        try Data(pattern(6 << 20)).write(to: URL(fileURLWithPath: path))
        let id = try s3.createMultipartUpload("half.mp4")
        _ = try s3.uploadPart("half.mp4", uploadID: id, number: 1, file: path, offset: 0, length: 6 << 20)
        try s3.abortMultipartUpload("half.mp4", uploadID: id)
        XCTAssertNil(try s3.headObject("half.mp4"))
        XCTAssertThrowsError(try s3.completeMultipartUpload("half.mp4", uploadID: id, parts: [(1, "x")])) { error in
            XCTAssertEqual((error as? S3Error)?.kind, .noSuchUpload, "\(error)")
        }
    }

    /// The server checks the signature: another secret is refused, with S3's code.
    func testAWrongSecretIsRefusedAsAccessDenied() throws {
        let server = try TestS3.shared()
        let good = try server.client()
        let bad = try server.client(bucket: good.endpoint.bucket, secret: "not-the-secret")
        XCTAssertThrowsError(try bad.putObject("x", bytes: [1])) { error in
            let e = error as? S3Error
            XCTAssertEqual(e?.code, "SignatureDoesNotMatch", "\(error)")
            XCTAssertEqual(e?.kind, .accessDenied)
            XCTAssertEqual(e?.isTransient, false, "not retried")
        }
        XCTAssertThrowsError(try good.getObject("never-written")) { error in
            XCTAssertEqual((error as? S3Error)?.kind, .noSuchKey, "\(error)")
        }
    }

    /// Presigned URLs work from a client with no credentials (curl), until they expire; a tampered
    /// one is refused.
    func testPresignedURLsWorkWithoutCredentialsAndAreChecked() throws {
        let s3 = try TestS3.shared().client()
        let body = pattern(5000)
        try s3.putObject("share.bin", bytes: body)
        let url = s3.presignedURL("GET", key: "share.bin", expires: 600)
        let got = try curl(["-fsS", url])
        XCTAssertEqual(got.status, 0, got.error)
        XCTAssertEqual(got.body, body)
        let ranged = try curl(["-fsS", "-r", "100-199", url])
        XCTAssertEqual(ranged.body, Array(body[100...199]))
        let tampered = url.replacingOccurrences(of: "share.bin", with: "share.bim")
        XCTAssertNotEqual(try curl(["-fsS", tampered]).status, 0, "a URL for another key is refused")
        let expired = S3Client(endpoint: s3.endpoint, credentials: S3Credentials(accessKeyID: TestS3.accessKey, secretAccessKey: TestS3.secret),
                           now: { Date().addingTimeInterval(-3600) })
        XCTAssertNotEqual(try curl(["-fsS", expired.presignedURL("GET", key: "share.bin", expires: 60)]).status, 0, "an expired URL is refused")
        // A presigned PUT stores what curl sends.
        let put = s3.presignedURL("PUT", key: "uploaded.bin", expires: 600)
        try Data(body).write(to: URL(fileURLWithPath: dir + "/up"))
        XCTAssertEqual(try curl(["-fsS", "-T", dir + "/up", put]).status, 0)
        XCTAssertEqual(try s3.getObject("uploaded.bin"), body)
    }

    func testVirtualHostedAddressing() throws {
        let s3 = try TestS3.shared().client(pathStyle: false)
        try s3.putObject("v/key", bytes: [1, 2, 3])
        XCTAssertEqual(try s3.getObject("v/key"), [1, 2, 3])
        XCTAssertTrue(s3.presignedURL("GET", key: "v/key", expires: 60).hasPrefix("http://\(s3.endpoint.bucket).localhost:"))
    }

    /// Runs curl (the independent client) and returns its exit status, body and error text.
    func curl(_ args: [String]) throws -> (status: Int32, body: [UInt8], error: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let body = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, Array(body), String(decoding: error, as: UTF8.self))
    }
}
