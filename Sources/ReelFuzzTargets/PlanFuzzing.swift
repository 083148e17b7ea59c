import Foundation
import ReelEngine
import ReelSpec

/// The planner and the first frame's drawing on specs built from the input (structure-aware): the
/// bytes choose shapes (rectangles, ellipses, polygons, lines, SVG paths of every command with
/// numbers from the edges of arithmetic), strokes and dashes, masks, nested groups and a Lottie
/// file (precompositions used many times, repeaters, dashes, gradients), so the fuzzer spends its
/// time where hostile specs took the server down, not on JSON syntax the spec fuzzer covers. Each
/// spec is planned (as a submit is judged) and, planned, its first frame drawn small as a preview
/// draws it. Nothing may trap or hang (libFuzzer's -timeout), whatever is refused.
enum PlanFuzzing {
    /// Choices read from the input, 0 once it is spent (so every input makes a spec).
    struct Choices {
        let bytes: [UInt8]
        var at = 0

        mutating func next(_ n: Int) -> Int {
            guard at < bytes.count, n > 1 else { return 0 }
            defer { at += 1 }
            return Int(bytes[at]) % n
        }

        mutating func flag() -> Bool { next(2) == 1 }

        /// A number as text, from values near the edges: tiny, huge, negative, fractional, zero.
        mutating func number() -> String {
            let palette = ["0", "1", "-1", "0.5", "2", "10", "64", "100", "-100", "1e-9", "1e-300", "1e-320", "5e-324", "1e7", "-1e7",
                           "9999999", "0.0001", "3.14159", "1000", "16384", "7"]
            return palette[next(palette.count)]
        }

        /// A fraction of the frame, mostly inside it.
        mutating func fraction() -> String { ["0", "0.25", "0.5", "0.75", "1", "-0.5", "2", "0.001"][next(8)] }
    }

