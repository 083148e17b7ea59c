import Foundation
import XCTest

/// `POST /v1/validate`: a spec judged as a submit would judge it — every problem its 422 would list
/// (sources included), answered as a 200 verdict `{valid: false, errors}` — or, valid, what it
/// would make; nothing is queued.
final class ValidateAPITests: XCTestCase {
    func testEveryProblemAtOnceOrThePlanAndNothingQueued() throws {
        let f = try ServiceFixture(env: ["REEL_MAX_JOB_PIXELS": "1000000"])
        let c = try f.client()
        let bad = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1, "durration": 2 }, { "src": "gone.mp4" },
                                                  { "color": "#FFFFFF", "duration": 1 } ],
                                      "transitions": [ null, { "type": "dissolve", "duration": 5 } ] } }
        """##
        let r = try c.json("POST", "/v1/validate", bad)
        XCTAssertEqual(r.status, 200, "the request to judge it was a good one: \(r.text)")
        XCTAssertEqual(r.json["valid"] as? Bool, false)
        let pointers = { (json: [String: Any]) in Set((json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }) }
        XCTAssertEqual(pointers(r.json), ["/timeline/videos/0/durration", "/timeline/videos/1/src", "/timeline/transitions/1/duration"], r.text)
        XCTAssertFalse(r.text.contains(f.root), "sources named as the client did: \(r.text)")
        // One judgement: the submit of the same spec is a 422 with the same problems.
        let submitted = try c.json("POST", "/v1/jobs", bad)
        XCTAssertEqual(submitted.status, 422, submitted.text)
        XCTAssertEqual(submitted.json["type"] as? String, "urn:reel:problem:validation")
        XCTAssertEqual((submitted.json["errors"] as? [[String: Any]])?.count, (r.json["errors"] as? [[String: Any]])?.count)
        XCTAssertEqual(pointers(submitted.json), pointers(r.json))

        let good = try c.json("POST", "/v1/validate", ##"{ "version": 1, "output": { "width": 64, "height": 48, "frameRate": 25 }, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }"##)
        XCTAssertEqual(good.status, 200, good.text)
        XCTAssertEqual(good.json["valid"] as? Bool, true)
        XCTAssertEqual(good.json["frames"] as? Int, 50)
        XCTAssertEqual((good.json["output"] as? [String: Any])?["height"] as? Int, 48)

        // The server's own limits are the spec's problems too.
        let big = try c.json("POST", "/v1/validate", ##"{ "version": 1, "output": { "width": 1920, "height": 1080 }, "timeline": { "videos": [ { "color": "#000000", "duration": 60 } ] } }"##)
        XCTAssertEqual(big.status, 200, big.text)
        XCTAssertEqual(big.json["valid"] as? Bool, false)
        XCTAssertEqual((big.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/output", big.text)
        XCTAssertEqual(try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 1920, "height": 1080 }, "timeline": { "videos": [ { "color": "#000000", "duration": 60 } ] } }"##).json["type"] as? String,
                       "urn:reel:problem:job-too-large")
        // A body that is not JSON is no spec to judge: a 422, as every JSON route answers it.
        let syntax = try c.json("POST", "/v1/validate", "{ nope")
        XCTAssertEqual(syntax.status, 422, syntax.text)
        XCTAssertEqual((syntax.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "", syntax.text)

        // A template with merge values: the merged spec judged.
        let created = try c.json("POST", "/v1/templates", ##"{ "name": "card", "spec": { "version": 1, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "{{color}}", "duration": 1 } ] } } }"##)
        let template = try XCTUnwrap(created.json["id"] as? String, created.text)
        let merged = try c.json("POST", "/v1/validate", ##"{ "template": "\##(template)", "merge": { "color": "#102030" } }"##)
        XCTAssertEqual(merged.json["valid"] as? Bool, true, merged.text)
        let wrong = try c.json("POST", "/v1/validate", #"{ "template": "\#(template)", "merge": { "color": "teal-ish" } }"#)
        XCTAssertEqual(wrong.status, 200, wrong.text)
        XCTAssertEqual(wrong.json["valid"] as? Bool, false)
        XCTAssertEqual((wrong.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/timeline/videos/0/color", wrong.text)

        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "validating queues nothing")
    }

    /// `outputs` is judged as a whole — its names, each output planned alone with its problems at
    /// its pointer, all outputs' pixels against the cost limit — by validate and submit alike.
    func testOutputsAreJudgedAsAWhole() throws {
        let f = try ServiceFixture(env: ["REEL_MAX_JOB_PIXELS": "1000000"])
        let c = try f.client()
        let errors = { (json: [String: Any]) in
            (json["errors"] as? [[String: Any]] ?? []).map { "\($0["pointer"] ?? "") \($0["message"] ?? "")" }
        }
        let bad = ##"""
        { "version": 1, "outputs": [ { "name": "web" }, { "name": "web", "width": 640, "height": 360 },
                                     { "name": "poster", "format": "jpg", "time": 5 } ],
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }
        """##
        let r = try c.json("POST", "/v1/validate", bad)
        XCTAssertEqual(r.status, 200, r.text)
        XCTAssertEqual(r.json["valid"] as? Bool, false)
        XCTAssertEqual(errors(r.json), ["/outputs/1/name is the name of /outputs/0 too; each output needs a name of its own"], r.text)
        let late = bad.replacingOccurrences(of: #""name": "web", "width""#, with: #""name": "small", "width""#)
        let planned = try c.json("POST", "/v1/validate", late)
        XCTAssertEqual(errors(planned.json), ["/outputs/2/time is 5 s, at or after the timeline's end (2 s)"], planned.text)
        let submitted = try c.json("POST", "/v1/jobs", late)
        XCTAssertEqual(submitted.status, 422, submitted.text)
        XCTAssertEqual(errors(submitted.json), errors(planned.json), "one judgement")
        // Every output's pixels count against the limit: 64×64 × 50 frames twice is 409,600, over
        // a limit of 300,000 that each alone is under.
        let cost = ##"{ "version": 1, "outputs": [ { "name": "a", "width": 64, "height": 64, "frameRate": 25 }, { "name": "b", "format": "webm", "width": 64, "height": 64, "frameRate": 25 } ], "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }"##
        XCTAssertEqual(errors(try c.json("POST", "/v1/validate", cost).json), [], "under 1,000,000 together")
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "nothing queued")
        let g = try ServiceFixture(env: ["REEL_MAX_JOB_PIXELS": "300000"])
        let big = try g.client().json("POST", "/v1/jobs", cost)
        XCTAssertEqual(big.json["type"] as? String, "urn:reel:problem:job-too-large", big.text)
        XCTAssertEqual(errors(big.json), ["/outputs the job would encode 64×64 pixels × 50 frames + 64×64 pixels × 50 frames = 409600 pixels, "
                                          + "over the server's limits.maxJobPixels of 300000"], big.text)
        let one = ##"{ "version": 1, "outputs": [ { "name": "a", "width": 128, "height": 128, "frameRate": 25 } ], "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }"##
        XCTAssertEqual(errors(try g.client().json("POST", "/v1/jobs", one).json).first?.hasPrefix("/outputs the job would encode 128×128"), true,
                       "one named output's cost is at /outputs too")
        XCTAssertEqual((try g.client().json("POST", "/v1/jobs", cost.replacingOccurrences(of: #"{ "name": "b", "format": "webm", "width": 64, "height": 64, "frameRate": 25 }"#, with: #"{ "name": "b", "format": "m4a" }"#))).status, 202,
                       "an audio output counts no pixels")
    }
}
