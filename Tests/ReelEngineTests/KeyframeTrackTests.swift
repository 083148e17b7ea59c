@testable import ReelEngine
import ReelSpec
import XCTest

final class KeyframeTrackTests: XCTestCase {
    func kf(_ t: Double, opacity: Double? = nil, scale: Double? = nil, x: Double? = nil, easing: Keyframe.Easing = .linear) -> Keyframe {
        var k = Keyframe(time: try! TimeParser.parseDecimal(String(t)).get())
        k.opacity = opacity
        k.scale = scale
        k.x = x.map { .fraction($0) }
        k.easing = easing
        return k
    }

    func at(_ s: Double) -> Time { try! TimeParser.parseDecimal(String(s)).get() }

    /// Lengths in these tests are fractions: any canvas resolves them alike.

    func testLinearRampHoldsOutsideAndReachesHalfwayAtTheMiddle() {
        let track = KeyframeTrack([kf(0, opacity: 0), kf(1, opacity: 1)])
        XCTAssertEqual(track.state(on: at(0.5)).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(track.state(on: at(0.25)).opacity, 0.25, accuracy: 1e-9)
        XCTAssertEqual(track.state(on: at(2)).opacity, 1)
        XCTAssertEqual(KeyframeTrack([kf(1, opacity: 0.3), kf(2, opacity: 1)]).state(on: .zero).opacity, 0.3)
    }

    func testPropertiesFollowOnlyTheKeyframesThatSetThem() {
        let track = KeyframeTrack([kf(0, opacity: 0, scale: 1), kf(1, opacity: 1), kf(2, scale: 2)])
        let s = track.state(on: at(1))
        XCTAssertEqual(s.opacity, 1)
        XCTAssertEqual(s.scale, 1.5, accuracy: 1e-9, "scale runs from its keyframe at 0 to the one at 2")
        XCTAssertNil(s.x)
    }

    func testEasingCurvesMatchCoreAnimation() {
        XCTAssertEqual(Easing.apply(.easeInOut, 0.5), 0.5, accuracy: 1e-6, "symmetric")
        XCTAssertLessThan(Easing.apply(.easeIn, 0.5), 0.35, "slow start")
        XCTAssertGreaterThan(Easing.apply(.easeOut, 0.5), 0.65, "fast start")
        XCTAssertEqual(Easing.apply(.easeIn, 0.5), 1 - Easing.apply(.easeOut, 0.5), accuracy: 1e-6, "mirror images")
        let track = KeyframeTrack([kf(0, opacity: 0), kf(1, opacity: 1, easing: .easeOut)])
        XCTAssertEqual(track.state(on: at(0.5)).opacity, Easing.apply(.easeOut, 0.5), accuracy: 1e-9,
                       "a keyframe's easing shapes the way into it")
    }
}

extension KeyframeTrack {
    /// The state at `t` on a 1920x1080 canvas.
    func state(on t: Time) -> LayerState { state(at: t, frameWidth: 1920, frameHeight: 1080) }
}
