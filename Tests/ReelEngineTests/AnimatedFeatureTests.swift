import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Keyframes animate an item's own numbers — a rect's corner radius, a stroke's width, a polygon's
/// points, a mask's feather, a chroma key's similarity — and each frame is drawn exactly as the same item with that
/// value fixed draws it (lossless renders compared pixel for pixel, the fixed renders being the
/// paths ShapeTests, MaskTests and ChromaKeyTests hold to their independent oracles): at the first
/// keyframe, halfway (linear), and held after the last. The values are exact in binary, so the
/// interpolated one is the fixed one to the bit.
final class AnimatedFeatureTests: XCTestCase {
    static let (width, height) = (64, 48)

    /// The Y, Cb and Cr planes of each frame of a 1 s render at 10 fps (lossless H.264): frame 4 is
    /// t = 0.4, halfway between keyframes at 0 and 0.8; frame 9 is after the last.
    func frames(_ ws: Workspace, videos: String = ##"{ "color": "#000000", "duration": 1 }"##, overlays: String = "", name: String) throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": \##(Self.width), "height": \##(Self.height), "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
          "timeline": { "videos": [ \##(videos) ], "overlays": [ \##(overlays) ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: Self.width, height: Self.height)
    }

    /// `animated(from, to)` keyframed from `a` at 0 to `b` at 0.8 against `fixed(v)` at a, (a+b)/2 and b.
    func assertFollowsKeyframes(_ ws: Workspace, _ a: Double, _ b: Double, name: String, file: StaticString = #filePath, line: UInt = #line,
                                render: (_ value: Double?, _ name: String) throws -> [[UInt8]]) throws {
        let animated = try render(nil, name + "-animated.mp4")
        XCTAssertNotEqual(animated[0], animated[9], "\(name): the keyframes change the picture", file: file, line: line)
        for (frame, value) in [(0, a), (4, (a + b) / 2), (9, b)] {
            let fixed = try render(value, name + "-\(value).mp4")
            XCTAssertEqual(fixed[frame].count, animated[frame].count, file: file, line: line)
            let differing = zip(fixed[frame], animated[frame]).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(name) at frame \(frame): drawn as with the value \(value) fixed", file: file, line: line)
        }
    }

    func testARectsCornerRadius() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 0, 12, name: "radius") { value, name in
            let radius = value.map { "\($0)" } ?? "0"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "radius": 0 }, { "time": 0.8, "radius": 12 } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": "40px", "height": "30px" }, "radius": \##(radius)\##(keys) }"##,
                              name: name)
        }
    }

    func testAStrokesWidthOnTheGridOfItsWidest() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 2, 10, name: "stroke") { value, name in
            let width = value.map { "\($0)" } ?? "2"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "strokeWidth": 2 }, { "time": 0.8, "strokeWidth": 10 } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": "30.5px", "y": "23px", "width": "30px", "height": "20px" }, "stroke": { "color": "#FFFFFF", "width": \##(width) }\##(keys) }"##,
                              name: name)
        }
    }

    /// An iris: an ellipse mask's frame keyframed from 8 px wide to 40 px wide (its centre moving
    /// too, units differing between keyframes), each frame as the mask fixed at that frame draws it;
    /// a rect mask's frame too, its corner radius kept, and a polygon mask's points (`maskPoints`).
    /// `maskFrame` on an item whose mask has no frame (a polygon) or no mask, and `maskPoints` of
    /// another count, are refused at their pointers.
    func testAMasksFrame() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 8, 40, name: "maskFrame") { value, name in
            let (w, x) = value.map { ($0, 16 + ($0 - 8) / 2) } ?? (8, 16)
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "maskFrame": { "x": "16px", "y": 0.5, "width": "8px", "height": "8px" } }, { "time": 0.8, "maskFrame": { "x": 0.5, "y": 0.5, "width": "40px", "height": "40px" } } ]"# : ""
            return try frames(ws, videos: ##"{ "color": "#FFFFFF", "duration": 1, "mask": { "shape": { "shape": "ellipse", "frame": { "x": "\##(x)px", "y": 0.5, "width": "\##(w)px", "height": "\##(w)px" } } }\##(keys) }"##,
                              name: name)
        }
        try assertFollowsKeyframes(ws, 10, 30, name: "maskRect") { value, name in
            let w = value ?? 10
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "maskFrame": { "x": 0.5, "y": 0.5, "width": "10px", "height": "20px" } }, { "time": 0.8, "maskFrame": { "x": 0.5, "y": 0.5, "width": "30px", "height": "20px" } } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "rect", "fill": "#FFFFFF", "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 }, "mask": { "shape": { "shape": "rect", "radius": 4, "frame": { "x": 0.5, "y": 0.5, "width": "\##(w)px", "height": "20px" } } }\##(keys) }"##,
                              name: name)
        }
        // A polygon mask's points: a triangle whose apex travels from 8 px to 40 px across.
        try assertFollowsKeyframes(ws, 8, 40, name: "maskPoints") { value, name in
            let apex = value ?? 8
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "maskPoints": [["4px", "44px"], ["60px", "44px"], ["8px", "4px"]] }, { "time": 0.8, "maskPoints": [["4px", "44px"], ["60px", "44px"], ["40px", "4px"]] } ]"# : ""
            return try frames(ws, videos: ##"{ "color": "#FFFFFF", "duration": 1, "mask": { "shape": { "shape": "polygon", "points": [["4px", "44px"], ["60px", "44px"], ["\##(apex)px", "4px"]] } }\##(keys) }"##,
                              name: name)
        }
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [
          { "color": "#FFFFFF", "duration": 1, "mask": { "shape": { "shape": "polygon", "points": [[0, 0], [1, 0], [0.5, 1]] } },
            "keyframes": [ { "time": 0, "maskFrame": { "x": 0.5, "y": 0.5, "width": 0.5 }, "maskPoints": [[0, 0], [1, 1]] } ] },
          { "color": "#FFFFFF", "duration": 1, "keyframes": [ { "time": 0, "maskFrame": { "x": 0.5, "y": 0.5, "width": 0.5 } } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        XCTAssertEqual(Set(error.problems.map(\.pointer)), ["/timeline/videos/0/keyframes/0/maskFrame", "/timeline/videos/0/keyframes/0/maskPoints",
                                                              "/timeline/videos/1/keyframes/0/maskFrame"], "\(error.problems)")
    }

    func testAMasksFeather() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 0, 8, name: "feather") { value, name in
            let feather = value.map { "\($0)" } ?? "0"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "feather": 0 }, { "time": 0.8, "feather": 8 } ]"# : ""
            return try frames(ws, videos: ##"{ "color": "#FFFFFF", "duration": 1, "mask": { "shape": { "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5 } }, "feather": \##(feather) }\##(keys) }"##,
                              name: name)
        }
    }

    func testAChromaKeysSimilarity() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=10:d=1", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("colours.mp4")])
        try assertFollowsKeyframes(ws, 0.125, 0.375, name: "similarity") { value, name in
            let similarity = value.map { "\($0)" } ?? "0.125"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "similarity": 0.125 }, { "time": 0.8, "similarity": 0.375 } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "video", "src": "colours.mp4", "start": 0, "chromaKey": { "similarity": \##(similarity), "smoothness": 0.0625 }\##(keys) }"##,
                              name: name)
        }
    }

    /// A chunk starting halfway through the keyframes draws what the whole render draws there.
    func testChunksDrawWhatTheWholeRenderDraws() throws {
        let ws = try Workspace()
        let json = ##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0, "keyframeInterval": 1 } },
          "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 3, "mask": { "shape": { "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 } } },
                                      "keyframes": [ { "time": 0, "feather": 0 }, { "time": 2.5, "feather": 10 } ] } ],
                        "overlays": [ { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.3, "y": 0.3, "width": "20px", "height": "14px" }, "fill": "#FF0000",
                                        "stroke": { "color": "#00FF00", "width": 1 },
                                        "keyframes": [ { "time": 0.5, "radius": 0, "strokeWidth": 1 }, { "time": 2.5, "radius": 7, "strokeWidth": 4 } ] } ] } }
        """##
        let whole = try Tools.yuvFrames(try ws.render(json, to: "whole.mp4"), width: 64, height: 48)
        let (path, chunks) = try ws.renderInChunks(try ws.plan(json), seconds: 1, to: "chunked.mp4")
        XCTAssertGreaterThan(chunks, 1)
        let chunked = try Tools.yuvFrames(path, width: 64, height: 48)
        XCTAssertEqual(chunked.count, whole.count)
        XCTAssertNotEqual(whole[0], whole[25], "the feather and the shape change")
        for i in whole.indices where whole[i] != chunked[i] { XCTFail("frame \(i) differs in the chunked render") }
    }

    /// Each feature's keyframes only where the item has the feature, in the feature's range.
    /// A polygon's points travel, each coordinate between the keyframes that set them (in any
    /// unit), drawn on a grid that holds every place they reach.
    func testAPolygonsPoints() throws {
        let ws = try Workspace()
        func triangle(_ u: Double) -> String {
            let p = [(10.0, 10.0, 30.0, 20.0), (30, 10, 54, 20), (20, 30, 40, 44)].map { (x0, y0, x1, y1) in
                "[\"\(x0 + (x1 - x0) * u)px\", \"\(y0 + (y1 - y0) * u)px\"]"
            }
            return "[" + p.joined(separator: ", ") + "]"
        }
        try assertFollowsKeyframes(ws, 0, 1, name: "points") { value, name in
            let keys = value == nil ? ##", "keyframes": [ { "time": 0, "points": \##(triangle(0)) }, { "time": 0.8, "points": \##(triangle(1)) } ]"## : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "polygon", "points": \##(triangle(value ?? 0)), "fill": "#30C0F0"\##(keys) }"##,
                              name: name)
        }
        // Points on anything but a polygon, or a different count, are refused at their pointers.
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 }, "keyframes": [ { "time": 0, "points": [[0, 0], [1, 0], [0, 1]] } ] },
          { "type": "shape", "start": 0, "shape": "polygon", "points": [[0, 0], [1, 0], [0, 1]], "keyframes": [ { "time": 0, "points": [[0, 0], [1, 1]] } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        let found = Dictionary(error.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        XCTAssertEqual(Set(found.keys), ["/timeline/overlays/0/keyframes/0/points", "/timeline/overlays/1/keyframes/0/points"], "\(error.problems)")
        XCTAssertTrue(found["/timeline/overlays/0/keyframes/0/points"]?.contains("no polygon or line shape") == true)
        XCTAssertTrue(found["/timeline/overlays/1/keyframes/0/points"]?.contains("must have 3 points") == true)
    }

    /// A line's ends move with `points` (from, then to): each frame equals the line drawn with
    /// its ends fixed where the keyframes put them then, with round caps and a dash pattern that
    /// must follow the ends, on a grid that holds every place they reach.
    func testALinesEnds() throws {
        let ws = try Workspace()
        func ends(_ u: Double) -> (String, String) {
            let from = (8.0 + 20 * u, 40.0 - 24 * u), to = (56.0 - 6 * u, 8.0 + 30 * u)
            return ("[\"\(from.0)px\", \"\(from.1)px\"]", "[\"\(to.0)px\", \"\(to.1)px\"]")
        }
        try assertFollowsKeyframes(ws, 0, 1, name: "ends") { value, name in
            let (f0, t0) = ends(0), (f1, t1) = ends(1), (f, t) = ends(value ?? 0)
            let keys = value == nil ? ##", "keyframes": [ { "time": 0, "points": [\##(f0), \##(t0)] }, { "time": 0.8, "points": [\##(f1), \##(t1)] } ]"## : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "line", "from": \##(f), "to": \##(t), "stroke": { "color": "#F0C030", "width": 5, "cap": "round", "dash": [6, 3] }\##(keys) }"##,
                              name: name)
        }
        // A line's keyframe with other than two points is refused at its pointer.
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2 },
            "keyframes": [ { "time": 0, "points": [[0, 0], [1, 0], [0, 1]] } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        XCTAssertEqual(error.problems.map(\.pointer), ["/timeline/overlays/0/keyframes/0/points"])
        XCTAssertTrue(error.problems.first?.message.contains("must have 2 points, the line's from and to") == true, "\(error.problems)")
    }

    /// A shape's fill keyframed: a colour, a linear gradient's stops (offsets and colours) and
    /// points (units differing between keyframes), a radial gradient's stops, centre and radius; and
    /// a stroke's paint (`strokeColor`) the same way.
    /// Each frame equals the shapes drawn with the fills fixed at the keyframes' values then (the
    /// colours chosen so that halfway is a whole 8-bit value).
    func testAShapesFill() throws {
        let ws = try Workspace()
        func hex(_ a: Int, _ b: Int, _ u: Double) -> String { String(format: "%02X", Int(Double(a) + Double(b - a) * u)) }
        func color(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ u: Double) -> String { "#" + hex(a.0, b.0, u) + hex(a.1, b.1, u) + hex(a.2, b.2, u) }
        func fills(_ u: Double) -> (solid: String, linear: String, radial: String) {
            let solid = "\"\(color((0x20, 0x40, 0x60), (0x60, 0xA0, 0xE0), u))\""
            // `to` is [1, 1] of the 40x30 box at 0 and (20px, 30px) at 1: (30px, 30px) halfway.
            let to = u == 0 ? "[1, 1]" : "[\"\(40 - 20 * u)px\", \"30px\"]"
            let linear = ##"{ "type": "linear", "from": ["\##(16 * u)px", "\##(8 * u)px"], "to": \##(to), "stops": [ { "offset": \##(0.25 - 0.25 * u), "color": "\##(color((0xF0, 0x20, 0x00), (0x10, 0xE0, 0x60), u))" }, { "offset": \##(0.75 - 0.25 * u), "color": "\##(color((0x20, 0x00, 0xF0), (0xA0, 0xA0, 0x00), u))" } ] }"##
            let radial = ##"{ "type": "radial", "center": ["\##(6 + 8 * u)px", "\##(10 + 4 * u)px"], "radius": "\##(12 + 8 * u)px", "stops": [ { "offset": 0, "color": "\##(color((0xF0, 0xF0, 0xF0), (0x00, 0x40, 0x80), u))" }, { "offset": 1, "color": "\##(color((0x00, 0x00, 0x00), (0xE0, 0x60, 0x20), u))" } ] }"##
            return (solid, linear, radial)
        }
        try assertFollowsKeyframes(ws, 0, 1, name: "fill") { value, name in
            let f = fills(value ?? 0), f0 = fills(0), f1 = fills(1)
            func keys(_ pick: ((solid: String, linear: String, radial: String)) -> String) -> String {
                value == nil ? ##", "keyframes": [ { "time": 0, "fill": \##(pick(f0)) }, { "time": 0.8, "fill": \##(pick(f1)) } ]"## : ""
            }
            // The linear paint as a stroke's, on a box of the same size: `strokeColor` keyframes.
            let strokeKeys = value == nil ? ##", "keyframes": [ { "time": 0, "strokeColor": \##(f0.linear) }, { "time": 0.8, "strokeColor": \##(f1.linear) } ]"## : ""
            return try frames(ws, overlays: ##"""
                { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "10px", "y": "8px", "width": "12px", "height": "10px" }, "fill": \##(f.solid)\##(keys { $0.solid }) },
                { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "32px", "y": "24px", "width": "40px", "height": "30px" }, "stroke": { "color": \##(f.linear), "width": 5 }\##(strokeKeys) },
                { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "40px", "y": "17px", "width": "40px", "height": "30px" }, "fill": \##(f.linear)\##(keys { $0.linear }) },
                { "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": "14px", "y": "34px", "width": "24px", "height": "20px" }, "fill": \##(f.radial)\##(keys { $0.radial }) }
                """##, name: name)
        }
        // A fill keyframe of another kind, with another stop count, or on an item without a fill: at its pointer.
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 }, "fill": "#FF0000",
            "keyframes": [ { "time": 0, "fill": { "type": "linear", "stops": [ { "offset": 0, "color": "#000000" }, { "offset": 1, "color": "#FFFFFF" } ] } } ] },
          { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 },
            "fill": { "type": "radial", "stops": [ { "offset": 0, "color": "#000000" }, { "offset": 1, "color": "#FFFFFF" } ] },
            "keyframes": [ { "time": 0, "fill": { "type": "radial", "stops": [ { "offset": 0, "color": "#000000" }, { "offset": 0.5, "color": "#FF0000" }, { "offset": 1, "color": "#FFFFFF" } ] } } ] },
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2 },
            "keyframes": [ { "time": 0, "fill": "#FF0000", "strokeColor": { "type": "radial", "stops": [ { "offset": 0, "color": "#000000" }, { "offset": 1, "color": "#FFFFFF" } ] } } ] },
          { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 }, "fill": "#FF0000",
            "keyframes": [ { "time": 0, "strokeColor": "#FF0000" } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        let found = Dictionary(error.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        XCTAssertEqual(Set(found.keys), ["/timeline/overlays/0/keyframes/0/fill", "/timeline/overlays/1/keyframes/0/fill",
                                         "/timeline/overlays/2/keyframes/0/fill", "/timeline/overlays/2/keyframes/0/strokeColor",
                                         "/timeline/overlays/3/keyframes/0/strokeColor"], "\(error.problems)")
        XCTAssertTrue(found["/timeline/overlays/0/keyframes/0/fill"]?.contains("must be a colour") == true)
        XCTAssertTrue(found["/timeline/overlays/1/keyframes/0/fill"]?.contains("must have 2 stops") == true)
        XCTAssertTrue(found["/timeline/overlays/2/keyframes/0/fill"]?.contains("no shape with a fill") == true)
        XCTAssertTrue(found["/timeline/overlays/2/keyframes/0/strokeColor"]?.contains("must be a colour, as the shape's stroke colour is") == true)
        XCTAssertTrue(found["/timeline/overlays/3/keyframes/0/strokeColor"]?.contains("no shape with a stroke") == true)
    }

    /// A dashed stroke's dashOffset keyframed (marching dashes; with one dash as long as the line,
    /// a line drawing itself on): each frame equals the line with the offset fixed.
    func testADashOffset() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 50, 0, name: "dashOffset") { value, name in
            let offset = value.map { "\($0)" } ?? "50"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "dashOffset": 50 }, { "time": 0.8, "dashOffset": 0 } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "line", "from": ["6px", "24px"], "to": ["56px", "24px"], "stroke": { "color": "#FFFFFF", "width": 6, "dash": [50, 50], "dashOffset": \##(offset) }\##(keys) }"##,
                              name: name)
        }
        // Without a dash, neither the stroke's dashOffset nor a keyframe's has anything to move.
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2, "dashOffset": 3 } },
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2 },
            "keyframes": [ { "time": 0, "dashOffset": 3 } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        XCTAssertEqual(Set(error.problems.map(\.pointer)), ["/timeline/overlays/0/stroke/dashOffset", "/timeline/overlays/1/keyframes/0/dashOffset"],
                       "\(error.problems)")
    }

    /// A dashed stroke's lengths: the dash grows from 2 to 10 px while its gap shrinks from 10 to 2.
    /// A pattern written odd (and so repeated) keyframes with as many lengths as written; any other
    /// count, or a stroke without a dash, is refused at the keyframe's `dash`.
    func testDashLengths() throws {
        let ws = try Workspace()
        try assertFollowsKeyframes(ws, 2, 10, name: "dash") { value, name in
            let dash = value.map { "[\($0), \(12 - $0)]" } ?? "[2, 10]"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "dash": [2, 10] }, { "time": 0.8, "dash": [10, 2] } ]"# : ""
            return try frames(ws, overlays: ##"{ "type": "shape", "start": 0, "shape": "line", "from": ["4px", "24px"], "to": ["60px", "24px"], "stroke": { "color": "#FFFFFF", "width": 4, "dash": \##(dash) }\##(keys) }"##,
                              name: name)
        }
        let spec = ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2, "dash": [4, 2, 1] },
            "keyframes": [ { "time": 0, "dash": [4, 2, 1] }, { "time": 0.5, "dash": [1, 2, 4, 1, 2, 4] }, { "time": 1, "dash": [1, 2] } ] },
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2 },
            "keyframes": [ { "time": 0, "dash": [3, 3] } ] },
          { "type": "shape", "start": 0, "shape": "line", "from": [0, 0], "to": [1, 1], "stroke": { "color": "#FFFFFF", "width": 2, "dash": [3, 3] },
            "keyframes": [ { "time": 0, "dash": [0, 0] } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        let found = Dictionary(error.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        XCTAssertEqual(Set(found.keys), ["/timeline/overlays/0/keyframes/2/dash", "/timeline/overlays/1/keyframes/0/dash",
                                         "/timeline/overlays/2/keyframes/0/dash"], "\(error.problems)")
        XCTAssertEqual(found["/timeline/overlays/0/keyframes/2/dash"], "must have 3 lengths, as the stroke's dash has, found 2")
        XCTAssertTrue(found["/timeline/overlays/1/keyframes/0/dash"]?.contains("no shape with a dash") == true)
    }

    /// A filter's amount keyframed by its type's name: a blur on a video item (the layer path) and
    /// a brightness on a text overlay (the overlay path), each frame drawn as with the amount fixed.
    func testFilterAmounts() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1", ws.path("pattern.png")])
        try assertFollowsKeyframes(ws, 0, 6, name: "blur") { value, name in
            let amount = value.map { "\($0)" } ?? "0"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "blur": 0 }, { "time": 0.8, "blur": 6 } ]"# : ""
            return try frames(ws, videos: ##"{ "src": "pattern.png", "duration": 1, "filters": [ { "type": "blur", "amount": \##(amount) } ]\##(keys) }"##,
                              name: name)
        }
        try assertFollowsKeyframes(ws, -0.5, 0.5, name: "brightness") { value, name in
            let amount = value.map { "\($0)" } ?? "-0.5"
            let keys = value == nil ? #", "keyframes": [ { "time": 0, "brightness": -0.5 }, { "time": 0.8, "brightness": 0.5 } ]"# : ""
            return try frames(ws, videos: ##"{ "color": "#406080", "duration": 1 }"##,
                              overlays: ##"{ "type": "text", "start": 0, "text": "Hi", "font": { "size": 24 }, "filters": [ "grayscale", { "type": "brightness", "amount": \##(amount) } ]\##(keys) }"##,
                              name: name)
        }
        let refused = ##"""
        { "version": 1, "output": { "width": 64, "height": 48 }, "timeline": {
          "videos": [ { "color": "#FFFFFF", "duration": 1, "filters": [ "grayscale" ], "keyframes": [ { "time": 0, "blur": 2 } ] } ],
          "overlays": [ { "type": "text", "start": 0, "text": "x", "filters": [ { "type": "contrast", "amount": 2 } ],
                          "keyframes": [ { "time": 0, "contrast": 5, "saturation": 1 } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(refused.utf8)) else { return XCTFail("decoded") }
        let found = Dictionary(error.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        XCTAssertEqual(Set(found.keys), ["/timeline/videos/0/keyframes/0/blur", "/timeline/overlays/0/keyframes/0/contrast",
                                         "/timeline/overlays/0/keyframes/0/saturation"], "\(error.problems)")
        XCTAssertTrue(found["/timeline/videos/0/keyframes/0/blur"]?.contains("has none in its filters") == true)
        XCTAssertTrue(found["/timeline/overlays/0/keyframes/0/contrast"]?.contains("4") == true, "the filter's own range")
    }

    func testKeyframesOfAFeatureTheItemLacksAreRefusedAtTheirPointers() throws {
        let ws = try Workspace()
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 48 }, "timeline": {
          "videos": [ { "color": "#FFFFFF", "duration": 1, "keyframes": [ { "time": 0, "feather": 2, "similarity": 0.5 } ] } ],
          "overlays": [ { "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 },
                          "keyframes": [ { "time": 0, "radius": 4, "strokeWidth": 2 }, { "time": 0.5, "opacity": 1 } ] },
                        { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 }, "stroke": { "color": "#FF0000", "width": 1 },
                          "mask": { "shape": { "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 1 } } },
                          "keyframes": [ { "time": 0, "radius": -1, "strokeWidth": 0, "feather": 2000 }, { "time": 1, "radius": 4, "strokeWidth": 3, "feather": 3 } ] } ] } }
        """##
        guard case .failure(let error) = SpecDecoder.decode(Array(spec.utf8)) else { return XCTFail("decoded") }
        let found = Dictionary(error.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        XCTAssertEqual(Set(found.keys), ["/timeline/videos/0/keyframes/0/feather", "/timeline/videos/0/keyframes/0/similarity",
                                         "/timeline/overlays/0/keyframes/0/radius", "/timeline/overlays/0/keyframes/0/strokeWidth",
                                         "/timeline/overlays/1/keyframes/0/radius", "/timeline/overlays/1/keyframes/0/strokeWidth",
                                         "/timeline/overlays/1/keyframes/0/feather"], "\(error.problems)")
        XCTAssertTrue(found["/timeline/videos/0/keyframes/0/feather"]?.contains("has no mask") == true)
        XCTAssertTrue(found["/timeline/videos/0/keyframes/0/similarity"]?.contains("has no chromaKey") == true)
        XCTAssertTrue(found["/timeline/overlays/0/keyframes/0/radius"]?.contains("no rect shape") == true)
        XCTAssertTrue(found["/timeline/overlays/0/keyframes/0/strokeWidth"]?.contains("no shape with a stroke") == true)
        _ = ws
    }
}
