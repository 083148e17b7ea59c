@testable import ReelEngine
import ReelSpec
import XCTest

/// `RenderPlanner.planOutputs`: each output planned as the spec with that output alone, its
/// problems at its own pointer, the timeline's once.
final class JobPlanTests: XCTestCase {
    func outputsProblems(_ ws: Workspace, _ json: String, file: StaticString = #filePath, line: UInt = #line) -> [SpecProblem] {
        do {
            let spec = try SpecDecoder.decode(Array(json.utf8)).get()
            _ = try RenderPlanner(resolver: SourceResolver(mediaRoot: ws.root)).planOutputs(spec)
            XCTFail("planned", file: file, line: line)
        } catch RenderError.invalid(let p) {
            return p
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return []
    }

    func testTheOneOutputIsPlannedAsBefore() throws {
        let ws = try Workspace()
        let json = ##"{"version": 1, "output": {"width": 320, "height": 180}, "timeline": {"videos": [{"color": "#102030", "duration": 1}]}}"##
        let spec = try SpecDecoder.decode(Array(json.utf8)).get()
        let plans = try RenderPlanner(resolver: SourceResolver(mediaRoot: ws.root)).planOutputs(spec)
        XCTAssertEqual(plans.outputs.count, 1)
        XCTAssertNil(plans.outputs[0].name)
        XCTAssertEqual(plans.outputs[0].pointer, "/output")
        let alone = try ws.plan(json)
        XCTAssertEqual(plans.outputs[0].plan.width, alone.width)
        XCTAssertEqual(plans.outputs[0].plan.frameCount, alone.frameCount)
    }

    /// Each output is planned as the spec with it alone; each output's own problem is at
    /// `/outputs/i/…`, and a problem of the shared timeline is reported once.
    func testEachOutputIsPlannedAloneWithItsProblemsAtItsPointer() throws {
        let ws = try Workspace()
        let cards = ##""timeline": {"videos": [{"color": "#FF0000", "duration": 2}]}"##
        let json = #"{"version": 1, "outputs": [{"name": "a", "width": 320, "height": 180}, {"name": "b", "format": "jpg", "time": 1}], \#(cards)}"#
        let spec = try SpecDecoder.decode(Array(json.utf8)).get()
        let plans = try RenderPlanner(resolver: SourceResolver(mediaRoot: ws.root)).planOutputs(spec)
        XCTAssertEqual(plans.outputs.map(\.name), ["a", "b"])
        XCTAssertEqual(plans.outputs.map(\.pointer), ["/outputs/0", "/outputs/1"])
        for (i, o) in plans.outputs.enumerated() {
            let alone = try RenderPlanner(resolver: SourceResolver(mediaRoot: ws.root)).plan(spec.alone(i))
            XCTAssertEqual(o.plan.format, alone.format)
            XCTAssertEqual(o.plan.width, alone.width)
            XCTAssertEqual(o.plan.outputRange, alone.outputRange)
            XCTAssertEqual(o.plan.frameCount, alone.frameCount)
        }
        XCTAssertEqual(plans.outputs[1].plan.outputRange.start, Time(seconds: 1), "the still's time")
        let wrong = #"{"version": 1, "outputs": [{"name": "a", "range": {"start": 1, "duration": 3}}, {"name": "b"},"#
            + #" {"name": "poster", "format": "png", "time": 2}], \#(cards)}"#
        XCTAssertEqual(outputsProblems(ws, wrong), [
            SpecProblem(pointer: "/outputs/0/range/duration", message: "ends at 4 s, after the timeline's end (2 s)"),
            SpecProblem(pointer: "/outputs/2/time", message: "is 2 s, at or after the timeline's end (2 s)"),
        ])
        let missing = #"{"version": 1, "outputs": [{"name": "a"}, {"name": "b", "width": 64, "height": 64}], "timeline": {"videos": [{"src": "gone.mp4"}]}}"#
        let problems = outputsProblems(ws, missing)
        XCTAssertEqual(problems.map(\.pointer), ["/timeline/videos/0/src"], "\(problems)")
    }

    func testPointersMoveToTheOutputsPlace() {
        XCTAssertEqual(JobPlan.repoint("/output", to: "/outputs/3"), "/outputs/3")
        XCTAssertEqual(JobPlan.repoint("/output/hls/renditions/1/height", to: "/outputs/0"), "/outputs/0/hls/renditions/1/height")
        XCTAssertEqual(JobPlan.repoint("/outputs/1", to: "/outputs/0"), "/outputs/1")
        XCTAssertEqual(JobPlan.repoint("/timeline/videos/0", to: "/outputs/2"), "/timeline/videos/0")
        XCTAssertEqual(JobPlan.repoint("/output/range", to: "/output"), "/output/range")
    }
}
