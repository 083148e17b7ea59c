import Foundation
@testable import ReelAPI
@testable import ReelStore
@testable import ReelWorker
import XCTest

/// The job JSON written straight to bytes (the polled status path) is what the Foundation-built
/// answer was: valid JSON, RFC 3339 times to the millisecond, numbers as numbers, the spec as stored.
final class JobJSONTests: XCTestCase {
    func testTimestampsMatchFoundationsRFC3339() {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for ms: Int64 in [0, 1, 999, 1_000, 1_700_000_000_123, 951_782_400_000 /* 2000-02-29 */, 4_102_444_799_999, -1, -86_400_001] {
            XCTAssertEqual(JobJSON.timestamp(ms), f.string(from: Date(timeIntervalSince1970: Double(ms) / 1000)), "\(ms)")
        }
    }

    /// The calendar arithmetic against the C library's `gmtime_r` over 1900–2400 (leap days,
    /// century years, 2000 a leap year and 2100 not), a day and a prime's milliseconds apart.
    func testTimestampsMatchTheCLibrarysCalendar() {
        var ms: Int64 = -2_208_988_800_000  // 1900-01-01
        while ms < 13_569_465_600_000 {  // 2400-01-01
            var seconds = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
            var t = tm()
            gmtime_r(&seconds, &t)
            let millis = ((ms % 1000) + 1000) % 1000
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday,
                                  t.tm_hour, t.tm_min, t.tm_sec, Int32(millis))
            XCTAssertEqual(JobJSON.timestamp(ms), expected, "\(ms)")
            if JobJSON.timestamp(ms) != expected { return }
            ms += 86_400_000 + 7_919_123
        }
    }

    func testNumbersAndStrings() throws {
        var w = JSONWriter()
        w.openArray()
        for d in [0, 1, 0.42, 0.1234567, 3.0000004, -2.5, 1e-7, 123456.5] as [Double] { w.element(); w.decimal(d) }
        w.element(); w.decimal(.nan)
        w.element(); w.decimal(nil)
        w.element(); w.int(Int64.min + 1)
        w.element(); w.int(0)
        w.element(); w.string("a\"b\\c\n\u{1}é海")
        w.closeArray()
        XCTAssertEqual(w.text, #"[0,1,0.42,0.123457,3,-2.5,0,123456.5,null,null,-9223372036854775807,0,"a\"b\\c\n\u0001é海"]"#)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(w.bytes)))
    }

    func testAJobIsValidJSONWithItsSpecAsStored() throws {
        let spec = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#102030", "duration": 0.1 } ] } }"##
        let job = Job(id: "job_X", keyID: "", templateID: nil, status: .succeeded, spec: spec, idempotencyKey: "k\"1", progress: 1,
                      eta: nil, attempts: 2, maxAttempts: 3, cancelRequested: false, createdAt: 1_700_000_000_000,
                      updatedAt: 1_700_000_000_500, startedAt: 1_700_000_000_100, finishedAt: 1_700_000_000_400,
                      error: JobError(code: .renderFailed, message: "first try: disk full"),
                      output: JobOutput(path: "/x/job_X-2.mp4", bytes: 1234, duration: "1001/30000", sha256: "ab", contentType: "video/mp4"),
                      webhook: JobWebhook(url: "https://h/x", events: ["succeeded", "failed"]))
        let bytes = JobJSON.job(job, retentionHours: 1, deliveries: [])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        XCTAssertEqual(json["attempts"] as? Int, 2)
        XCTAssertEqual(json["progress"] as? Double, 1)
        XCTAssertTrue(json["eta"] is NSNull)
        XCTAssertEqual(json["finishedAt"] as? String, "2023-11-14T22:13:20.400Z")
        let output = try XCTUnwrap(json["output"] as? [String: Any])
        XCTAssertEqual(output["duration"] as? Double ?? 0, 1001.0 / 30000, accuracy: 1e-9)
        XCTAssertEqual(output["expiresAt"] as? String, "2023-11-14T23:13:20.400Z")
        XCTAssertEqual((json["webhook"] as? [String: Any])?["deliveries"] as? [String], [])
        XCTAssertEqual(json["idempotencyKey"] as? String, "k\"1")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasSuffix(#""spec":"# + spec + "}"), "the stored text, not a re-serialisation")
        let withoutSpec = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(JobJSON.job(job, retentionHours: 0, includeSpec: false))) as? [String: Any])
        XCTAssertNil(withoutSpec["spec"])
        XCTAssertTrue((withoutSpec["output"] as? [String: Any])?["expiresAt"] is NSNull)
    }

    /// `draft` and `progressive` are read from the stored spec at their own paths: the name found
    /// anywhere else (the metadata, a text's words) or set to false does not count.
    func testDraftAndProgressiveAreReadAtTheirPaths() {
        XCTAssertTrue(JobJSON.isDraft(#"{"output":{"width":64,"draft":true}}"#))
        XCTAssertFalse(JobJSON.isDraft(#"{"output":{"draft":false}}"#))
        XCTAssertFalse(JobJSON.isDraft(#"{"output":{"width":64},"metadata":{"draft":true}}"#))
        XCTAssertTrue(JobJSON.isDraft(#"{"outputs":[{"name":"a"},{"name":"b","draft":true}]}"#), "a draft among outputs")
        XCTAssertFalse(JobJSON.isDraft(#"{"outputs":[{"name":"a","draft":false}],"metadata":{"draft":true}}"#))
        XCTAssertFalse(JobJSON.isDraft(#"{"timeline":{"texts":[{"text":"\"draft\""}]}}"#))
        XCTAssertFalse(JobJSON.isDraft(""))
        XCTAssertTrue(JobJSON.isProgressive(#"{"output":{"hls":{"progressive":true}}}"#))
        XCTAssertFalse(JobJSON.isProgressive(#"{"output":{"progressive":true}}"#))
        XCTAssertTrue(JobJSON.mentions("abc\"draft\"", "\"draft\""))
        XCTAssertFalse(JobJSON.mentions("\"draf", "\"draft\""))
        XCTAssertTrue(JobJSON.mentions("ddraft", "draft"), "a match after a false start")
    }
}

extension JobJSONTests {
    /// A running job's `live`: its one progressive output, or each progressive one of its `outputs`
    /// by name (the first also as `live.url`); none for a job without one, nor once it has ended.
    func testLiveNamesEachProgressiveOutput() throws {
        let outputs = ##"{ "version": 1, "outputs": [ { "name": "file" }, { "name": "ladder", "format": "hls", "hls": { "progressive": true } }, "##
            + ##"{ "name": "whole", "format": "hls" }, { "name": "small", "format": "hls", "height": 360, "hls": { "progressive": true } } ], "##
            + ##""timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##
        XCTAssertEqual(JobJSON.progressiveOutputs(outputs), ["ladder", "small"])
        let one = ##"{ "version": 1, "output": { "format": "hls", "hls": { "progressive": true } }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##
        XCTAssertEqual(JobJSON.progressiveOutputs(one), [])
        func live(_ spec: String, _ status: Job.Status) throws -> [String: Any]? {
            let job = Job(id: "job_X", keyID: "", templateID: nil, status: status, spec: spec, idempotencyKey: nil, progress: 0.5,
                          eta: nil, attempts: 1, maxAttempts: 3, cancelRequested: false, createdAt: 0, updatedAt: 0, startedAt: 0,
                          finishedAt: nil, error: nil, output: nil, webhook: nil)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(JobJSON.job(job, retentionHours: 1, deliveries: []))) as? [String: Any])
            return json["live"] as? [String: Any]
        }
        let named = try XCTUnwrap(try live(outputs, .running))
        XCTAssertEqual(named["url"] as? String, "/v1/jobs/job_X/outputs/ladder")
        let each = try XCTUnwrap(named["outputs"] as? [[String: Any]])
        XCTAssertEqual(each.map { $0["name"] as? String }, ["ladder", "small"])
        XCTAssertEqual(each.map { $0["url"] as? String }, ["/v1/jobs/job_X/outputs/ladder", "/v1/jobs/job_X/outputs/small"])
        let single = try XCTUnwrap(try live(one, .running))
        XCTAssertEqual(single["url"] as? String, "/v1/jobs/job_X/output")
        XCTAssertNil(single["outputs"])
        XCTAssertNil(try live(outputs.replacingOccurrences(of: #""progressive": true"#, with: #""progressive": false"#), .running))
        XCTAssertNil(try live(outputs, .succeeded))
        XCTAssertNil(try live(outputs, .queued))
    }
}
