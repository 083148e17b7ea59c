import ReelSpec
import XCTest

/// Shapes (docs/API.md (compositing)) as the decoder reads them: each kind's own members, paints, strokes and
/// SVG path data, and every mistake at its pointer.
final class ShapeValidationTests: XCTestCase {
    let o = "/timeline/overlays/0"

    func shape(_ members: String) -> String { specWithOverlay(##"{"type": "shape", "start": 0, \##(members)}"##) }

    func decoded(_ members: String, file: StaticString = #filePath, line: UInt = #line) throws -> ShapeSpec {
        let s = try XCTUnwrap(decodeOK(shape(members), file: file, line: line), file: file, line: line)
        guard case .shape(let spec) = s.timeline.overlays[0].content else {
            XCTFail("not a shape", file: file, line: line)
            throw CancellationError()
        }
        return spec
    }

    func testEachKindWithItsPlacement() throws {
        let rect = try decoded(##""shape": "rect", "frame": {"x": 0.5, "y": "50%", "width": "100px"}, "radius": 8"##)
        XCTAssertEqual(rect.geometry, .rect(frame: FrameRect(x: Length(0.5), y: Length(50, .percent), width: Length(100, .px)), radius: 8))
        XCTAssertEqual(rect.fill, .solid(.white), "neither fill nor stroke: filled white")
        XCTAssertNil(rect.stroke)
        let ellipse = try decoded(##""shape": "ellipse", "frame": {"x": 0.5, "y": 0.5, "width": 0.2, "height": 0.1}, "stroke": {"color": "#FF0000", "width": 2}"##)
        XCTAssertNil(ellipse.fill, "a stroke alone leaves the inside empty")
        XCTAssertEqual(ellipse.stroke?.width, 2)
        let polygon = try decoded(##""shape": "polygon", "points": [[0, 0], {"x": "10px", "y": 0}, ["5vw", "5vh"]], "fill": "#00FF0080""##)
        XCTAssertEqual(polygon.geometry, .polygon([FramePoint(x: Length(0), y: Length(0)), FramePoint(x: Length(10, .px), y: Length(0)),
                                                   FramePoint(x: Length(5, .vw), y: Length(5, .vh))]))
        XCTAssertEqual(polygon.fill, .solid(Color(red: 0, green: 255, blue: 0, alpha: 128)))
        let line = try decoded(##""shape": "line", "from": [0, 0], "to": [1, 1], "stroke": {"color": "#FFFFFF", "width": 3, "dash": [4, 2, 1], "cap": "round", "join": "bevel"}"##)
        XCTAssertEqual(line.stroke?.dash, [4, 2, 1, 4, 2, 1], "an odd dash list repeats, as SVG's")
        XCTAssertEqual(line.stroke?.cap, .round)
        XCTAssertEqual(line.stroke?.join, .bevel)
        XCTAssertNil(line.fill)
        let path = try decoded(##""shape": "path", "d": "M0 0 h10 v10 z", "position": ["20px", "30px"]"##)
        XCTAssertEqual(path.geometry, .path([.move(PathPoint(0, 0)), .line(PathPoint(10, 0)), .line(PathPoint(10, 10)), .close],
                                            offset: FramePoint(x: Length(20, .px), y: Length(30, .px))))
    }

    func testGradients() throws {
        let linear = try decoded(##""shape": "rect", "frame": {"x": 0.5, "y": 0.5, "width": 0.5}, "fill": {"type": "linear", "stops": [{"offset": 0, "color": "#000000"}, {"offset": 1, "color": "#FFFFFF"}]}"##)
        XCTAssertEqual(linear.fill, .linear(stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)],
                                            from: Paint.defaultFrom, to: Paint.defaultTo))
        let radial = try decoded(##""shape": "ellipse", "frame": {"x": 0.5, "y": 0.5, "width": 0.5}, "fill": {"type": "radial", "stops": [{"offset": 0, "color": "#000000"}, {"offset": 0.5, "color": "#FFFFFF"}, {"offset": 0.5, "color": "#FF0000"}], "center": [0.25, 0.25], "radius": "30px"}"##)
        XCTAssertEqual(radial.fill, .radial(stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 0.5, color: .white),
                                                    GradientStop(offset: 0.5, color: Color(red: 255, green: 0, blue: 0))],
                                            center: FramePoint(x: Length(0.25), y: Length(0.25)), radius: Length(30, .px)))
    }

    func testEveryMistakeAtItsPointer() {
        let frame = ##""frame": {"x": 0.5, "y": 0.5, "width": 0.5}"##
        XCTAssertEqual(message(shape(##""shape": "polygon", "points": [[0, 0], [1, 1]]"##), at: "\(o)/points"), "a polygon needs at least 3 points, found 2")
        XCTAssertEqual(pointers(shape(##""shape": "polygon", "points": [[0, 0], [1, 1], [1]]"##)), ["\(o)/points/2"])
        XCTAssertEqual(pointers(shape(##""shape": "star", \##(frame)"##)), ["\(o)/shape"])
        XCTAssertEqual(pointers(shape(frame)), ["\(o)/shape"])
        XCTAssertEqual(pointers(shape(##""shape": "rect""##)), ["\(o)/frame"])
        XCTAssertEqual(pointers(shape(##""shape": "ellipse", "radius": 4, \##(frame)"##)), ["\(o)/radius"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", "radius": -1, \##(frame)"##)), ["\(o)/radius"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", "points": [], "d": "M0 0", \##(frame)"##)), ["\(o)/points", "\(o)/d"])
        XCTAssertEqual(pointers(shape(##""shape": "line", "from": [0, 0], "to": [1, 1], "fill": "#FFFFFF", "stroke": {"color": "#FFFFFF", "width": 1}"##)),
                       ["\(o)/fill"])
        XCTAssertEqual(pointers(shape(##""shape": "line", "from": [0, 0], "to": [1, 1]"##)), [o])
        XCTAssertEqual(pointers(shape(##""shape": "line", "from": [0, 0, 1], "to": "a""##)), [o, "\(o)/from", "\(o)/to"])
        // Gradients: a stop past 1, stops out of order, too few stops, a member of the other kind.
        let stops = ##"[{"offset": 0, "color": "#000000"}, {"offset": 1.5, "color": "#FFFFFF"}]"##
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "fill": {"type": "linear", "stops": \##(stops)}"##)), ["\(o)/fill/stops/1/offset"])
        let backwards = ##"[{"offset": 0.6, "color": "#000000"}, {"offset": 0.4, "color": "#FFFFFF"}]"##
        XCTAssertEqual(message(shape(##""shape": "rect", \##(frame), "fill": {"type": "linear", "stops": \##(backwards)}"##), at: "\(o)/fill/stops/1/offset"),
                       "must not be less than the previous stop's offset (0.6)")
        XCTAssertEqual(message(shape(##""shape": "rect", \##(frame), "fill": {"type": "radial", "stops": [{"offset": 0, "color": "#000000"}]}"##), at: "\(o)/fill/stops"),
                       "a gradient needs at least 2 stops, found 1")
        let good = ##"[{"offset": 0, "color": "#000000"}, {"offset": 1, "color": "#FFFFFF"}]"##
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "fill": {"type": "linear", "stops": \##(good), "radius": 3}"##)), ["\(o)/fill/radius"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "fill": {"type": "conic", "stops": \##(good)}"##)), ["\(o)/fill/type"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "fill": "red""##)), ["\(o)/fill"])
        // Strokes.
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "stroke": {"color": "#FFFFFF", "width": 0}"##)), ["\(o)/stroke/width"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "stroke": {"color": "#FFFFFF", "width": 2, "dash": [0, 0]}"##)), ["\(o)/stroke/dash"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "stroke": {"color": "#FFFFFF", "width": 2, "dash": [-1]}"##)), ["\(o)/stroke/dash/0"])
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "stroke": {"color": "#FFFFFF", "width": 2, "join": "mitre"}"##)), ["\(o)/stroke/join"])
        // Members of other overlay types.
        XCTAssertEqual(pointers(shape(##""shape": "rect", \##(frame), "src": "a.png", "chromaKey": {}, "text": "x""##)),
                       ["\(o)/src", "\(o)/chromaKey", "\(o)/text"])
    }

    func testPathDataErrorsNameTheCharacter() {
        XCTAssertEqual(message(shape(##""shape": "path", "d": "L 0 0""##), at: "\(o)/d"),
                       "is not valid SVG path data: path data must begin with a moveto (M or m) at character 1")
        XCTAssertEqual(message(shape(##""shape": "path", "d": "M 0 0 L 5""##), at: "\(o)/d"),
                       "is not valid SVG path data: the path ends where a number was expected at character 10")
        XCTAssertEqual(message(shape(##""shape": "path", "d": "M 0 0 X 5 5""##), at: "\(o)/d"),
                       "is not valid SVG path data: unknown command \"X\" at character 7")
        XCTAssertEqual(message(shape(##""shape": "path", "d": "M0 0 A 5 5 0 2 1 10 10""##), at: "\(o)/d"),
                       "is not valid SVG path data: expected an arc flag (0 or 1) at character 14")
        XCTAssertEqual(pointers(shape(##""shape": "path", "d": """##)), ["\(o)/d"])
    }

    func testSVGPathGrammar() {
        // Numbers run together, implicit repeats, relative commands, smooth curves and arc flags
        // without separators.
        let parsed = try? SVGPathParser.parse("m1-2.5.5.5l1,1 2 2H0v-1.5e1c1 1 2 2 3 3s4 4 5 5q1 1 2 2t3 3a5 5 0 015 5z").get()
        XCTAssertEqual(parsed, [
            .move(PathPoint(1, -2.5)), .line(PathPoint(1.5, -2)), // the move's second pair is a relative line
            .line(PathPoint(2.5, -1)), .line(PathPoint(4.5, 1)),
            .line(PathPoint(0, 1)), .line(PathPoint(0, -14)),
            .cubic(PathPoint(1, -13), PathPoint(2, -12), PathPoint(3, -11)),
            .cubic(PathPoint(4, -10), PathPoint(7, -7), PathPoint(8, -6)), // reflected control point
            .quad(PathPoint(9, -5), PathPoint(10, -4)),
            .quad(PathPoint(11, -3), PathPoint(13, -1)),
            .arc(rx: 5, ry: 5, rotation: 0, largeArc: false, sweep: true, to: PathPoint(18, 4)),
            .close,
        ])
    }
}

/// Masks as the decoder reads them, on overlays and video items.
final class MaskValidationTests: XCTestCase {
    func testMasksDecode() throws {
        let s = try XCTUnwrap(decodeOK(spec(timeline: ##""videos": [{"src": "a.mp4", "mask": {"src": "m.png", "feather": 4}}], "overlays": [{"type": "text", "text": "x", "start": 0, "mask": {"shape": {"shape": "rect", "frame": {"x": 0.5, "y": 0.5, "width": 1, "height": 0.5}}, "invert": true}}]"##)))
        let video = try XCTUnwrap(s.timeline.videos[0].mask)
        XCTAssertEqual(video.source, .media("m.png"))
        XCTAssertNil(video.mode, "chosen by the source: alpha when it has alpha, else luma")
        XCTAssertEqual(video.feather, 4)
        XCTAssertFalse(video.invert)
        let text = try XCTUnwrap(s.timeline.overlays[0].mask)
        XCTAssertTrue(text.invert)
        guard case .shape(let shape) = text.source else { return XCTFail("a shape mask") }
        XCTAssertEqual(shape.fill, .solid(.white))
        XCTAssertEqual(s.timeline.mediaSources, ["a.mp4", "m.png"], "a mask's src is resolved and probed like any source")
        XCTAssertEqual(s.timeline.pointer(ofSource: "m.png"), "/timeline/videos/0/mask/src")
    }

    func testMaskMistakes() {
        let o = "/timeline/overlays/0/mask"
        func overlay(_ mask: String) -> String { specWithOverlay(##"{"type": "image", "src": "a.png", "start": 0, "mask": \##(mask)}"##) }
        XCTAssertEqual(message(overlay("{}"), at: o), "needs a shape or a src")
        XCTAssertEqual(pointers(overlay(##"{"src": "m.png", "mode": "brightness"}"##)), ["\(o)/mode"])
        XCTAssertEqual(pointers(overlay(##"{"src": "m.png", "feather": 2000}"##)), ["\(o)/feather"])
        XCTAssertEqual(pointers(overlay(##"{"src": "m.png", "invert": "yes"}"##)), ["\(o)/invert"])
        XCTAssertEqual(pointers(overlay(##"{"src": "m.png", "shape": {"shape": "ellipse", "frame": {"x": 0.5, "y": 0.5, "width": 1}}}"##)), ["\(o)/src"])
        XCTAssertEqual(pointers(overlay(##"{"shape": {"shape": "ellipse"}}"##)), ["\(o)/shape/frame"])
        XCTAssertEqual(pointers(overlay(##"{"shape": "ellipse"}"##)), ["\(o)/shape"])
        XCTAssertEqual(pointers(overlay(##"{"src": "m.png", "opacity": 1}"##)), ["\(o)/opacity"])
    }
}
