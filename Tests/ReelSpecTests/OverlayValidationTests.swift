import XCTest
import ReelSpec

final class OverlayValidationTests: XCTestCase {
    private let o = "/timeline/overlays/0"

    func testTextOverlay() throws {
        let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "text", "text": "Hi", "start": 0, "font": {"size": 32, "weight": 600},"#
            + ##" "stroke": {"color": "#000000", "width": 2}, "shadow": {"color": "#00000080", "blur": 4}, "box": {"color": "#FFFFFF"},"##
            + #" "align": "left", "maxWidth": 0.8}"#)))
        guard case .text(let style) = s.timeline.overlays[0].content else { return XCTFail() }
        XCTAssertEqual(style.text, "Hi")
        XCTAssertNil(style.family)
        XCTAssertEqual(style.size, 32)
        XCTAssertEqual(style.weight, 600)
        XCTAssertEqual(style.color, .white)
        XCTAssertEqual(style.stroke?.width, 2)
        XCTAssertEqual(style.shadow?.blur, 4)
        XCTAssertEqual(style.shadow?.x, 0)
        XCTAssertEqual(style.shadow?.color.alpha, 0x80)
        XCTAssertEqual(style.box?.padding, 0)
        XCTAssertEqual(style.align, .left)
        XCTAssertEqual(style.maxWidth, 0.8)
    }

