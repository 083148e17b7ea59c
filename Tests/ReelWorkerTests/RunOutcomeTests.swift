import Foundation
import ReelEngine
@testable import ReelS3
import ReelSpec
import ReelStorage
import ReelStore
@testable import ReelWorker
import ReelBasics
import XCTest

/// One mapping from a run's failure to its job's (or chunk's) fate, for every run.
final class RunOutcomeTests: XCTestCase {
    struct Passing: RetryClassifiable, CustomStringConvertible { var isTransient: Bool { true }; var description: String { "passing" } }
    struct Lasting: RetryClassifiable, CustomStringConvertible { var isTransient: Bool { false }; var description: String { "lasting" } }

    func testEveryFailureHasOneMeaning() {
        let outage = S3Error(status: 0, code: "", message: "connection refused", request: "PUT b/k")
        let missingKey = S3Error(status: 404, code: "NoSuchKey", message: "", request: "GET b/k")
        XCTAssertEqual(RunOutcome(RenderError.cancelled), .stopped)
        XCTAssertEqual(RunOutcome(outage), .givenBack, "the bucket out is not the job's fault")
        XCTAssertEqual(RunOutcome(RenderError.output(path: "out.mp4", cause: outage)), .givenBack, "seen through a render's error")
        XCTAssertEqual(RunOutcome(S3Error(status: 404, code: "NoSuchBucket", message: "", request: "PUT b/k")), .givenBack)
        XCTAssertEqual(RunOutcome(missingKey), .failed(.renderFailed, retry: true), "a missing key is no outage")
        XCTAssertEqual(RunOutcome(RenderError.invalid([SpecProblem(pointer: "/x", message: "bad")])), .failed(.invalid, retry: false))
        XCTAssertEqual(RunOutcome(RenderError.source(pointer: "/a", path: "a.mp4", cause: Lasting())), .failed(.sourceFailed, retry: false),
                       "a damaged source fails at once")
        XCTAssertEqual(RunOutcome(RenderError.source(pointer: "/a", path: "a.mp4", cause: Passing())), .failed(.sourceFailed, retry: true))
        XCTAssertEqual(RunOutcome(RenderError.output(path: "o", cause: Lasting())), .failed(.renderFailed, retry: false))
        XCTAssertEqual(RunOutcome(RenderError.output(path: "o", cause: CocoaError(.fileWriteOutOfSpace))), .failed(.renderFailed, retry: true),
                       "the machine's failures are tried again")
        XCTAssertEqual(RunOutcome(CocoaError(.fileNoSuchFile)), .failed(.renderFailed, retry: true))
    }

    /// The one backoff: pauses double from the first to the limit; a passing error is retried until
    /// the patience ends, another is thrown at once, and giving up stops the retries.
    func testBackoffDoublesToItsLimitAndKeepsItsPatience() throws {
        let b = Backoff(first: 0.01, limit: 0.04)
        XCTAssertEqual((1...5).map { b.pause(after: $0) }, [0.01, 0.02, 0.04, 0.04, 0.04])
        var tries = 0
        XCTAssertEqual(try b.run(patience: 5, isPassing: { _ in true }) { () throws -> Int in
            tries += 1
            if tries < 3 { throw Passing() }
            return tries
        }, 3)
        tries = 0
        XCTAssertThrowsError(try b.run(patience: 5, isPassing: { $0 is Passing }) { tries += 1; throw Lasting() })
        XCTAssertEqual(tries, 1, "an error that does not pass is not retried")
        tries = 0
        XCTAssertThrowsError(try b.run(patience: 5, isPassing: { _ in true }, givingUp: { tries >= 2 }) { tries += 1; throw Passing() })
        XCTAssertEqual(tries, 2, "giving up stops the retries")
        tries = 0
        XCTAssertThrowsError(try b.run(patience: 0.05, isPassing: { _ in true }) { tries += 1; throw Passing() })
        XCTAssertLessThan(tries, 10, "the patience ends the retries")
    }
}
