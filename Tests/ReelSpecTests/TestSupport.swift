import XCTest
import ReelSpec

/// Shared helpers for the decoder tests: decode JSON text and look at the result or the problems.

/// Decodes `json`, failing the test (and returning nil) when it has problems.
func decodeOK(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> JobSpec? {
    switch SpecDecoder.decode(Array(json.utf8)) {
    case .success(let spec): return spec
    case .failure(let p):
        XCTFail("unexpected problems:\n\(p)", file: file, line: line)
        return nil
    }
}

/// The problems of `json`, empty when it decodes.
func problems(_ json: String) -> [SpecProblem] {
    switch SpecDecoder.decode(Array(json.utf8)) {
    case .success: return []
    case .failure(let p): return p.problems
    }
}

/// The set of pointers with problems.
func pointers(_ json: String) -> Set<String> { Set(problems(json).map(\.pointer)) }

/// The message reported at `pointer`, nil when none (fails when there are several).
func message(_ json: String, at pointer: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    let found = problems(json).filter { $0.pointer == pointer }
    XCTAssertLessThanOrEqual(found.count, 1, "several problems at \(pointer): \(found)", file: file, line: line)
    return found.first?.message
}

/// A spec with the given `output` members (a JSON object body, without braces) and `timeline`
/// members; videos default to one plain clip.
func spec(output: String? = nil, timeline: String = #""videos": [{"src": "a.mp4"}]"#) -> String {
    let out = output.map { #""output": {\#($0)}, "# } ?? ""
    return #"{"version": 1, \#(out)"timeline": {\#(timeline)}}"#
}

/// A spec whose only video item is `item` (a JSON object).
func specWithVideo(_ item: String) -> String { spec(timeline: #""videos": [\#(item)]"#) }

/// A spec whose only overlay is `overlay`.
func specWithOverlay(_ overlay: String) -> String {
    spec(timeline: #""videos": [{"src": "a.mp4"}], "overlays": [\#(overlay)]"#)
}

/// The product's full example spec (every part of the timeline and output), verbatim.
let productExample = #"""
{
  "version": 1,
  "output": {
    "format": "mp4",
    "width": 1280, "height": 720,
    "frameRate": 30,
    "fit": "fit",
    "background": "#000000",
    "video": { "codec": "h264", "crf": 23, "preset": "veryfast", "keyframeInterval": 2 },
    "audio": { "codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2 },
    "range": { "start": 0, "duration": 10 },
    "metadata": { "title": "Holiday", "artist": "Reel" },
    "chapters": [ { "start": 0, "title": "Arrival" }, { "start": 8, "title": "Beach" } ],
    "optimizeForNetwork": true
  },
  "timeline": {
    "videos": [
      { "src": "clips/arrival.mp4", "sourceRange": { "start": 2, "duration": 5 } },
      { "src": "upload:01J9ZQ…", "sourceRange": { "start": 0, "duration": 6 }, "filters": ["grayscale"] },
      { "src": "photos/beach.jpg", "duration": 4, "fit": "fill" },
      { "color": "#102030", "duration": 2 }
    ],
    "transitions": [
      { "type": "dissolve", "duration": 1 },
      { "type": "push", "direction": "left", "duration": 0.5 },
      null
    ],
    "overlays": [
      { "type": "text", "text": "海边 · Beach day", "start": 1, "duration": 3,
        "font": { "family": "Noto Sans CJK SC", "size": 64, "weight": "bold", "color": "#FFFFFF" },
        "position": { "x": 0.5, "y": 0.8 }, "animations": ["fade", "pop"] },
      { "type": "image", "src": "brand/logo.png", "start": 0,
        "frame": { "x": 0.85, "y": 0.08, "width": 0.12 }, "opacity": 0.8 },
      { "type": "video", "src": "clips/selfie.mp4", "start": 5, "sourceRange": { "start": 0, "duration": 4 },
        "frame": { "x": 0.78, "y": 0.75, "width": 0.3 },
        "keyframes": [ { "time": 0, "opacity": 0 }, { "time": 0.5, "opacity": 1, "easing": "easeOut" } ] }
    ],
    "voiceOvers": [
      { "src": "audio/narration.m4a", "start": 3, "volume": 1.0 }
    ],
    "music": [
      { "src": "audio/bed.mp3", "loop": true, "fadeOut": 2,
        "volume": [ { "time": 0, "value": 0.5 }, { "time": 3, "value": 0.5 }, { "time": 3.5, "value": 0.15 },
                    { "time": 9, "value": 0.15 }, { "time": 9.5, "value": 0.5 } ] }
    ]
  }
}
"""#
