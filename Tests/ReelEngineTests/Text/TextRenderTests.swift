import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Rendered titles and captions read back by independent oracles: tesseract OCR for the words,
/// ffmpeg-decoded RGB pixels for colours, places and timing.
final class TextRenderTests: XCTestCase {
    /// A still of one text overlay over a colour card (PNG output: lossless).
    private func still(_ ws: Workspace, overlay: String, size: (Int, Int) = (320, 180), background: String = "#0000FF",
                       at: Double = 0.5, name: String = "out.png") throws -> RGBImage {
        let path = try ws.render(#"""
        { "version": 1, "output": { "format": "png", "width": \#(size.0), "height": \#(size.1), "range": { "start": \#(at), "duration": 1 } },
          "timeline": { "videos": [ { "color": "\#(background)", "duration": 2 } ], "overlays": [ \#(overlay) ] } }
        """#, to: name)
        return try RGBImage(path)
    }

    private func ocr(_ image: RGBImage, _ ws: Workspace, language: String) throws -> String {
        try image.png(ws.path("ocr.png"))
        let r = try Tools.run("tesseract", [ws.path("ocr.png"), "stdout", "-l", language, "--psm", "7"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testOCRReadsALatinTitle() throws {
        let ws = try Workspace()
        let image = try still(ws, overlay: ##"{ "type": "text", "text": "Reel Titles 2026", "start": 0, "font": { "family": "DejaVu Sans", "size": 40, "weight": "bold", "color": "#000000" } }"##,
                              size: (640, 180), background: "#FFFFFF")
        XCTAssertEqual(try ocr(image, ws, language: "eng"), "Reel Titles 2026")
    }

    func testOCRReadsACJKTitle() throws {
        let ws = try Workspace()
        let image = try still(ws, overlay: ##"{ "type": "text", "text": "中文标题", "start": 0, "font": { "family": "Noto Sans CJK SC", "size": 64, "color": "#000000" } }"##,
                              size: (640, 180), background: "#FFFFFF")
        XCTAssertEqual(try ocr(image, ws, language: "chi_sim").replacingOccurrences(of: " ", with: ""), "中文标题")
    }

    func testBoxCentreIsThePosition() throws {
        let ws = try Workspace()
        // An opaque red box around a short word, its block centred at (0.3, 0.6) of a 320×180 frame.
        let image = try still(ws, overlay: ##"{ "type": "text", "text": "Hi", "start": 0, "font": { "size": 24, "color": "#FFFFFF" }, "box": { "color": "#FF0000", "padding": 8 }, "position": { "x": 0.3, "y": 0.6 } }"##,
                              background: "#000000")
        let b = try XCTUnwrap(image.bounds(of: (255, 0, 0), tolerance: 40))
        XCTAssertEqual(Double(b.minX + b.maxX + 1) / 2, 96, accuracy: 1.5)
        XCTAssertEqual(Double(b.minY + b.maxY + 1) / 2, 108, accuracy: 1.5)
        // The box holds the line: 1.2 × 24 px high plus the padding on both sides.
        XCTAssertEqual(Double(b.maxY - b.minY + 1), 24 * 1.2 + 16, accuracy: 2)
    }

    func testFillStrokeAndShadowColours() throws {
        let ws = try Workspace()
        // U+2588 FULL BLOCK is a plain rectangle: white fill, 6 px green stroke, a red shadow 40 px right.
        let image = try still(ws, overlay: ##"{ "type": "text", "text": "█", "start": 0, "font": { "family": "DejaVu Sans", "size": 60, "color": "#FFFFFF" }, "stroke": { "color": "#00FF00", "width": 6 }, "shadow": { "color": "#FF0000", "x": 40, "y": 0 } }"##)
        let fill = try XCTUnwrap(image.bounds(of: (255, 255, 255)))
        let stroke = try XCTUnwrap(image.bounds(of: (0, 255, 0), tolerance: 40))
        let shadow = try XCTUnwrap(image.bounds(of: (255, 0, 0), tolerance: 40))
        let row = (fill.minY + fill.maxY) / 2
        // Around the fill, a green ring about 6 px wide on each side.
        XCTAssertEqual(Double(fill.minX - stroke.minX), 6, accuracy: 1.5)
        XCTAssertEqual(Double(stroke.maxX - fill.maxX), 6, accuracy: 1.5)
        XCTAssertEqual(Double(fill.minY - stroke.minY), 6, accuracy: 1.5)
        // The shadow (the stroked shape) shows past the stroke's right edge, 40 px further right.
        XCTAssertEqual(shadow.maxX - stroke.maxX, 40, accuracy: 2)
        XCTAssertTrue(image.matches(stroke.maxX + 20, row, (255, 0, 0), tolerance: 40))
        XCTAssertTrue(image.matches(stroke.minX - 10, row, (0, 0, 255), tolerance: 30), "the video shows left of the text")
        // No fringe: along the row every pixel is near one of the four colours or on a short edge between
        // two, and none is dark (each colour has a full channel, so a mix of two neighbours keeps one at
        // half or more; a halo of black or of the transparent pixels' colour would not).
        let palette = [(255, 255, 255), (0, 255, 0), (255, 0, 0), (0, 0, 255)]
        var odd = 0
        for x in 0..<image.width where !palette.contains(where: { image.matches(x, row, $0, tolerance: 40) }) { odd += 1 }
        XCTAssertLessThanOrEqual(odd, 15, "only the antialiased edges (5 of them, 3 px at most in 4:2:0) are in between")
        for x in 0..<image.width {
            let p = image.pixel(x, row)
            XCTAssertGreaterThan(max(p.r, p.g, p.b), 110, "a dark fringe at x = \(x): \(p)")
        }
    }

    func testTextIsCompositedInTheOutputsMatrix() throws {
        let ws = try Workspace()
        // A half-transparent white box over black: mid grey in RGB, for SD (BT.601) and HD (BT.709) sizes.
        for size in [(320, 180), (1280, 720)] {
            let image = try still(ws, overlay: ##"{ "type": "text", "text": "█", "start": 0, "font": { "family": "DejaVu Sans", "size": 80, "color": "#FF8000" }, "box": { "color": "#FFFFFF80", "padding": 20 } }"##,
                                  size: size, background: "#000000", name: "m\(size.0).png")
            let fill = try XCTUnwrap(image.bounds(of: (255, 128, 0), tolerance: 16), "orange keeps its hue at \(size)")
            XCTAssertTrue(image.matches(fill.minX - 10, (fill.minY + fill.maxY) / 2, (128, 128, 128), tolerance: 12), "\(image.pixel(fill.minX - 10, (fill.minY + fill.maxY) / 2))")
        }
    }

    func testCaptionsShowOnlyInsideTheirCues() throws {
        let ws = try Workspace()
        try "1\n00:00:00,500 --> 00:00:01,000\nHello there\n".write(toFile: ws.path("c.srt"), atomically: true, encoding: .utf8)
        let path = try ws.render(##"""
        { "version": 1, "output": { "format": "mp4", "width": 320, "height": 180, "frameRate": 10, "video": { "crf": 10 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [ { "type": "captions", "src": "c.srt", "start": 0.25 } ] } }
        """##)
        let frames = try Tools.lumaFrames(path, width: 320, height: 180)
        XCTAssertEqual(frames.count, 20)
        let lit = frames.map { f in f.filter { $0 > 100 }.count }
        // The cue plays 0.75 ..< 1.25 s on the timeline (0.5–1.0 s, offset by the overlay's start).
        for (i, n) in lit.enumerated() {
            if (8...12).contains(i) { XCTAssertGreaterThan(n, 200, "frame \(i) shows the cue") } else { XCTAssertEqual(n, 0, "frame \(i)") }
        }
        // The caption sits low: its white pixels are centred near y = 0.88 of the frame.
        let rows = (0..<180).filter { y in (0..<320).contains { frames[10][y * 320 + $0] > 100 } }
        XCTAssertEqual(Double(rows.first! + rows.last!) / 2, 0.88 * 180, accuracy: 4)
    }

    func testHighlightFollowsTheSpokenWord() throws {
        let ws = try Workspace()
        // Two words of equal length share the cue's 2 s by length; with WebVTT timestamps the second
        // word starts at 0.3 s instead.
        try "1\n00:00:00,000 --> 00:00:02,000\nMMMM WWWW\n".write(toFile: ws.path("even.srt"), atomically: true, encoding: .utf8)
        try "WEBVTT\n\n00:00.000 --> 00:02.000\nMMMM <00:00.300>WWWW\n".write(toFile: ws.path("timed.vtt"), atomically: true, encoding: .utf8)
        func redHalf(_ src: String, at t: Double) throws -> (left: Int, right: Int) {
            let image = try still(ws, overlay: ##"{ "type": "captions", "src": "\##(src)", "start": 0, "font": { "family": "DejaVu Sans", "size": 24 }, "stroke": { "color": "#000000", "width": 0 }, "highlight": { "color": "#FF0000" }, "position": { "x": 0.5, "y": 0.5 } }"##,
                                  background: "#000000", at: t, name: "\(src)-\(t).png")
            var left = 0, right = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.matches(x, y, (255, 0, 0), tolerance: 60) {
                    if x < 160 { left += 1 } else { right += 1 }
                }
            }
            return (left, right)
        }
        let early = try redHalf("even.srt", at: 0.5), late = try redHalf("even.srt", at: 1.5)
        XCTAssertGreaterThan(early.left, 50)
        XCTAssertEqual(early.right, 0, "the first word is spoken in the first half")
        XCTAssertGreaterThan(late.right, 50)
        XCTAssertEqual(late.left, 0, "then the second")
        let timed = try redHalf("timed.vtt", at: 0.5)
        XCTAssertGreaterThan(timed.right, 50, "the inline timestamp starts the second word at 0.3 s")
        XCTAssertEqual(timed.left, 0)
    }

    func testTypewriterRevealsInLogicalOrder() throws {
        let ws = try Workspace()
        func lit(_ text: String, at t: Double) throws -> (left: Int, right: Int) {
            let image = try still(ws, overlay: ##"{ "type": "text", "text": "\##(text)", "start": 0, "duration": 2, "font": { "family": "DejaVu Sans", "size": 40, "color": "#FFFFFF" }, "animations": [ { "type": "typewriter", "duration": 1 } ] }"##,
                                  background: "#000000", at: t)
            return (image.count(differingFrom: (0, 0, 0), in: 0..<160), image.count(differingFrom: (0, 0, 0), in: 160..<320))
        }
        XCTAssertEqual(try lit("ABCDEF", at: 0).left + lit("ABCDEF", at: 0).right, 0, "nothing at the start")
        // At 0.4 s two of the six characters are shown.
        let half = try lit("ABCDEF", at: 0.4)
        XCTAssertGreaterThan(half.left, 100)
        XCTAssertEqual(half.right, 0, "Latin reveals left to right")
        let hebrew = try lit("אבגדהו", at: 0.4)
        XCTAssertGreaterThan(hebrew.right, 100)
        XCTAssertEqual(hebrew.left, 0, "Hebrew reveals right to left")
        let done = try lit("ABCDEF", at: 1.5)
        XCTAssertGreaterThan(done.right, 100, "everything once the in-phase is over")
    }

    func testRefusalsCarryPointers() throws {
        let ws = try Workspace()
        try "WEBVTT\n\n00:01.000 --> 00:00.500\nbackwards\n".write(toFile: ws.path("bad.vtt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
          { "type": "text", "text": "ok \u0378", "start": 0 },
          { "type": "text", "text": "ok", "start": 0, "font": { "family": "Missing Family Pro" } },
          { "type": "captions", "src": "bad.vtt", "start": 0 },
          { "type": "text", "text": "ok", "start": 0, "font": { "src": "bad.vtt" } } ] } }
        """##)) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            let byPointer = Dictionary(problems.map { ($0.pointer, $0.message) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(byPointer["/timeline/overlays/0/text"], "has a character no installed font can draw: U+0378")
            XCTAssertEqual(byPointer["/timeline/overlays/1/font/family"], "font family \"Missing Family Pro\" is not installed")
            XCTAssertEqual(byPointer["/timeline/overlays/2/src"], "\"bad.vtt\" is not an SRT or WebVTT file: line 3: the cue ends (0.5 s) before it starts (1 s)")
            XCTAssertEqual(byPointer["/timeline/overlays/3/font/src"]?.hasPrefix("\"bad.vtt\" is not a font FreeType can open"), true)
            XCTAssertEqual(problems.count, 4)
        }
    }

    func testAHugeTextBlockIsRefusedAtSubmitNotOutOfMemory() throws {
        let ws = try Workspace()
        let text = String(repeating: "W", count: 200)
        XCTAssertThrowsError(try ws.render(##"""
        { "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "text", "text": "\##(text)", "start": 0, "font": { "size": 900 } } ] } }
        """##)) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.pointer), ["/timeline/overlays/0/text"])
            XCTAssertTrue(problems.first?.message.hasPrefix("sets a text block of ") ?? false, "\(problems)")
        }
    }

    func testAHugeCaptionCueFailsWithAReasonNotOutOfMemory() throws {
        let ws = try Workspace()
        try "WEBVTT\n\n00:00.000 --> 00:01.000\n\(String(repeating: "W", count: 200))\n".write(toFile: ws.path("big.vtt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ws.render(##"""
        { "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "captions", "src": "big.vtt", "start": 0, "font": { "size": 900 } } ] } }
        """##)) { error in
            guard case let RenderError.source(pointer, _, cause) = error, case .tooLarge? = (cause as? TextError)?.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(pointer, "/timeline/overlays/0")
            XCTAssertFalse((error as? RenderError)?.isRetryable ?? true)
        }
    }

    func testCLIValidateRefusesMissingGlyphs() throws {
        let ws = try Workspace()
        let spec = try ws.spec(##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ { "type": "text", "text": "\u0378", "start": 0 } ] } }"##)
        for command in [["validate", spec], ["render", spec, "-o", ws.path("x.mp4")]] {
            let r = try Tools.run(Tools.reelBinary, command)
            XCTAssertNotEqual(r.status, 0)
            XCTAssertTrue(r.stderr.contains("/timeline/overlays/0/text: has a character no installed font can draw: U+0378"), r.stderr)
        }
    }
}
