import ReelSpec
import XCTest

/// `output.destinations`: the shape of each copy's URL, its placeholders and profile name, each
/// problem at its pointer; and how a key is filled in for a job.
final class DestinationValidationTests: XCTestCase {
    func destinations(_ list: String) -> String { spec(output: #""destinations": \#(list)"#) }

    func testDestinationsAreRead() throws {
        let s = try XCTUnwrap(decodeOK(destinations(#"""
            [{"type": "s3", "url": "s3://my.bucket-1/renders/{date}/{jobId}.{ext}", "profile": "archive"},
             {"type": "s3", "url": "s3://other/out/"}]
            """#)))
        XCTAssertEqual(s.output.destinations, [
            DestinationSpec(bucket: "my.bucket-1", keyTemplate: "renders/{date}/{jobId}.{ext}", profile: "archive"),
            DestinationSpec(bucket: "other", keyTemplate: "out/"),
        ])
        XCTAssertEqual(s.output.destinations[0].url, "s3://my.bucket-1/renders/{date}/{jobId}.{ext}")
        XCTAssertEqual(try XCTUnwrap(decodeOK(spec())).output.destinations, [], "none unless asked")
    }

    func testKeysAreFilledInForAJob() {
        let d = DestinationSpec(bucket: "b", keyTemplate: "r/{date}/{jobId}-{jobId}.{ext}")
        XCTAssertEqual(d.key(jobID: "job_1", date: "2026-11-24", ext: "mp4"), "r/2026-11-24/job_1-job_1.mp4")
        XCTAssertEqual(DestinationSpec(bucket: "b", keyTemplate: "out/").key(jobID: "job_1", date: "d", ext: "hls"), "out/job_1.hls",
                       "a folder gets the job's own name")
        XCTAssertEqual(DestinationSpec(bucket: "b", keyTemplate: "fixed.mp4").key(jobID: "j", date: "d", ext: "mp4"), "fixed.mp4")
    }

    func testEveryProblemAtItsPointer() {
        let at = "/output/destinations/0"
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "https://b/k"}]"#), at: at + "/url"), "must be s3://bucket/key")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket"}]"#), at: at + "/url"), "must be s3://bucket/key")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/"}]"#), at: at + "/url"),
                       "must name a key after the bucket (s3://bucket/path/{jobId}.{ext})")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://Big_Bucket/k"}]"#), at: at + "/url"),
                       #"names the bucket "Big_Bucket", which is not 3 to 63 lowercase letters, digits, dots or hyphens"#)
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/{id}.mp4"}]"#), at: at + "/url"),
                       "uses {id}, which is not a placeholder; the key may use {jobId}, {date} or {ext}")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/{jobId.mp4"}]"#), at: at + "/url"),
                       "uses {jobId.mp4, which is not a placeholder; the key may use {jobId}, {date} or {ext}")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/a\nb"}]"#), at: at + "/url"),
                       "must not contain control characters")
        XCTAssertEqual(message(destinations(#"[{"type": "gcs", "url": "s3://bucket/k"}]"#), at: at + "/type"),
                       #"must be one of s3 (found "gcs")"#)
        XCTAssertEqual(pointers(destinations(#"[{"url": "s3://bucket/k", "profile": "", "secret": "x"}]"#)),
                       [at + "/type", at + "/profile", at + "/secret"], "credentials are never in a spec")
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/k"}, {"type": "s3", "url": "s3://bucket/k"}]"#),
                               at: "/output/destinations/1"), "repeats an earlier destination")
        let eleven = "[" + (0..<11).map { #"{"type": "s3", "url": "s3://bucket/k\#($0)"}"# }.joined(separator: ",") + "]"
        XCTAssertEqual(message(destinations(eleven), at: "/output/destinations"), "must have at most 10 destinations")
        XCTAssertEqual(pointers(destinations(#"{"type": "s3"}"#)), ["/output/destinations"])
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/a/../b.mp4"}]"#), at: at + "/url"),
                       "must not have . or .. as a part of its key")
        let long = String(repeating: "é", count: 480)
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/\#(long)/{jobId}"}]"#), at: at + "/url"),
                       "has a key that may take 1040 bytes once filled in; S3 keys hold at most 1024", "UTF-8 bytes (960 + 31), filled in, with 49 for HLS")
        for bucket in ["-bucket", "bucket.", "a..b", "b٣ck", "ab"] {
            XCTAssertNotNil(message(destinations(#"[{"type": "s3", "url": "s3://\#(bucket)/k"}]"#), at: at + "/url"), bucket)
        }
        XCTAssertEqual(message(destinations(#"[{"type": "s3", "url": "s3://bucket/out/"}, {"type": "s3", "url": "s3://bucket/out/{jobId}.{ext}"}]"#),
                               at: "/output/destinations/1"), "repeats an earlier destination", "a folder key is its {jobId}.{ext}")
        XCTAssertNil(message(destinations(#"[{"type": "s3", "url": "s3://bucket/café"}, {"type": "s3", "url": "s3://bucket/café"}]"#),
                             at: "/output/destinations/1"), "two different keys, byte for byte")
    }
}
