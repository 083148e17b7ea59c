import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Blend modes through the whole render, against the W3C Compositing and Blending Level 1 formulas
/// computed independently in numpy (`Fixtures/blend_oracle.py`): four backdrop colours in vertical
/// bands under four source colours in horizontal bands, sixteen pairs a frame, every mode, opaque
/// and at partial alpha and opacity; read back from a PNG output. A second oracle is Chromium's
/// CSS `mix-blend-mode` on the same colours (`Tests/Browser/blend_chromium.py`).
final class BlendModeTests: XCTestCase {
    static let backdrops: [[Int]] = [[200, 100, 50], [30, 160, 220], [235, 235, 235], [20, 20, 20]]
    static let sources: [[Int]] = [[30, 220, 128], [240, 60, 90], [128, 128, 128], [250, 200, 10]]
    static let (width, height) = (64, 48)

    static var python: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/pyvenv/bin/python").path
    }
    static var oracle: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/blend_oracle.py").path }
    /// The second oracle: Chromium's `mix-blend-mode` on the same colours (Tests/Browser).
    static var chromium: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Browser/blend_chromium.py").path
    }

    /// A `width`×`height` picture of `colors` in four bands (vertical: side by side), with `alpha`.
    func bands(_ ws: Workspace, _ name: String, _ colors: [[Int]], vertical: Bool, alpha: Int) throws {
        var rgba = [UInt8]()
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let c = colors[vertical ? x / (Self.width / 4) : y / (Self.height / 4)]
                rgba += c.map(UInt8.init) + [UInt8(alpha)]
            }
        }
        try Data(rgba).write(to: URL(fileURLWithPath: ws.path(name + ".rgba")))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(Self.width)x\(Self.height)", "-i", ws.path(name + ".rgba"),
                          "-frames:v", "1", ws.path(name)])
    }

    /// The oracle's colours for every (mode, backdrop, source) at `alpha` (numpy's formulas, or
    /// the `oracle` script given).
    func expected(_ ws: Workspace, modes: [BlendMode], alpha: Double, oracle: String = BlendModeTests.oracle,
                  group: (backdropAlpha: Double, under: [Int])? = nil) throws -> [[Double]] {
        var cases: [[String: Any]] = []
        for mode in modes {
            for s in Self.sources {
                for b in Self.backdrops {
                    var c: [String: Any] = ["mode": mode.rawValue, "backdrop": b, "source": s, "alpha": alpha]
                    if let group { (c["backdropAlpha"], c["under"]) = (group.backdropAlpha, group.under) }
                    cases.append(c)
                }
            }
        }
        try JSONSerialization.data(withJSONObject: cases).write(to: URL(fileURLWithPath: ws.path("cases.json")))
        let r = try Tools.run(Self.python, [oracle, ws.path("cases.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [[Double]])
    }

    /// Every mode's render against the oracle. With `group`, backdrop and source are items of a
    /// group (the backdrop at that opacity; none at 0) over a video of the colour `under`.
    func checkEveryMode(sourceAlpha: Int, opacity: Double, oracle: String = BlendModeTests.oracle,
                        group: (backdropAlpha: Double, under: [Int])? = nil, transparentOutput: Bool = false) throws {
        let ws = try Workspace()
        try bands(ws, "backdrop.png", Self.backdrops, vertical: true, alpha: 255)
        try bands(ws, "source.png", Self.sources, vertical: false, alpha: sourceAlpha)
        let modes = BlendMode.allCases
        let want = try expected(ws, modes: modes, alpha: Double(sourceAlpha) / 255 * opacity, oracle: oracle, group: group)
        var worst = 0.0
        for (m, mode) in modes.enumerated() {
            let full = #""frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 }"#
            let source = ##"{ "type": "image", "src": "source.png", "start": 0, "blend": "\##(mode.rawValue)", "opacity": \##(opacity), \##(full) }"##
            var video = #"{ "src": "backdrop.png", "duration": 1, "fit": "stretch" }"#, overlay = source
            var background = "#000000"
            if let group, transparentOutput {
                // The backdrop as the timeline's video at the backdrop's alpha over a transparent
                // background (none: the background alone).
                background = "#00000000"
                video = group.backdropAlpha > 0
                    ? ##"{ "src": "backdrop.png", "duration": 1, "fit": "stretch", "keyframes": [ { "time": 0, "opacity": \##(group.backdropAlpha) } ] }"##
                    : ##"{ "color": "#00000000", "duration": 1 }"##
            } else if let group {
                let hex = "#" + group.under.map { String(format: "%02X", $0) }.joined()
                video = ##"{ "color": "\##(hex)", "duration": 1 }"##
                let backdrop = ##"{ "type": "image", "src": "backdrop.png", "start": 0, "opacity": \##(group.backdropAlpha), \##(full) }"##
                overlay = ##"{ "type": "group", "start": 0, "items": [ \##(group.backdropAlpha > 0 ? backdrop + ", " : "")\##(source) ] }"##
            }
            let out = try ws.render(##"""
            { "version": 1, "output": { "format": "png", "width": \##(Self.width), "height": \##(Self.height), "background": "\##(background)" },
              "timeline": { "videos": [ \##(video) ], "overlays": [ \##(overlay) ] } }
            """##, to: "\(mode.rawValue).png")
            var rgba = try XCTUnwrap(Tools.rgbaFrames(out, width: Self.width, height: Self.height).first)
            if transparentOutput, let under = group?.under {
                // The straight RGBA over the opaque colour the oracle lays the group on.
                for i in stride(from: 0, to: rgba.count, by: 4) {
                    let a = Double(rgba[i + 3]) / 255
                    for c in 0..<3 { rgba[i + c] = UInt8((Double(rgba[i + c]) * a + Double(under[c]) * (1 - a)).rounded()) }
                    rgba[i + 3] = 255
                }
            }
            for (si, _) in Self.sources.enumerated() {
                for (bi, _) in Self.backdrops.enumerated() {
                    // The middle of the patch (whole 4:2:0 blocks of one colour).
                    let x = bi * 16 + 8, y = si * 12 + 6
                    let got = (0..<3).map { Double(rgba[(y * Self.width + x) * 4 + $0]) }
                    let exp = want[m * 16 + si * 4 + bi]
                    let error = zip(got, exp).map { abs($0 - $1) }.max() ?? 0
                    worst = max(worst, error)
                    XCTAssertLessThanOrEqual(error, 4, "\(mode) of \(Self.sources[si]) over \(Self.backdrops[bi]): got \(got), want \(exp)")
                }
            }
        }
        XCTAssertGreaterThan(worst, 0, "read back through Y'CbCr, something rounds")
    }

    func testEveryModeOfAnOpaqueLayerIsTheW3CFormula() throws {
        try checkEveryMode(sourceAlpha: 255, opacity: 1)
    }

    func testEveryModeAtPartialAlphaAndOpacityIsSourceOverTheFormula() throws {
        try checkEveryMode(sourceAlpha: 160, opacity: 0.7)
    }

    /// The same renders against what Chromium draws for the same colours with CSS `mix-blend-mode`
    /// (a browser mock-up of a template matches the render), opaque and at partial opacity.
    func testChromiumsMixBlendModeAgrees() throws {
        try checkEveryMode(sourceAlpha: 255, opacity: 1, oracle: Self.chromium)
        try checkEveryMode(sourceAlpha: 255, opacity: 0.6, oracle: Self.chromium)
    }

    /// Each mode differs from normal somewhere, so a mode silently drawn as normal cannot pass.
    func testTheModesAreDistinct() throws {
        let ws = try Workspace()
        let want = try expected(ws, modes: BlendMode.allCases, alpha: 1)
        let normal = Array(want[0..<16])
        for (m, mode) in BlendMode.allCases.enumerated() where mode != .normal {
            let mine = Array(want[(m * 16)..<(m * 16 + 16)])
            XCTAssertTrue(zip(mine, normal).contains { zip($0, $1).contains { abs($0 - $1) > 8 } }, "\(mode) looks like normal on these colours")
        }
    }

    /// Inside a group the canvas starts transparent: an item blends with what the group holds
    /// beneath it by §5.8 with the backdrop's alpha, and the group is laid over the timeline.
    func testEveryModeInsideAGroupBlendsWithTheGroupsTranslucentCanvas() throws {
        try checkEveryMode(sourceAlpha: 160, opacity: 0.8, group: (0.6, [60, 90, 150]))
    }

    /// Over nothing in its group an item keeps its own colours, whatever its mode.
    func testInsideAGroupOverNothingAModeKeepsTheItemsColours() throws {
        try checkEveryMode(sourceAlpha: 200, opacity: 1, group: (0, [60, 90, 150]))
    }

    /// A transparent output (PNG with alpha) is a translucent canvas like a group's: an overlay
    /// blends with the translucent video under it by §5.8 with the backdrop's alpha, and the PNG's
    /// straight RGBA laid over `under` (here, in the test) is the oracle's group over `under`.
    func testEveryModeOnATransparentOutputBlendsWithItsTranslucentCanvas() throws {
        try checkEveryMode(sourceAlpha: 160, opacity: 0.8, group: (0.6, [60, 90, 150]), transparentOutput: true)
    }

    /// Over the transparent background alone an overlay keeps its own colours, whatever its mode.
    func testOnATransparentOutputOverNothingAModeKeepsTheItemsColours() throws {
        try checkEveryMode(sourceAlpha: 200, opacity: 1, group: (0, [60, 90, 150]), transparentOutput: true)
    }
}