    static func run(_ bytes: [UInt8]) {
        var c = Choices(bytes: bytes)
        let root = mediaRoot
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let lottie = c.flag()
        if lottie { _ = FileManager.default.createFile(atPath: root + "/anim.json", contents: Data(lottieDocument(&c).utf8)) }
        var overlays: [String] = []
        for _ in 0..<(1 + c.next(3)) { overlays.append(item(&c, depth: 0)) }
        if lottie { overlays.append(##"{"type": "lottie", "src": "anim.json", "start": 0, "frame": {"x": 0.5, "y": 0.5, "width": 0.5}}"##) }
        let spec = ##"{"version": 1, "output": {"width": 64, "height": 36, "frameRate": 10}, "timeline": {"videos": [{"color": "#203040", "duration": 0.3}], "overlays": ["##
            + overlays.joined(separator: ", ") + "]}}"
        let planning = SpecPlanning(resolver: SourceResolver(mediaRoot: root))
        guard case .success(let planned) = planning.plan(text: spec) else { return }
        _ = try? PreviewContext(plan: planned.plan, format: .png).image(at: .zero, width: 32)
    }

    private static let mediaRoot = NSTemporaryDirectory() + "reel-fuzz-plan-\(getpid())"

    /// A shape or a group of them, with a stroke, a dash or a mask as the bytes say.
    static func item(_ c: inout Choices, depth: Int) -> String {
        if depth < 3 && c.next(5) == 0 {
            let items = (0..<(1 + c.next(3))).map { _ in item(&c, depth: depth + 1) }
            let size = ["64", "8192", "1", "0.5"][c.next(4)]
            return ##"{"type": "group", "start": 0, "frame": {"x": 0.5, "y": 0.5, "width": "\##(size)px", "height": "\##(size)px"}, "items": [\##(items.joined(separator: ", "))]}"##
        }
        var fields = [##""type": "shape""##, ##""start": 0"##] + geometry(&c)
        if c.flag() {
            var stroke = ##""color": "#FFFFFF", "width": \##(c.number())"##
            if c.flag() { stroke += ##", "dash": [\##((0..<(1 + c.next(3))).map { _ in c.number() }.joined(separator: ", "))]"## }
            if c.flag() { stroke += ##", "dashOffset": \##(c.number())"## }
            fields.append(##""stroke": {\##(stroke)}"##)
        } else {
            fields.append(##""fill": "#FF8000""##)
        }
        if c.flag() { fields.append(##""mask": {"shape": {\##(geometry(&c).joined(separator: ", "))}, "feather": \##(["0", "2", "100"][c.next(3)])}"##) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A shape's kind and geometry.
    static func geometry(_ c: inout Choices) -> [String] {
        let frame = ##""frame": {"x": \##(c.fraction()), "y": \##(c.fraction()), "width": \##(c.fraction()), "height": \##(c.fraction())}"##
        switch c.next(5) {
        case 0: return [##""shape": "rect""##, frame, ##""radius": \##(c.number())"##]
        case 1: return [##""shape": "ellipse""##, frame]
        case 2:
            let points = (0..<(3 + c.next(4))).map { _ in "[\(c.fraction()), \(c.fraction())]" }
            return [##""shape": "polygon""##, ##""points": [\##(points.joined(separator: ", "))]"##]
        case 3: return [##""shape": "line""##, ##""from": [\##(c.fraction()), \##(c.fraction())]"##, ##""to": [\##(c.fraction()), \##(c.fraction())]"##]
        default: return [##""shape": "path""##, ##""d": "\##(pathData(&c))""##]
        }
    }

    /// SVG path data of every command, absolute and relative, with the palette's numbers.
    static func pathData(_ c: inout Choices) -> String {
        var d = "M\(c.number()) \(c.number())"
        for _ in 0..<(1 + c.next(6)) {
            let command = Array("LlHhVvCcSsQqTtAaZ")[c.next(17)]
            let arity: Int
            switch command {
            case "L", "l", "T", "t": arity = 2
            case "H", "h", "V", "v": arity = 1
            case "C", "c": arity = 6
            case "S", "s", "Q", "q": arity = 4
            case "Z": arity = 0
            default:
                d += "\(command)\(c.number()) \(c.number()) \(c.number()) \(c.next(2)) \(c.next(2)) \(c.number()) \(c.number())"
                continue
            }
            d += String(command) + (0..<arity).map { _ in c.number() }.joined(separator: " ")
        }
        return d
    }

    /// A Lottie document: a shape layer (rectangle, ellipse, path, fill, stroke with a dash,
    /// gradient, repeater), precompositions that use the next one or more times.
    static func lottieDocument(_ c: inout Choices) -> String {
        func value(_ v: String) -> String { ##"{"a": 0, "k": \##(v)}"## }
        var shapes = [##"{"ty": "rc", "s": \##(value("[20, 20]")), "p": \##(value("[32, 32]")), "r": \##(value(c.number()))}"##,
                      ##"{"ty": "el", "s": \##(value("[" + c.number() + ", 30]")), "p": \##(value("[32, 32]"))}"##,
                      ##"{"ty": "fl", "c": \##(value("[1, 0, 0, 1]")), "o": \##(value("100"))}"##]
        if c.flag() {
            shapes.append(##"{"ty": "st", "c": \##(value("[1, 1, 1, 1]")), "o": \##(value("100")), "w": \##(value(c.number())), "d": [{"n": "d", "v": \##(value(c.number()))}, {"n": "g", "v": \##(value(c.number()))}]}"##)
        }
        if c.flag() {
            shapes.append(##"{"ty": "gf", "o": \##(value("100")), "s": \##(value("[0, 0]")), "e": \##(value("[64, 64]")), "t": 1, "g": {"p": \##(c.number()), "k": \##(value("[0, 1, 0, 0, 1, 0, 0, 1]"))}}"##)
        }
        if c.flag() {
            shapes.append(##"{"ty": "rp", "c": \##(value(c.number())), "o": \##(value("0")), "m": 1, "tr": {"ty": "tr", "p": \##(value("[2, 0]")), "a": \##(value("[0, 0]")), "s": \##(value("[100, 100]")), "r": \##(value("0")), "so": \##(value("100")), "eo": \##(value("100"))}}"##)
        }
        let shapeLayer = ##"{"ty": 4, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [\##(shapes.joined(separator: ", "))]}"##
        let levels = c.next(24), fanOut = 1 + c.next(3)
        var assets: [String] = []
        for i in 0..<levels {
            let inner = i == levels - 1 ? shapeLayer
                : Array(repeating: ##"{"ty": 0, "refId": "c\##(i + 1)", "ip": 0, "op": 30, "st": 0, "w": 64, "h": 64, "ks": {}}"##, count: fanOut).joined(separator: ", ")
            assets.append(##"{"id": "c\##(i)", "layers": [\##(inner)]}"##)
        }
        let top = levels > 0 ? ##"{"ty": 0, "refId": "c0", "ip": 0, "op": 30, "st": 0, "w": 64, "h": 64, "ks": {}}"## : shapeLayer
        return ##"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "layers": [\##(top)], "assets": [\##(assets.joined(separator: ", "))]}"##
    }
}