    func testTextRules() {
        let json = specWithOverlay(#"{"type": "text", "text": "", "start": 0, "font": {"family": "", "size": 0, "weight": "heavy", "color": "white", "style": "oblique"},"#
            + ##" "stroke": {"color": "#000000"}, "shadow": {"color": "#000000", "blur": -1}, "box": {"color": "#000000", "padding": -2},"##
            + #" "align": "justify", "maxWidth": 0, "src": "x.png", "muted": true}"#)
        XCTAssertEqual(pointers(json), ["\(o)/text", "\(o)/font/family", "\(o)/font/size", "\(o)/font/weight", "\(o)/font/color",
                                        "\(o)/font/style", "\(o)/stroke/width", "\(o)/shadow/blur", "\(o)/box/padding",
                                        "\(o)/align", "\(o)/maxWidth", "\(o)/src", "\(o)/muted"])
        XCTAssertEqual(message(json, at: "\(o)/font/weight"), #"must be "normal", "bold" or a number from 100 to 900"#)
        XCTAssertEqual(message(json, at: "\(o)/font/size"), "must be between 1 and 1000")
        XCTAssertEqual(message(json, at: "\(o)/maxWidth"), "must be greater than 0 and at most 1")
        XCTAssertEqual(message(json, at: "\(o)/src"), "is not allowed on text overlays")
        XCTAssertEqual(message(specWithOverlay(#"{"type": "text", "start": 0, "font": {"weight": 950}}"#), at: "\(o)/font/weight"),
                       "must be between 100 and 900")
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "text", "start": 0}"#)), ["\(o)/text"])
    }

    func testTextFontFileStyleAndBoxRadius() throws {
        let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "text", "text": "Hi", "start": 0, "font": {"src": "upload:F1", "style": "italic"},"#
            + ##" "box": {"color": "#000000", "radius": 6, "padding": 4}, "lineHeight": 1.5, "animations": ["typewriter"]}"##)))
        guard case .text(let style) = s.timeline.overlays[0].content else { return XCTFail() }
        XCTAssertEqual(style.fontSrc, "upload:F1")
        XCTAssertNil(style.family)
        XCTAssertTrue(style.italic)
        XCTAssertEqual(style.box?.radius, 6)
        XCTAssertEqual(style.lineHeight, 1.5)
        XCTAssertEqual(s.timeline.overlays[0].animations.map(\.kind), [.typewriter])
        XCTAssertEqual(message(specWithOverlay(#"{"type": "text", "text": "Hi", "start": 0, "font": {"src": "a.ttf", "family": "DejaVu Sans"}}"#),
                               at: "\(o)/font/src"), "cannot be given together with family")
        XCTAssertEqual(message(specWithOverlay(#"{"type": "text", "text": "Hi", "start": 0, "lineHeight": 0.1}"#), at: "\(o)/lineHeight"),
                       "must be between 0.5 and 5")
        XCTAssertEqual(message(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "animations": ["typewriter"]}"#),
                               at: "\(o)/animations/0"), "typewriter animates text; it is not allowed on image overlays")
    }

    func testCaptionsOverlay() throws {
        let s = try XCTUnwrap(decodeOK(specWithOverlay(##"{"type": "captions", "src": "subs/en.vtt", "start": 1, "highlight": {"color": "#FFFF00"}, "font": {"size": 30}}"##)))
        guard case let .captions(src, style, highlight) = s.timeline.overlays[0].content else { return XCTFail() }
        XCTAssertEqual(src, "subs/en.vtt")
        XCTAssertEqual(highlight, Color(red: 255, green: 255, blue: 0))
        XCTAssertEqual(style.size, 30)
        XCTAssertEqual(style.stroke?.color, .black, "captions keep their default black stroke")
        XCTAssertEqual(style.stroke?.width, 3)
        XCTAssertEqual(style.maxWidth, 0.9)
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "captions", "start": 0, "text": "x", "highlight": {}}"#)),
                       ["\(o)/src", "\(o)/text", "\(o)/highlight/color"])
        XCTAssertEqual(message(specWithOverlay(##"{"type": "image", "src": "a.png", "start": 0, "highlight": {"color": "#FFFFFF"}}"##),
                               at: "\(o)/highlight"), "is not allowed on image overlays")
    }

    func testImageAndVideoOverlays() throws {
        XCTAssertEqual(problems(specWithOverlay(#"{"type": "image", "start": 1, "font": {}, "volume": 1}"#)).map(\.pointer),
                       ["\(o)/src", "\(o)/font", "\(o)/volume"])
        XCTAssertEqual(message(specWithOverlay(#"{"type": "image", "start": 1, "font": {}}"#), at: "\(o)/font"),
                       "is not allowed on image overlays")
        let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "video", "src": "pip.mp4", "start": 2, "duration": 3, "volume": 0.5, "muted": true}"#)))
        XCTAssertEqual(s.timeline.overlays[0].content, .video(src: "pip.mp4", sourceRange: nil, volume: .constant(0.5), muted: true))
        XCTAssertEqual(s.timeline.overlays[0].duration, Time(seconds: 3))
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "video", "start": 0, "text": "x", "sourceRange": {"duration": 0}}"#)),
                       ["\(o)/src", "\(o)/sourceRange/duration", "\(o)/text"])
    }

    func testBadTypeDoesNotCallTypeMembersUnknown() {
        XCTAssertEqual(problems(specWithOverlay(#"{"type": "sticker", "start": 0, "text": "x", "src": "y"}"#)),
                       [SpecProblem(pointer: "\(o)/type", message: #"must be one of text, captions, image, video, shape, group, waveform or lottie (found "sticker")"#)])
        XCTAssertEqual(pointers(specWithOverlay(#"{"start": 0, "src": "y"}"#)), ["\(o)/type"])
    }

    func testCommonRules() {
        let json = specWithOverlay(#"{"type": "image", "src": "a.png", "start": -1, "duration": 0, "position": {"x": 0.5},"#
            + #" "frame": {"x": 0, "y": 0, "width": 1}, "opacity": 1.5, "keyframes": [{"time": 0}], "filters": ["blur"]}"#)
        XCTAssertEqual(pointers(json), ["\(o)/start", "\(o)/duration", "\(o)/position/y", "\(o)/frame", "\(o)/opacity",
                                        "\(o)/keyframes/0", "\(o)/filters/0"])
        XCTAssertEqual(message(json, at: "\(o)/frame"), "cannot be given together with position")
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "image", "src": "a.png"}"#)), ["\(o)/start"])
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "frame": {"x": 0, "y": 0, "width": 0, "height": -1}}"#)),
                       ["\(o)/frame/width", "\(o)/frame/height"])
        let s = decodeOK(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "frame": {"x": 0.5, "y": 0.5, "width": 0.2, "height": 0.1}}"#))
        XCTAssertEqual(s?.timeline.overlays[0].frame, FrameRect(x: .fraction(0.5), y: .fraction(0.5), width: .fraction(0.2), height: .fraction(0.1)))
    }

    /// Units wherever a fraction of the frame is taken: read as written, and every mistake named
    /// at its pointer.
    func testUnitsInPositionsFramesAndKeyframes() throws {
        let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "#
            + #""frame": {"x": "50%", "y": "120px", "width": "10vmin", "height": "2.5vh"}, "#
            + #""keyframes": [{"time": 0, "x": "-40px", "y": "+.5vmax"}, {"time": 1, "x": 0.25, "y": "1.vw"}]}"#)))
        let overlay = s.timeline.overlays[0]
        XCTAssertEqual(overlay.frame, FrameRect(x: Length(50, .percent), y: Length(120, .px), width: Length(10, .vmin), height: Length(2.5, .vh)))
        XCTAssertEqual(overlay.keyframes.map(\.x), [Length(-40, .px), .fraction(0.25)])
        XCTAssertEqual(overlay.keyframes.map(\.y), [Length(0.5, .vmax), Length(1, .vw)])
        let p = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "text", "text": "hi", "start": 0, "position": {"x": "25vw", "y": 0.9}}"#)))
        XCTAssertEqual(p.timeline.overlays[0].position, FramePoint(x: Length(25, .vw), y: .fraction(0.9)))

        let bad = specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "frame": {"x": "5em", "y": "50", "width": "0px", "#
            + #""height": true}, "keyframes": [{"time": 0, "x": "px"}, {"time": 1, "y": "1e3px"}]}"#)
        XCTAssertEqual(pointers(bad), ["\(o)/frame/x", "\(o)/frame/y", "\(o)/frame/width", "\(o)/frame/height", "\(o)/keyframes/0/x",
                                       "\(o)/keyframes/1/y"])
        XCTAssertEqual(message(bad, at: "\(o)/frame/x"),
                       "must be a number (a fraction of the frame) or a length with a unit: \"50%\", \"120px\", \"10vw\", \"10vh\", \"10vmin\" or \"10vmax\"")
        XCTAssertEqual(message(bad, at: "\(o)/frame/width"), "must be greater than 0")
        XCTAssertTrue(message(bad, at: "\(o)/frame/height")?.hasPrefix("must be a number or a string with a unit") ?? false)
    }

    /// A length resolves against the canvas it is drawn on, each unit by its rule.
    func testLengthsResolveAgainstTheCanvas() {
        let (w, h) = (1920.0, 1080.0)
        XCTAssertEqual(Length.fraction(0.25).pixels(along: .horizontal, width: w, height: h), 480)
        XCTAssertEqual(Length(50, .percent).pixels(along: .vertical, width: w, height: h), 540)
        XCTAssertEqual(Length(120, .px).fraction(along: .horizontal, width: w, height: h), 0.0625)
        XCTAssertEqual(Length(10, .vw).pixels(along: .vertical, width: w, height: h), 192, "vw is of the width on either axis")
        XCTAssertEqual(Length(10, .vh).pixels(along: .horizontal, width: w, height: h), 108)
        XCTAssertEqual(Length(10, .vmin).pixels(along: .horizontal, width: w, height: h), 108)
        XCTAssertEqual(Length(10, .vmax).pixels(along: .vertical, width: w, height: h), 192)
        XCTAssertEqual(Length.parse("12.5%"), Length(12.5, .percent))
        XCTAssertEqual(Length.parse("-3vmin"), Length(-3, .vmin))
        XCTAssertNil(Length.parse("12"), "a bare number in a string is not a length")
        XCTAssertNil(Length.parse("1..2px"))
        XCTAssertNil(Length.parse("%"))
        XCTAssertEqual(Length(120, .px).description, "120px")
        XCTAssertEqual(Length.fraction(0.5).description, "0.5")
    }

    func testBlendModes() throws {
        for mode in BlendMode.allCases {
            let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "blend": "\#(mode.rawValue)"}"#)))
            XCTAssertEqual(s.timeline.overlays[0].blend, mode)
        }
        XCTAssertEqual(try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0}"#))).timeline.overlays[0].blend, .normal)
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "blend": "dissolve"}"#)), ["\(o)/blend"])
        XCTAssertEqual(pointers(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "blend": 3}"#)), ["\(o)/blend"])
    }

    func testAnimations() throws {
        let s = try XCTUnwrap(decodeOK(specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "animations": ["spin","#
            + #" {"type": "slideIn", "direction": "up", "duration": 0.5}, {"type": "fade", "duration": 1}]}"#)))
        XCTAssertEqual(s.timeline.overlays[0].animations, [
            Animation(kind: .spin),
            Animation(kind: .slideIn, duration: Time(value: 1, timescale: 2), direction: .up),
            Animation(kind: .fade, duration: Time(seconds: 1)),
        ])
        let json = specWithOverlay(#"{"type": "image", "src": "a.png", "start": 0, "animations": ["slideIn", {"type": "slideIn"},"#
            + #" {"type": "fade", "direction": "left"}, "wobble", {"type": "pop", "duration": 0}, 1]}"#)
        let a = "\(o)/animations"
        XCTAssertEqual(pointers(json), ["\(a)/0", "\(a)/1/direction", "\(a)/2/direction", "\(a)/3", "\(a)/4/duration", "\(a)/5"])
        XCTAssertEqual(message(json, at: "\(a)/0"), #"needs a direction: write {"type": "slideIn", "direction": …}"#)
        XCTAssertEqual(message(json, at: "\(a)/1/direction"), "is required for slideIn")
        XCTAssertEqual(message(json, at: "\(a)/2/direction"), "is only allowed for slideIn")
    }
}
