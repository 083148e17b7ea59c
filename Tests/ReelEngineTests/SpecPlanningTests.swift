import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// The one way from a spec to a plan (used at submit, by a job's run and by a chunk's run): each
/// kind of failure comes back as itself, with whether it may pass.
final class SpecPlanningTests: XCTestCase {
    func testAPlannableSpecGivesItsSpecAndPlan() throws {
        let ws = try Workspace()
        let planning = SpecPlanning(resolver: SourceResolver(mediaRoot: ws.root))
        let text = ##"{ "version": 1, "output": { "width": 64, "height": 32 }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##
        let planned = try planning.plan(text: text).get()
        XCTAssertEqual(planned.plan.width, 64)
        XCTAssertEqual(planned.plan.height, 32)
        XCTAssertEqual(planned.spec.output.width, 64)
    }

    func testAStructuralProblemIsUndecodableAtItsPointer() throws {
        let ws = try Workspace()
        let planning = SpecPlanning(resolver: SourceResolver(mediaRoot: ws.root))
        guard case .failure(.undecodable(let p)) = planning.plan(text: #"{ "version": 1, "timeline": { "videos": [ { "duration": 1 } ] } }"#) else {
            return XCTFail("a video item with neither src nor color does not decode")
        }
        XCTAssertTrue(p.problems.contains { $0.pointer.hasPrefix("/timeline/videos/0") }, "\(p)")
        XCTAssertFalse(SpecPlanning.Failure.undecodable(p).isRetryable)
    }

    func testAMissingSourceIsUnplannableAndNotRetryable() throws {
        let ws = try Workspace()
        let planning = SpecPlanning(resolver: SourceResolver(mediaRoot: ws.root))
        let result = planning.plan(json: try JSONParser.parse(Array(#"{ "version": 1, "timeline": { "videos": [ { "src": "gone.mp4" } ] } }"#.utf8)))
        guard case .failure(let failure) = result, case .unplannable(_, RenderError.invalid(let problems)) = failure else {
            return XCTFail("a missing source is an invalid plan: \(result)")
        }
        XCTAssertEqual(problems.first?.pointer, "/timeline/videos/0/src")
        XCTAssertFalse(failure.isRetryable)
    }
}
