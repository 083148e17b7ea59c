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

        /// Writes `range` of the object (all of it by default), the second half after `gate`.
        func download(to path: String, range: ClosedRange<Int64>? = nil, written: (Int64) -> Void) throws {
            if let refusal { throw refusal }
            let piece = range.map { Array(bytes[Int($0.lowerBound)...Int($0.upperBound)]) } ?? bytes
            let half = piece.count / 2
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: Data(piece[..<half]))
            written(Int64(half))
            gate.wait()
            try handle.write(contentsOf: Data(piece[half...]))
            written(Int64(piece.count))
        }

        func startLocalCopy(_ location: String, range: ClosedRange<Int64>?, opened: (String) throws -> Void,
                            written: @escaping @Sendable (Int64) -> Void, ended: @escaping @Sendable ((any Error)?) -> Void) throws -> LocalCache.Fill {
            if let range {
                if let copy = cache.existing("outputs/" + location) { return .ready(path: copy) }
                return try cache.startScratch(opened: opened, fill: { try self.download(to: $0, range: range, written: written) }, ended: ended)
            }
            return try cache.startCopy("outputs/" + location, opened: opened, fill: { try self.download(to: $0, written: written) }, ended: ended)
        }

        func localCopy(_ location: String, file: String?) throws -> String {
            lock.withLock { wholeCopies += 1 }
            return try cache.copy("outputs/" + location) { try Data(bytes).write(to: URL(fileURLWithPath: $0)) }
        }

        func publish(_ name: OutputName, at path: String, contentType: String) throws -> String { name.name }
        func liveLocation(_ name: OutputName) -> String { name.name }
        func live(_ name: OutputName, folder: String) -> any LiveOutput { LocalLiveOutput(location: folder) }
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
        let body = try proxied.body("job_a-1.mp4", range: 0...99_999, outputs: outputs)
        guard case .growingFile(_, let offset, let length) = body else { return XCTFail("expected the growing copy: \(body)") }
        XCTAssertEqual(offset, 0)
        XCTAssertEqual(length, 100_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/cache/outputs/job_a-1.mp4"), "answered while the copy is half there")
        XCTAssertEqual(proxied.inFlight, 1)
        outputs.gate.signal()
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 }, "the copy ended and gave its slot back")
        let cached = dir + "/cache/outputs/job_a-1.mp4"
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: cached))), outputs.bytes, "the whole copy, in place")
        XCTAssertEqual(try proxied.body("job_a-1.mp4", range: 0...99_999, outputs: outputs), .file(path: cached, offset: 0, length: 100_000))
        XCTAssertEqual(outputs.localCopies, 0, "no request waited for a whole copy")
    }

    /// A range further in than the start, with no whole copy yet, is fetched alone into a scratch
    /// file the body starts at, which goes once written; nothing is kept as the copy. With the whole
    /// copy there, a range is a slice of it.
    func testARangeFurtherInIsFetchedAloneUntilTheCopyIsThere() throws {
        let outputs = bucket()
        let proxied = ProxiedOutputs(limit: 4)
        let body = try proxied.body("job_e-1.mp4", range: 60_000...69_999, outputs: outputs)
        guard case .growingFile(_, let offset, let length) = body else { return XCTFail("expected the range as it arrives: \(body)") }
        XCTAssertEqual(offset, 0, "the scratch file holds the range alone")
        XCTAssertEqual(length, 10_000)
        let scratch = dir + "/cache/scratch"
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch).count, 1, "being written")
        outputs.gate.signal()
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "removed once written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/cache/outputs/job_e-1.mp4"), "a range is not the copy")

        _ = try outputs.localCopy("job_e-1.mp4", file: nil)
        XCTAssertEqual(try proxied.body("job_e-1.mp4", range: 60_000...69_999, outputs: outputs),
                       .file(path: dir + "/cache/outputs/job_e-1.mp4", offset: 60_000, length: 10_000))
    }

    func testACopyRefusedBeforeItsFirstByteIsTheRequestsError() throws {
        let outputs = bucket()
        outputs.refusal = S3Error(status: 404, code: "NoSuchKey", message: "gone", request: "GET reel/job_b-1.mp4")
        let proxied = ProxiedOutputs(limit: 4)
        XCTAssertThrowsError(try proxied.body("job_b-1.mp4", range: 0...99_999, outputs: outputs)) { error in
            XCTAssertEqual((error as? S3Error)?.code, "NoSuchKey", "\(error)")
            XCTAssertEqual(APIHandler.readProblem("the output", error).status, 404)
        }
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/cache/outputs"), [], "no partial file left")
    }

    func testPastTheLimitARequestMakesItsCopyWholeFirst() throws {
        let outputs = bucket()
        let proxied = ProxiedOutputs(limit: 1)
        guard case .growingFile = try proxied.body("job_c-1.mp4", range: 0...99_999, outputs: outputs) else { return XCTFail("expected the growing copy") }
        let second = try proxied.body("job_d-1.mp4", range: 0...99_999, outputs: outputs)
        XCTAssertEqual(second, .file(path: dir + "/cache/outputs/job_d-1.mp4", offset: 0, length: 100_000))
        XCTAssertEqual(outputs.localCopies, 1, "the one slot was taken: the second copy was made whole")
        outputs.gate.signal()
        XCTAssertTrue(Poll.until(seconds: 10) { proxied.inFlight == 0 })
    }
}
