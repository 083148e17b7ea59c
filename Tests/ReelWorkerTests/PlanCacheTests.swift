import Foundation
import ReelEngine
@testable import ReelWorker
import ReelStore
import StoreFixtures
import ReelSpec
import XCTest

/// The plans a pool's chunk workers share: planned once per key while cached, the least recently
/// used dropped beyond the capacity, failures not kept.
final class PlanCacheTests: XCTestCase {
    func plan(seconds: Int) throws -> RenderPlan {
        let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#102030", "duration": \##(seconds) } ] } }"##
        return try RenderPlanner(resolver: SourceResolver(mediaRoot: NSTemporaryDirectory())).plan(try SpecDecoder.decode(Array(spec.utf8)).get())
    }

    func testAPlanIsMadeOncePerKeyAndTheLeastRecentlyUsedGoes() throws {
        let cache = PlanCache<RenderPlan>(capacity: 2)
        var made: [String] = []
        func get(_ key: String, _ seconds: Int) throws -> RenderPlan {
            try cache.plan(for: key) { made.append(key); return try plan(seconds: seconds) }
        }
        XCTAssertEqual(try get("a/1", 1).frameCount, 10)
        XCTAssertEqual(try get("b/1", 2).frameCount, 20)
        XCTAssertEqual(try get("a/1", 9).frameCount, 10, "the cached plan, not a new one")
        XCTAssertEqual(made, ["a/1", "b/1"])
        XCTAssertEqual(try get("c/1", 3).frameCount, 30)
        XCTAssertEqual(cache.keys, ["a/1", "c/1"], "b, the least recently used, went")
        XCTAssertEqual(try get("b/1", 4).frameCount, 40, "planned again")
        XCTAssertEqual(made, ["a/1", "b/1", "c/1", "b/1"])
        XCTAssertNil(cache.cached("a/1"), "a went for b")
    }

    func testAFailedPlanIsNotKept() throws {
        struct Unreachable: Error {}
        let cache = PlanCache<RenderPlan>()
        XCTAssertThrowsError(try cache.plan(for: "a/1") { throw Unreachable() })
        XCTAssertEqual(cache.keys, [])
        XCTAssertEqual(try cache.plan(for: "a/1") { try plan(seconds: 1) }.frameCount, 10)
        XCTAssertEqual(cache.keys, ["a/1"])
    }
}
