import Foundation
@testable import ReelAPI
import ReelHTTP
@testable import ReelS3
import ReelStorage
import TestSupport
import XCTest

/// An output in a bucket served through the node (`proxyOutputs`) starts before the copy into the
/// node's cache is whole: the body is the copy as it grows once its first bytes are there, the
/// whole copy from the cache afterwards; a copy refused before its first byte is the request's
/// error (its problem, before any head); past the limit of copies at once a request makes its copy
/// whole first. The bucket is a stand-in whose download the test holds halfway.
final class ProxiedOutputsTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-proxied-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Outputs "in a bucket": a download writes the first half, waits for `gate`, writes the rest;
    /// or throws `refusal` before writing anything.
    final class HeldBucket: OutputStore, @unchecked Sendable {
        let cache: LocalCache
        let bytes: [UInt8]
        let gate = DispatchSemaphore(value: 0)
        var refusal: Error?
        private let lock = NSLock()
        private var wholeCopies = 0
        var localCopies: Int { lock.withLock { wholeCopies } }

        init(cache: LocalCache, bytes: [UInt8]) {
            self.cache = cache
            self.bytes = bytes
        }

        func download(to path: String, written: (Int64) -> Void) throws {
            if let refusal { throw refusal }
            let half = bytes.count / 2
            try Data(bytes[..<half]).write(to: URL(fileURLWithPath: path))
            written(Int64(half))
            gate.wait()
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(bytes[half...]))
            try handle.close()
            written(Int64(bytes.count))
        }

        func startLocalCopy(_ location: String, opened: (String) throws -> Void, written: @escaping @Sendable (Int64) -> Void,
                            ended: @escaping @Sendable ((any Error)?) -> Void) throws -> LocalCache.Fill {
            try cache.startCopy("outputs/" + location, opened: opened, fill: { try self.download(to: $0, written: written) }, ended: ended)
        }

        func localCopy(_ location: String, file: String?) throws -> String {
            lock.withLock { wholeCopies += 1 }
            return try cache.copy("outputs/" + location) { try Data(bytes).write(to: URL(fileURLWithPath: $0)) }
        }

        func publish(_ name: OutputName, at path: String, contentType: String) throws -> String { name.name }
        func fetch(_ location: String, file: String?, expires: Int) -> OutputFetch { .url("http://bucket.invalid/\(location)") }
        func read(_ location: String, file: String?) throws -> [UInt8] { bytes }
        func copy(_ location: String, file: String?, to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        func exists(_ location: String) throws -> Bool { true }
        func files(_ location: String) throws -> [String]? { nil }
        func remove(_ location: String) {}
        func publishedOutputs() -> [(name: OutputName, location: String)] { [] }
        var keepsOutputsLocally: Bool { false }
    }

    func bucket() -> HeldBucket {
        HeldBucket(cache: LocalCache(folder: dir + "/cache", limit: 1 << 30), bytes: (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    }

    func testTheBodyIsTheCopyAsItGrowsThenTheWholeCopy() throws {
        let outputs = bucket()
        let proxied = ProxiedOutputs(limit: 4)
        let body = try proxied.body("job_a-1.mp4", bytes: 100_000, outputs: outputs)
        guard case .growingFile(_, let offset, let length) = body else { return XCTFail("expected the growing copy: \(body)") }
        XCTAssertEqual(offset, 0)
        XCTAssertEqual(length, 100_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/cache/outputs/job_a-1.mp4"), "answered while the copy is half there")
        XCTAssertEqual(proxied.inFlight, 1)
        outputs.gate.signal()
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 }, "the copy ended and gave its slot back")
        let cached = dir + "/cache/outputs/job_a-1.mp4"
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: cached))), outputs.bytes, "the whole copy, in place")
        XCTAssertEqual(try proxied.body("job_a-1.mp4", bytes: 100_000, outputs: outputs), .file(path: cached, offset: 0, length: 100_000))
        XCTAssertEqual(outputs.localCopies, 0, "no request waited for a whole copy")
    }

    func testACopyRefusedBeforeItsFirstByteIsTheRequestsError() throws {
        let outputs = bucket()
        outputs.refusal = S3Error(status: 404, code: "NoSuchKey", message: "gone", request: "GET reel/job_b-1.mp4")
        let proxied = ProxiedOutputs(limit: 4)
        XCTAssertThrowsError(try proxied.body("job_b-1.mp4", bytes: 100_000, outputs: outputs)) { error in
            XCTAssertEqual((error as? S3Error)?.code, "NoSuchKey", "\(error)")
            XCTAssertEqual(APIHandler.readProblem("the output", error).status, 404)
        }
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/cache/outputs"), [], "no partial file left")
    }

    func testPastTheLimitARequestMakesItsCopyWholeFirst() throws {
        let outputs = bucket()
        let proxied = ProxiedOutputs(limit: 1)
        guard case .growingFile = try proxied.body("job_c-1.mp4", bytes: 100_000, outputs: outputs) else { return XCTFail("expected the growing copy") }
        let second = try proxied.body("job_d-1.mp4", bytes: 100_000, outputs: outputs)
        XCTAssertEqual(second, .file(path: dir + "/cache/outputs/job_d-1.mp4", offset: 0, length: 100_000))
        XCTAssertEqual(outputs.localCopies, 1, "the one slot was taken: the second copy was made whole")
        outputs.gate.signal()
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 })
    }
}
