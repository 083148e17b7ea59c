import XCTest
import ReelSpec

final class VideoValidationTests: XCTestCase {
    private let item = "/timeline/videos/0"

    func testSrcOrColor() {
        XCTAssertEqual(problems(specWithVideo(##"{"src": "a.mp4", "color": "#000000"}"##)),
                       [SpecProblem(pointer: "\(item)/color", message: "cannot be given together with src")])
        XCTAssertEqual(problems(specWithVideo(#"{"duration": 2}"#)),
                       [SpecProblem(pointer: item, message: "needs either src or color")])
        XCTAssertEqual(message(specWithVideo(#"{"src": ""}"#), at: "\(item)/src"), "must not be empty")
        XCTAssertEqual(message(specWithVideo(#"{"src": 7}"#), at: "\(item)/src"), "must be a string, found a number")
        XCTAssertEqual(message(specWithVideo(#"{"color": "red", "duration": 1}"#), at: "\(item)/color"),
                       ##"must be a colour written "#RRGGBB" or "#RRGGBBAA""##)
        XCTAssertEqual(message(specWithVideo("3"), at: item), "must be an object, found a number")
    }

    func testColourCards() {
        XCTAssertEqual(problems(specWithVideo(##"{"color": "#102030"}"##)),
                       [SpecProblem(pointer: "\(item)/duration", message: "is required for a colour card")])
        XCTAssertEqual(pointers(specWithVideo(##"{"color": "#102030", "duration": 2, "sourceRange": {"duration": 1}, "motion": "zoomIn"}"##)),
                       ["\(item)/sourceRange", "\(item)/motion"])
        XCTAssertEqual(message(specWithVideo(##"{"color": "#102030", "duration": 2, "motion": "zoomIn"}"##), at: "\(item)/motion"),
                       "is only allowed on items with src")
        XCTAssertEqual(decodeOK(specWithVideo(##"{"color": "#aabbcc", "duration": "1/3"}"##))?.timeline.videos[0].duration,
                       Time(value: 1, timescale: 3))
    }

    func testSourceRangeAndDuration() {
        XCTAssertEqual(problems(specWithVideo(#"{"src": "a.mp4", "sourceRange": {"duration": 1}, "duration": 1}"#)),
                       [SpecProblem(pointer: "\(item)/duration", message: "cannot be given together with sourceRange")])
        XCTAssertEqual(problems(specWithVideo(#"{"src": "a.mp4", "sourceRange": {"start": 2, "duration": 0}}"#)),
                       [SpecProblem(pointer: "\(item)/sourceRange/duration", message: "must be greater than 0")])
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "sourceRange": {"start": "-1/2", "duration": 1}}"#),
                               at: "\(item)/sourceRange/start"), "must be at least 0")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.jpg", "duration": -1}"#), at: "\(item)/duration"),
                       "must be greater than 0")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "sourceRange": [0, 1]}"#), at: "\(item)/sourceRange"),
                       "must be an object, found an array")
    }

    func testSpeed() {
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "speed": 5}"#), at: "\(item)/speed"), "must be between 0.25 and 4")
        XCTAssertEqual(pointers(specWithVideo(#"{"src": "a.mp4", "speed": 0.2}"#)), ["\(item)/speed"])
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "speed": 0.25}"#))?.timeline.videos[0].speed, Rational(1, 4))
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "speed": "3/2"}"#))?.timeline.videos[0].speed, Rational(3, 2))
        XCTAssertEqual(message(specWithVideo(##"{"color": "#000000", "duration": 1, "speed": 2}"##), at: "\(item)/speed"),
                       "is not allowed on a colour card, which has no time to play faster or slower")
    }

    func testAudioTrack() {
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "audioTrack": {"language": "spa"}}"#))?.timeline.videos[0].audioTrack,
                       .language("spa"))
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "audioTrack": {"index": 1}}"#))?.timeline.videos[0].audioTrack, .index(1))
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "audioTrack": {"language": "Spanish"}}"#), at: "\(item)/audioTrack/language"),
                       "must be an ISO 639-2 code: three lowercase letters, e.g. spa")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "audioTrack": {"language": "spa", "index": 0}}"#), at: "\(item)/audioTrack/index"),
                       "cannot be given together with language")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "audioTrack": {}}"#), at: "\(item)/audioTrack"), "needs language or index")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "audioTrack": {"index": -1}}"#), at: "\(item)/audioTrack/index"),
                       "must be at least 0")
    }

    func testVolume() {
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "volume": 0.5}"#))?.timeline.videos[0].volume, .constant(0.5))
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "volume": 11}"#), at: "\(item)/volume"), "must be between 0 and 10")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "volume": 1e999}"#), at: "\(item)/volume"), "is out of range")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "volume": []}"#), at: "\(item)/volume"), "must not be empty")
        XCTAssertEqual(message(specWithVideo(#"{"src": "a.mp4", "volume": "loud"}"#), at: "\(item)/volume"),
                       "must be a number or an array of {time, value} points, found a string")
        let json = specWithVideo(#"{"src": "a.mp4", "volume": [{"time": 1, "value": 1}, {"time": 1, "value": 0.5},"#
            + #" {"time": 0.5, "value": 12}, {"value": 1}, {"time": 2, "value": 1, "ease": 1}]}"#)
        XCTAssertEqual(pointers(json), ["\(item)/volume/1/time", "\(item)/volume/2/time", "\(item)/volume/2/value",
                                        "\(item)/volume/3/time", "\(item)/volume/4/ease"])
        XCTAssertEqual(message(json, at: "\(item)/volume/1/time"), "must be later than the previous point (1 s)")
        XCTAssertEqual(message(json, at: "\(item)/volume/3/time"), "is required")
        XCTAssertEqual(message(json, at: "\(item)/volume/4/ease"), "unknown field")
    }

    /// A blur's amount may be named `radius` (docs/API.md (compositing)), not both; radius belongs to blur only.
    func testABlurTakesItsRadius() {
        XCTAssertEqual(decodeOK(specWithVideo(#"{"src": "a.mp4", "filters": [{"type": "blur", "radius": 12}]}"#))?.timeline.videos[0].filters,
                       [FilterSpec(kind: .blur, amount: 12)])
        let json = specWithVideo(#"{"src": "a.mp4", "filters": [{"type": "blur", "radius": 3, "amount": 3}, {"type": "blur", "radius": 101},"#
            + #" {"type": "brightness", "amount": 0.1, "radius": 2}]}"#)
        XCTAssertEqual(pointers(json), ["\(item)/filters/0/amount", "\(item)/filters/1/radius", "\(item)/filters/2/radius"])
    }

    func testFilters() {
        let ok = decodeOK(specWithVideo(#"{"src": "a.mp4", "filters": ["grayscale", {"type": "brightness", "amount": -0.5},"#
            + #" {"type": "blur", "amount": 100}, {"type": "grayscale"}]}"#))
        XCTAssertEqual(ok?.timeline.videos[0].filters, [FilterSpec(kind: .grayscale), FilterSpec(kind: .brightness, amount: -0.5),
                                                        FilterSpec(kind: .blur, amount: 100), FilterSpec(kind: .grayscale)])
        let json = specWithVideo(#"{"src": "a.mp4", "filters": ["sepia", "blur", {"type": "grayscale", "amount": 1},"#
            + #" {"type": "brightness", "amount": 2}, {"type": "contrast"}, {"type": "saturation", "amount": 4.5}, 3,"#
            + #" {"amount": 1}]}"#)
        XCTAssertEqual(pointers(json), ["\(item)/filters/0", "\(item)/filters/1", "\(item)/filters/2/amount",
                                        "\(item)/filters/3/amount", "\(item)/filters/4/amount", "\(item)/filters/5/amount",
                                        "\(item)/filters/6", "\(item)/filters/7/type"])
        XCTAssertEqual(message(json, at: "\(item)/filters/0"),
                       #"must be one of grayscale, brightness, contrast, saturation or blur (found "sepia")"#)
        XCTAssertEqual(message(json, at: "\(item)/filters/1"), #"needs an amount: write {"type": "blur", "amount": …}"#)
        XCTAssertEqual(message(json, at: "\(item)/filters/2/amount"), "is not allowed for grayscale")
        XCTAssertEqual(message(json, at: "\(item)/filters/3/amount"), "must be between -1 and 1")
        XCTAssertEqual(message(json, at: "\(item)/filters/4/amount"), "is required")
        XCTAssertEqual(message(json, at: "\(item)/filters/5/amount"), "must be between 0 and 4")
    }

    func testKeyframes() {
        let ok = decodeOK(specWithVideo(#"{"src": "a.mp4", "keyframes": [{"time": 0, "scale": 1, "x": -0.5},"#
            + #" {"time": 1, "rotation": 370, "crop": {"x": 0.7, "y": 0, "width": 0.3, "height": 1}, "easing": "easeInOut"}]}"#))
        let k = ok?.timeline.videos[0].keyframes
        XCTAssertEqual(k?.count, 2)
        XCTAssertEqual(k?[0].x, .fraction(-0.5))
        XCTAssertEqual(k?[1].crop, FractionRect(x: 0.7, y: 0, width: 0.3, height: 1))
        XCTAssertEqual(k?[1].easing, .easeInOut)
        XCTAssertEqual(k?[0].easing, .linear)

        let json = specWithVideo(#"{"src": "a.mp4", "keyframes": [{"time": 1, "opacity": 2}, {"time": 0.5, "scale": 0},"#
            + #" {"time": 2}, {"time": 3, "crop": {"x": 0.5, "y": 0.5, "width": 0.6, "height": 0}},"#
            + #" {"time": 4, "x": 1, "easing": "bounce"}, {"opacity": 1}]}"#)
        let k0 = "\(item)/keyframes"
        XCTAssertEqual(pointers(json), ["\(k0)/0/opacity", "\(k0)/1/time", "\(k0)/1/scale", "\(k0)/2",
                                        "\(k0)/3/crop/width", "\(k0)/3/crop/height", "\(k0)/4/easing", "\(k0)/5/time"])
        XCTAssertEqual(message(json, at: "\(k0)/1/time"), "must be later than the previous keyframe (1 s)")
        XCTAssertEqual(message(json, at: "\(k0)/1/scale"), "must be between 0.01 and 100")
        XCTAssertEqual(message(json, at: "\(k0)/2"), "must set at least one of opacity, x, y, scale, rotation, crop, points, fill, strokeColor, dash, maskFrame, maskPoints, radius, strokeWidth, dashOffset, feather, similarity, smoothness, spill, brightness, contrast, saturation, blur, blurRadius or dim")
        XCTAssertEqual(message(json, at: "\(k0)/3/crop/width"), "x + width must be at most 1")
        XCTAssertEqual(message(json, at: "\(k0)/3/crop/height"), "must be greater than 0 and at most 1")
        XCTAssertEqual(message(json, at: "\(k0)/4/easing"),
                       #"must be one of linear, easeIn, easeOut or easeInOut (found "bounce")"#)
    }

    /// A chroma key with a bad colour still has its other members read: each problem at its own
    /// pointer, none of them called an unknown field (a template's `"color": "{{key}}"` is stored).
    func testAChromaKeysMembersAreEachJudgedAtTheirPointer() {
        let key = "/timeline/videos/0/chromaKey"
        XCTAssertEqual(pointers(specWithVideo(##"{"src": "a.mp4", "chromaKey": {"color": "green", "similarity": 0.2, "smoothness": 0.1, "spill": 0.4}}"##)),
                       ["\(key)/color"])
        XCTAssertEqual(pointers(specWithVideo(##"{"src": "a.mp4", "chromaKey": {"color": "#00FF0080", "similarity": 2, "spill": 0.4}}"##)),
                       ["\(key)/color", "\(key)/similarity"])
        XCTAssertNotNil(decodeOK(specWithVideo(##"{"src": "a.mp4", "chromaKey": {"color": "#00B140", "similarity": 0.12, "smoothness": 0.08}}"##)))
    }

    func testOtherMembers() {
        let s = decodeOK(specWithVideo(#"{"src": "a.jpg", "duration": 3, "muted": true, "fit": "stretch", "motion": "panLeft"}"#))
        XCTAssertEqual(s?.timeline.videos[0].muted, true)
        XCTAssertEqual(s?.timeline.videos[0].fit, .stretch)
        XCTAssertEqual(s?.timeline.videos[0].motion, .panLeft)
        let json = specWithVideo(#"{"src": "a.mp4", "muted": 1, "fit": "crop", "motion": "dolly", "filters": "grayscale", "keyframes": {}}"#)
        XCTAssertEqual(pointers(json), ["\(item)/muted", "\(item)/fit", "\(item)/motion", "\(item)/filters", "\(item)/keyframes"])
    }

    func testSeveralItemsReportEverythingAtOnce() {
        let json = spec(timeline: ##""videos": [{"src": "a.mp4", "speed": 9}, {"color": "#123"}, {"src": "b.mp4", "volume": -1},"##
            + #" {"src": "c.jpg", "duration": 0, "tint": 1}, {"src": "d.mp4"}]"#)
        XCTAssertEqual(pointers(json), ["/timeline/videos/0/speed", "/timeline/videos/1/color", "/timeline/videos/1/duration",
                                        "/timeline/videos/2/volume", "/timeline/videos/3/duration", "/timeline/videos/3/tint"])
    }
}
