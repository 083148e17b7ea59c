import Foundation
@testable import ReelAPI
import ReelSpec
import XCTest

/// Templates: stored with placeholders once structurally valid, merged into jobs, refused when the
/// merge values do not fit, scoped to their key.
final class TemplateTests: XCTestCase {
    let alpha = "alpha-key-0123456789abcdef"
    let beta = "beta-key-0123456789abcdef"

    let promo = ##"""
    { "name": "Promo", "spec": { "version": 1,
      "output": { "width": "{{ w }}", "height": 64, "frameRate": 10, "metadata": { "title": "Promo for {{customer}}!" } },
      "timeline": { "videos": [ { "color": "{{color}}", "duration": "{{seconds}}" }, { "src": "{{clip}}" } ] } } }
    """##

    func errors(_ r: TestClient.Response) -> [String: String] {
        Dictionary(((r.json["errors"] as? [[String: Any]]) ?? []).map { ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "") },
                   uniquingKeysWith: { a, _ in a })
    }

    func testTemplatesAreStoredMergedIntoJobsAndRefused() throws {
        let f = try ServiceFixture(keys: [alpha, beta])
        let c = try f.client(), other = try f.client(key: beta)
        let asset = try f.uploadClip()
        let stored = try c.json("POST", "/v1/templates", promo)
        XCTAssertEqual(stored.status, 201, stored.text)
        let id = try XCTUnwrap(stored.json["id"] as? String)
        XCTAssertTrue(id.hasPrefix("tpl_"))
        XCTAssertEqual(stored.header("Location"), "/v1/templates/\(id)")
        XCTAssertEqual(stored.json["name"] as? String, "Promo")
        XCTAssertEqual(try XCTUnwrap(stored.text.range(of: #""placeholders":{"w":{"type":"any","required":true},"customer""#)).isEmpty, false,
                       "undeclared placeholders are listed in order of first use, required, of any type: \(stored.text)")
        XCTAssertEqual((stored.json["placeholders"] as? [String: Any])?.keys.sorted(), ["clip", "color", "customer", "seconds", "w"])
        XCTAssertEqual(try c.request("GET", "/v1/templates/\(id)").status, 200)
        XCTAssertEqual((try c.request("GET", "/v1/templates").json["templates"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])
        XCTAssertEqual(try other.request("GET", "/v1/templates/\(id)").status, 404, "another key's template")
        XCTAssertEqual(try other.request("DELETE", "/v1/templates/\(id)").status, 404, "another key cannot delete it")
        XCTAssertEqual(try c.request("GET", "/v1/templates/\(id)").status, 200, "still there for its owner")
        XCTAssertEqual((try other.request("GET", "/v1/templates").json["templates"] as? [Any])?.count, 0)

        func merge(_ values: String, _ client: TestClient? = nil) throws -> TestClient.Response {
            try (client ?? c).json("POST", "/v1/jobs", ##"{ "template": "\##(id)", "merge": { \##(values) } }"##)
        }
        let good = ##""w": 64, "customer": "Ada", "color": "#00FF00", "seconds": 1, "clip": "upload:\##(asset)""##
        let r = try merge(good)
        XCTAssertEqual(r.status, 202, r.text)
        XCTAssertEqual(r.json["template"] as? String, id)
        let spec = try XCTUnwrap(r.json["spec"] as? [String: Any])
        let output = try XCTUnwrap(spec["output"] as? [String: Any])
        XCTAssertEqual(output["width"] as? Int, 64, "a whole-string placeholder takes the value's own JSON type")
        XCTAssertEqual((output["metadata"] as? [String: Any])?["title"] as? String, "Promo for Ada!")
        let videos = try XCTUnwrap((spec["timeline"] as? [String: Any])?["videos"] as? [[String: Any]])
        XCTAssertEqual(videos[0]["duration"] as? Int, 1)
        XCTAssertEqual(videos[1]["src"] as? String, "upload:\(asset)")
        let job = try f.waitForJob(try XCTUnwrap(r.json["id"] as? String)) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 2)

        // Refusals, each naming what is wrong.
        let missing = try merge(##""w": 64, "customer": "Ada", "color": "#00FF00", "seconds": 1"##)
        XCTAssertEqual(missing.status, 422)
        XCTAssertEqual(Array(errors(missing).keys), ["/merge/clip"])
        XCTAssertTrue(errors(missing)["/merge/clip"]?.contains("/timeline/videos/1/src") == true, missing.text)
        let unused = try merge(good + #", "logo": "x.png""#)
        XCTAssertEqual(unused.status, 422)
        XCTAssertEqual(errors(unused)["/merge/logo"], "is not a placeholder of the template")
        let object = try merge(good.replacingOccurrences(of: #""Ada""#, with: #"{ "first": "Ada" }"#))
        XCTAssertEqual(Array(errors(object).keys), ["/merge/customer"], object.text)
        let invalid = try merge(good.replacingOccurrences(of: #""seconds": 1"#, with: #""seconds": -1"#))
        XCTAssertEqual(invalid.status, 422)
        XCTAssertEqual(Array(errors(invalid).keys), ["/timeline/videos/0/duration"], "a pointer into the merged spec: \(invalid.text)")
        XCTAssertTrue((invalid.json["detail"] as? String ?? "").contains(id), invalid.text)
        let wrongKey = try merge(good, other)
        XCTAssertEqual(errors(wrongKey)["/template"], "names no template", "another key cannot use it")
        XCTAssertEqual(errors(try c.json("POST", "/v1/jobs", #"{ "template": "tpl_nope", "extra": 1 }"#)).keys.sorted(), ["/extra", "/template"])

        // Deleting the template leaves the jobs made from it.
        XCTAssertEqual(try c.request("DELETE", "/v1/templates/\(id)").status, 204)
        XCTAssertEqual(try c.request("GET", "/v1/templates/\(id)").status, 404)
        XCTAssertEqual(try c.request("DELETE", "/v1/templates/\(id)").status, 404)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(job["id"] as? String ?? "")").status, 200)
    }

    /// A template declaring its placeholders' types, labels and defaults: GET lists them, a
    /// merge is checked against them (422 at `/merge/NAME`), defaults fill what a merge leaves out
    /// with their own JSON type, and a declaration that cannot be is refused at its pointer.
    func testTypedPlaceholdersAreCheckedAtMergeAndDefaultsFillTheRest() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let asset = try f.uploadClip()
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "metadata": { "title": "{{title}} ({{live}})" } },
          "timeline": { "videos": [ { "color": "{{background}}", "duration": "{{seconds}}" }, { "src": "{{clip}}" } ] } }
        """##
        let declarations = ##"""
        { "clip": { "type": "media", "label": "Clip" },
          "seconds": { "type": "number", "label": "Card length", "default": 1 },
          "background": { "type": "color", "default": "#102030", "description": "The card behind the title" },
          "live": { "type": "boolean", "default": false },
          "title": { "type": "text", "label": "Title", "default": "Sample", "required": true } }
        """##
        let stored = try c.json("POST", "/v1/templates", ##"{ "name": "Typed", "description": "A card, then a clip.", "spec": \##(spec), "placeholders": \##(declarations) }"##)
        XCTAssertEqual(stored.status, 201, stored.text)
        XCTAssertEqual(stored.json["description"] as? String, "A card, then a clip.")
        let long = try c.json("POST", "/v1/templates", ##"{ "description": "\##(String(repeating: "x", count: 2001))", "spec": \##(spec) }"##)
        XCTAssertEqual(Array(errors(long).keys), ["/description"], long.text)
        let id = try XCTUnwrap(stored.json["id"] as? String)
        let got = try c.request("GET", "/v1/templates/\(id)")
        XCTAssertTrue(got.text.contains(##""placeholders":{"title":{"type":"text","label":"Title","default":"Sample","required":true},"live":{"type":"boolean","default":false,"required":false},"background":{"type":"color","description":"The card behind the title","default":"#102030","required":false},"seconds":{"type":"number","label":"Card length","default":1,"required":false},"clip":{"type":"media","label":"Clip","required":true}}"##),
                      "every placeholder in order of first use, as declared: \(got.text)")

        func merge(_ values: String) throws -> TestClient.Response {
            try c.json("POST", "/v1/jobs", ##"{ "template": "\##(id)", "merge": { \##(values) } }"##)
        }
        let wrong = try merge(##""title": 7, "seconds": "2", "background": "blue", "live": "yes", "clip": 3"##)
        XCTAssertEqual(wrong.status, 422, wrong.text)
        XCTAssertEqual(errors(wrong)["/merge/title"], "must be a string (found a number)")
        XCTAssertEqual(errors(wrong)["/merge/seconds"], "must be a finite number (found a string)")
        XCTAssertEqual(errors(wrong)["/merge/background"], "must be a colour written \"#RRGGBB\" or \"#RRGGBBAA\" (found \"blue\")")
        XCTAssertEqual(errors(wrong)["/merge/live"], "must be a boolean (found a string)")
        XCTAssertTrue(errors(wrong)["/merge/clip"]?.hasPrefix("must be a media source") == true, wrong.text)
        let missing = try merge(##""seconds": 1"##)
        XCTAssertEqual(Set(errors(missing).keys), ["/merge/title", "/merge/clip"], "required ones, a default or not: \(missing.text)")

        let r = try merge(##""title": "Ada", "clip": "upload:\##(asset)""##)
        XCTAssertEqual(r.status, 202, r.text)
        let merged = try XCTUnwrap(r.json["spec"] as? [String: Any])
        let videos = try XCTUnwrap((merged["timeline"] as? [String: Any])?["videos"] as? [[String: Any]])
        XCTAssertEqual(videos[0]["duration"] as? Int, 1, "a default fills with its own JSON type")
        XCTAssertEqual(videos[0]["color"] as? String, "#102030")
        XCTAssertEqual(((merged["output"] as? [String: Any])?["metadata"] as? [String: Any])?["title"] as? String, "Ada (false)")
        let job = try f.waitForJob(try XCTUnwrap(r.json["id"] as? String)) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")

        // A preview of the template with no values at all is drawn with the defaults, except the
        // required clip without one.
        let preview = try c.json("POST", "/v1/preview", ##"{ "template": "\##(id)", "merge": { "clip": "upload:\##(asset)" }, "time": 0 }"##)
        XCTAssertEqual(preview.status, 200, preview.text)

        // Declarations that cannot be, each at its pointer.
        let bad = try c.json("POST", "/v1/templates", ##"""
        { "spec": \##(spec), "placeholders": {
            "title": { "type": "string" }, "seconds": { "type": "number", "default": "one" },
            "background": { "type": "color", "required": false }, "live": { "type": "boolean", "hint": 1 },
            "clip": { "label": "" }, "logo": { "type": "media" } } }
        """##)
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertEqual(Set(errors(bad).keys), ["/placeholders/title/type", "/placeholders/seconds/default", "/placeholders/background/required",
                                               "/placeholders/live/hint", "/placeholders/clip/type", "/placeholders/clip/label", "/placeholders/logo"],
                       bad.text)
        XCTAssertEqual(errors(bad)["/placeholders/logo"], "is not a placeholder of the spec (no string holds {{logo}})")
        let invalidDefault = try c.json("POST", "/v1/templates", ##"{ "spec": \##(spec), "placeholders": { "seconds": { "type": "number", "default": -1 } } }"##)
        XCTAssertEqual(Array(errors(invalidDefault).keys), ["/placeholders/seconds/default"], invalidDefault.text)
        XCTAssertTrue(errors(invalidDefault)["/placeholders/seconds/default"]?.contains("/timeline/videos/0/duration") == true, invalidDefault.text)
    }

    /// A placeholder standing for part of an item (a dashed stroke's colour) hides nothing from the
    /// rest of the check once it has a default: the stroke's dashOffset keyframes are judged with
    /// the stroke there, and the template is stored; without a default the structure around it
    /// cannot be known, and the keyframes are refused as before.
    func testDefaultsLetTheRestOfAnItemBeChecked() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 64 },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ],
            "overlays": [ { "type": "shape", "shape": "rect", "start": 0, "duration": 2, "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5 },
                            "stroke": { "color": "{{accent}}", "width": 4, "dash": [10, 5] },
                            "keyframes": [ { "time": 0, "dashOffset": 0 }, { "time": 1, "dashOffset": 30 } ] } ] } }
        """##
        let typed = try c.json("POST", "/v1/templates", ##"{ "spec": \##(spec), "placeholders": { "accent": { "type": "color", "default": "#FF3366" } } }"##)
        XCTAssertEqual(typed.status, 201, typed.text)
        let untyped = try c.json("POST", "/v1/templates", ##"{ "spec": \##(spec) }"##)
        XCTAssertEqual(untyped.status, 422, untyped.text)
        XCTAssertEqual(Array(errors(untyped).keys).filter { $0.hasPrefix("/spec/timeline/overlays/0/keyframes") }.isEmpty, false, untyped.text)
    }

    func testATemplateIsCheckedStructurallyWhenStored() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let r = try c.json("POST", "/v1/templates", ##"""
        { "spec": { "version": 1, "output": { "width": 641, "fromat": "mp4", "height": "{{h}}" },
                    "timeline": { "videos": [ { "color": "{{c}}" }, { "src": "{{clip}}", "speed": "{{speed}}" } ] } }, "tags": [] }
        """##)
        XCTAssertEqual(r.status, 422, r.text)
        // The colour card's missing duration is wrong whatever the values; "{{h}}" and "{{speed}}"
        // are judged once merged.
        XCTAssertEqual(Set(errors(r).keys), ["/spec/output/width", "/spec/output/fromat", "/spec/timeline/videos/0/duration", "/tags"])
        XCTAssertEqual(errors(try c.json("POST", "/v1/templates", #"{ "name": "x" }"#)).keys.sorted(), ["/spec"])
        XCTAssertEqual(try c.json("POST", "/v1/templates", ##"{ "spec": { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } } }"##).status,
                       201, "a template without placeholders is a stored spec")
        // `placeholders` is an object when given: null is refused, as the schema says (the conformance run found it taken).
        let null = try c.json("POST", "/v1/templates", ##"{ "spec": { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }, "placeholders": null }"##)
        XCTAssertEqual(errors(null), ["/placeholders": "must be an object of placeholder declarations by name"])
    }

    func testPlaceholderSyntax() {
        typealias P = TemplateDocument.Part
        XCTAssertEqual(TemplateDocument.parts("{{a}}"), [P(text: "a", isPlaceholder: true)])
        XCTAssertEqual(TemplateDocument.parts("Hi {{ first_name }}, {{x.y-z}}!"),
                       [P(text: "Hi ", isPlaceholder: false), P(text: "first_name", isPlaceholder: true), P(text: ", ", isPlaceholder: false),
                        P(text: "x.y-z", isPlaceholder: true), P(text: "!", isPlaceholder: false)])
        XCTAssertEqual(TemplateDocument.parts("{{1x}} {{a b}} {{}} {{ open"), [P(text: "{{1x}} {{a b}} {{}} {{ open", isPlaceholder: false)],
                       "not names: left as text")
        XCTAssertEqual(TemplateDocument.parts(""), [P(text: "", isPlaceholder: false)])
        let doc = TemplateDocument(.object([("a", .array([.string("{{n}}"), .string("x{{n}}y")]))]))
        XCTAssertEqual(doc.uses, [.init(name: "n", pointer: "/a/0", whole: true), .init(name: "n", pointer: "/a/1", whole: false)])
        guard case .success(let merged) = doc.merged([("n", .number("2.50"))]) else { return XCTFail() }
        XCTAssertEqual(merged, .object([("a", .array([.number("2.50"), .string("x2.50y")]))]), "numbers keep their exact text")
        // A `{{` that starts no placeholder stays text, and the scan goes on after it.
        XCTAssertEqual(TemplateDocument.parts("{{{a}}}"), [P(text: "{{{a}}}", isPlaceholder: false)])
        XCTAssertEqual(TemplateDocument.parts("{{a}}}"), [P(text: "a", isPlaceholder: true), P(text: "}", isPlaceholder: false)])
        XCTAssertEqual(TemplateDocument.parts("{{ {{b}} }}"),
                       [P(text: "{{ ", isPlaceholder: false), P(text: "b", isPlaceholder: true), P(text: " }}", isPlaceholder: false)])
        let longest = String(repeating: "n", count: TemplateDocument.maxNameLength)
        XCTAssertEqual(TemplateDocument.parts("{{\(longest)}}"), [P(text: longest, isPlaceholder: true)])
        XCTAssertEqual(TemplateDocument.parts("{{\(longest)n}}"), [P(text: "{{\(longest)n}}", isPlaceholder: false)], "a name too long is text")
    }

    /// Strings that made the old scanner look for `}}` again after every `{{` (a megabyte of them
    /// took minutes): each is split correctly, in one pass.
    func testAdversarialStringsAreScannedOnce() {
        typealias P = TemplateDocument.Part
        let opens = String(repeating: "{{", count: 1 << 19)  // 1 MiB
        XCTAssertEqual(TemplateDocument.parts(opens + "}}"), [P(text: opens + "}}", isPlaceholder: false)])
        XCTAssertEqual(TemplateDocument.parts(opens + "{{x}}"), [P(text: opens, isPlaceholder: false), P(text: "x", isPlaceholder: true)])
        let names = String(repeating: "{{ a", count: 1 << 18)
        XCTAssertEqual(TemplateDocument.parts(names + "}}"), [P(text: String(names.dropLast(4)), isPlaceholder: false),
                                                              P(text: "a", isPlaceholder: true)])
        let long = "{{" + String(repeating: "a", count: 1 << 20)
        XCTAssertEqual(TemplateDocument.parts(long + "}}"), [P(text: long + "}}", isPlaceholder: false)])
        XCTAssertEqual(TemplateDocument(.object([("s", .string(opens))])).uses, [])
    }

    /// 200,000 uses of a placeholder given a 1 MiB value would merge into 200 GB: refused from the
    /// sizes alone, before anything is built.
    func testAMergeIsRefusedWhenItsResultWouldPassTheLimit() throws {
        let doc = TemplateDocument(.object([("items", .array(Array(repeating: .string("{{v}}"), count: 200_000))),
                                            ("title", .string("{{w}} and {{w}}"))]))
        let mib = String(repeating: "x", count: 1 << 20)
        guard case .failure(let p) = doc.merged([("v", .string(mib)), ("w", .string("y"))], limit: 1 << 20) else {
            return XCTFail("the merge was built")
        }
        XCTAssertEqual(p.problems.map(\.pointer), ["/merge"])
        let message = try XCTUnwrap(p.problems.first?.message)
        XCTAssertTrue(message.contains("limits.jsonBodyBytes") && message.contains("1048576"), message)

        // The estimate is never below the real size: a limit one byte under it is refused.
        let small = TemplateDocument(.object([("a", .array([.string("{{n}}"), .string("<{{n}}>"), .string("{{ t }}")]))]))
        let values: [(key: String, value: JSONValue)] = [("n", .string("a \"quoted\" value")), ("t", .object([("k", .number("1"))]))]
        guard case .success(let merged) = small.merged(values) else { return XCTFail() }
        let size = merged.serialized.utf8.count
        guard case .failure = small.merged(values, limit: size - 1) else { return XCTFail("under the real size of \(size)") }
        guard case .success = small.merged(values, limit: 2 * size) else { return XCTFail("an estimate far above the real size") }
    }

    func testAMergeLongerThanTheBodyLimitIs422NamingIt() throws {
        let f = try ServiceFixture(env: ["REEL_JSON_LIMIT_BYTES": "4096"])
        let c = try f.client()
        let title = String(repeating: "{{v}}", count: 100)
        let stored = try c.json("POST", "/v1/templates", ##"""
            { "spec": { "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "metadata": { "title": "\##(title)" } },
                        "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } } }
            """##)
        XCTAssertEqual(stored.status, 201, stored.text)
        let id = try XCTUnwrap(stored.json["id"] as? String)
        // 100 uses × a 64-character value: about 7 kB merged, over the 4 kB limit.
        let big = try c.json("POST", "/v1/jobs", ##"{ "template": "\##(id)", "merge": { "v": "\##(String(repeating: "x", count: 64))" } }"##)
        XCTAssertEqual(big.status, 422, big.text)
        XCTAssertEqual(Array(errors(big).keys), ["/merge"])
        XCTAssertTrue(errors(big)["/merge"]?.contains("limits.jsonBodyBytes") == true, big.text)
        XCTAssertTrue(errors(big)["/merge"]?.contains("4096") == true, big.text)
        let fits = try c.json("POST", "/v1/jobs", ##"{ "template": "\##(id)", "merge": { "v": "x" } }"##)
        XCTAssertEqual(fits.status, 202, fits.text)
    }
}
