import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Matte transitions (docs/API.md (compositing)) through the whole render, against the contract's formula
/// written here: a white card gives way to a black one through a grayscale ramp, and each column's
/// luma is the two cards mixed by exactly clamp((p·(1+s) − m)/s, 0, 1).
final class MatteTransitionTests: XCTestCase {
    static let (width, height) = (64, 48)

    /// A grayscale picture whose column x holds `value(x)` (0–255).
    func matte(_ ws: Workspace, _ name: String, _ value: (Int) -> Int) throws {
        var bytes = [UInt8]()
        for _ in 0..<Self.height { for x in 0..<Self.width { bytes.append(UInt8(value(x))) } }
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path(name + ".gray")))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(Self.width)x\(Self.height)", "-i", ws.path(name + ".gray"),
                          "-frames:v", "1", ws.path(name)])
    }

    func render(_ ws: Workspace, _ transition: String, name: String) throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 2 }, { "color": "#000000", "duration": 2 } ],
                        "transitions": [ \##(transition) ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: Self.width, height: Self.height)
    }

    /// Expected luma of a column whose matte value is `g` (0–255) at progress `p`.
    func expected(_ g: Int, p: Double, softness s: Double, invert: Bool = false) -> Double {
        var m = Double(g) / 255
        if invert { m = 1 - m }
        let w = s > 0 ? min(1, max(0, (p * (1 + s) - m) / s)) : (m < p ? 1.0 : 0.0)
        return 235 + w * (16 - 235)
    }

    func testARampMatteWipesByTheFormula() throws {
        let ws = try Workspace()
        let ramp = { (x: Int) in Int((Double(x) * 255 / 63).rounded()) }
        try matte(ws, "ramp.png", ramp)
        let soft = try render(ws, #"{ "type": "matte", "src": "ramp.png", "duration": 1, "softness": 0.25 }"#, name: "soft.mp4")
        XCTAssertEqual(soft.count, 30, "4 s less the 1 s overlap")
        // The transition covers [1, 2) s: frame 10 + k is at progress k/10.
        for frame in [12, 15, 18] {
            let p = Double(frame - 10) / 10
            for x in stride(from: 1, to: 64, by: 4) {
                XCTAssertEqual(Double(soft[frame][24 * 64 + x]), expected(ramp(x), p: p, softness: 0.25), accuracy: 3, "frame \(frame) column \(x)")
            }
        }
        XCTAssertEqual(Int(soft[9][24 * 64 + 32]), 235, accuracy: 1, "the white card before")
        XCTAssertEqual(Int(soft[20][24 * 64 + 32]), 16, accuracy: 1, "the black card after")

        let hard = try render(ws, #"{ "type": "matte", "src": "ramp.png", "duration": 1, "softness": 0, "invert": true }"#, name: "hard.mp4")
        for x in stride(from: 1, to: 64, by: 2) where abs(Double(ramp(x)) / 255 - 0.5) > 0.02 {
            XCTAssertEqual(Double(hard[15][24 * 64 + x]), expected(ramp(x), p: 0.5, softness: 0, invert: true), accuracy: 1,
                           "inverted hard edge, column \(x)")
        }
    }

    /// A video matte plays from its start over the transition: black for its first half second (all
    /// of b shows at once where m = 0 < p), white after (nothing of b until p reaches 1).
    func testAVideoMattePlaysOverTheTransition() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48:r=10:d=0.5", "-f", "lavfi", "-i", "color=c=white:s=64x48:r=10:d=1",
                          "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]", "-c:v", "libx264", "-qp", "0",
                          "-pix_fmt", "yuv420p", ws.path("matte.mp4")])
        let f = try render(ws, #"{ "type": "matte", "src": "matte.mp4", "duration": 1, "softness": 0 }"#, name: "video.mp4")
        XCTAssertEqual(Int(f[12][24 * 64 + 32]), 16, accuracy: 2, "0.2 s in, the matte is black: b everywhere")
        XCTAssertEqual(Int(f[17][24 * 64 + 32]), 235, accuracy: 2, "0.7 s in, the matte is white: still a")
    }

    func testValidationNamesEveryMistake() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=64x48:r=10:d=0.5", "-c:v", "libx264", "-pix_fmt", "yuv420p", ws.path("short.mp4")])
        let problems = { (transition: String) -> Set<String> in
            let json = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 2 }, { "color": "#000000", "duration": 2 } ], "transitions": [ \##(transition) ] } }"##
            do { _ = try ws.plan(json) } catch let p as SpecProblems { return Set(p.problems.map(\.pointer)) } catch RenderError.invalid(let p) {
                return Set(p.map(\.pointer))
            } catch { return ["unexpected: \(error)"] }
            return []
        }
        XCTAssertEqual(problems(#"{ "type": "matte", "duration": 1, "softness": 2, "direction": "left" }"#),
                       ["/timeline/transitions/0/src", "/timeline/transitions/0/softness", "/timeline/transitions/0/direction"])
        XCTAssertEqual(problems(#"{ "type": "dissolve", "duration": 1, "src": "ramp.png" }"#), ["/timeline/transitions/0/src"])
        XCTAssertEqual(problems(#"{ "type": "matte", "duration": 1, "src": "short.mp4" }"#), ["/timeline/transitions/0/src"],
                       "a video matte shorter than the transition")
        XCTAssertEqual(problems(#"{ "type": "matte", "duration": 1, "src": "missing.png" }"#), ["/timeline/transitions/0/src"])
    }
}
