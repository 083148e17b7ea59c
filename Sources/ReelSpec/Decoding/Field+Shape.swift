/// Decoding of shapes (docs/API.md (compositing)): an overlay of `type: "shape"` and a mask's `shape` read the
/// same members through `ShapeReader.read`.
enum ShapeReader {
    enum Kind: String, CaseIterable { case rect, ellipse, polygon, line, path }

    /// Every member a shape may have, for callers that skip them when the shape itself is unusable.
    static let members = ["shape", "frame", "position", "radius", "points", "from", "to", "d", "fill", "stroke"]

    /// The shape whose kind is the member `shape` of `r`; every mistake is reported at its pointer.
    static func read(_ r: ObjectReader) -> ShapeSpec? {
        let kind = r.required("shape")?.enumCase(Kind.self)
        let geometry: ShapeSpec.Geometry?
        func only(_ keys: [String]) {
            for key in ["frame", "position", "radius", "points", "from", "to", "d"] where !keys.contains(key) {
                r.reject(key, "is not allowed on shape \"\(kind?.rawValue ?? "")\"")
            }
        }
        switch kind {
        case .rect?, .ellipse?:
            let frame = r.required("frame", "is required: a \(kind!.rawValue) is placed by its frame {x, y, width, height}")?.frameRect()
            let radius: Double? = kind == .rect ? (r.field("radius")?.double(.between(0, 100_000)) ?? (r.has("radius") ? nil : 0)) : 0
            only(kind == .rect ? ["frame", "radius"] : ["frame"])
            geometry = frame.flatMap { f in radius.map { kind == .rect ? .rect(frame: f, radius: $0) : .ellipse(frame: f) } }
        case .polygon?:
            let points = r.required("points")?.array().map { $0.map { $0.point() } }
            if let points, points.count < 3 {
                r.report("points", "a polygon needs at least 3 points, found \(points.count)")
            }
            only(["points"])
            geometry = points.flatMap { p in p.count >= 3 && !p.contains(where: { $0 == nil }) ? .polygon(p.compactMap { $0 }) : nil }
        case .line?:
            let from = r.required("from")?.point(), to = r.required("to")?.point()
            only(["from", "to"])
            r.reject("fill", "is not allowed on a line (it has no inside): give it a stroke")
            if !r.has("stroke") { r.reportHere("a line needs a stroke {color, width}") }
            geometry = from.flatMap { f in to.map { .line(from: f, to: $0) } }
        case .path?:
            let commands = r.required("d")?.pathData()
            let offset = r.field("position")?.point()
            only(["d", "position"])
            geometry = commands.flatMap { c in r.has("position") && offset == nil ? nil : .path(c, offset: offset) }
        case nil:
            r.skip(["frame", "position", "radius", "points", "from", "to", "d"])
            geometry = nil
        }
        let fill = geometry?.hasArea == false ? nil : r.field("fill")?.paint()
        let stroke = r.field("stroke")?.object { s -> ShapeStroke? in
            let paint = s.required("color")?.paint()
            let width = s.required("width")?.double(.greaterThan(0, atMost: 10_000))
            var dash: [Double]? = []
            if let d = s.field("dash") { dash = Field.dashLengths(d) }
            var dashOffset: Double? = 0
            if let o = s.field("dashOffset") {
                dashOffset = o.double(.between(-1_000_000, 1_000_000))
                if s.has("dash") == false { o.report("moves a dash pattern; this stroke has no dash"); dashOffset = nil }
            }
            let join = s.field("join").map { $0.enumCase(ShapeStroke.Join.self) } ?? .miter
            let cap = s.field("cap").map { $0.enumCase(ShapeStroke.Cap.self) } ?? .butt
            guard let paint, let width, let dash, let dashOffset, let join, let cap else { return nil }
            var stroke = ShapeStroke(paint: paint, width: width)
            stroke.dash = dash.count % 2 == 1 ? dash + dash : dash
            stroke.dashOffset = dashOffset
            stroke.join = join
            stroke.cap = cap
            return stroke
        }
        guard let geometry, r.has("fill") == (fill != nil), r.has("stroke") == (stroke != nil) else { return nil }
        // A shape with neither is filled white, so the shortest spec draws something.
        let defaultFill: Paint? = !r.has("fill") && !r.has("stroke") ? .solid(.white) : nil
        return ShapeSpec(geometry: geometry, fill: fill ?? defaultFill, stroke: stroke)
    }
}

extension Field {
    /// A centre-anchored rectangle `{x, y, width, height?}` of lengths.
    func frameRect() -> FrameRect? {
        object { p -> FrameRect? in
            let x = p.required("x")?.length(), y = p.required("y")?.length()
            let width = p.required("width")?.length(positive: true)
            let heightField = p.field("height")
            let height = heightField?.length(positive: true)
            guard let x, let y, let width, heightField == nil || height != nil else { return nil }
            return FrameRect(x: x, y: y, width: width, height: height)
        }
    }

    /// A point written `[x, y]` or `{x, y}`, each a length.
    func point() -> FramePoint? {
        switch value {
        case .array(let items):
            guard items.count == 2, let fields = array() else {
                report("must be a point [x, y], found an array of \(items.count)")
                return nil
            }
            let x = fields[0].length(), y = fields[1].length()
            guard let x, let y else { return nil }
            return FramePoint(x: x, y: y)
        case .object:
            return framePoint()
        default:
            wrongType("a point [x, y] or {x, y}")
            return nil
        }
    }

    /// SVG path data, parsed; a mistake is reported with its character offset.
    func pathData() -> [PathCommand]? {
        guard let d = string(maxLength: 100_000) else { return nil }
        switch SVGPathParser.parse(d) {
        case .success(let commands): return commands
        case .failure(let f):
            report("is not valid SVG path data: \(f)")
            return nil
        }
    }

    /// A colour, or a gradient `{type: "linear"|"radial", stops, from, to | center, radius}`.
    func paint() -> Paint? {
        if case .string = value { return color().map { .solid($0) } }
        guard case .object = value else {
            wrongType("a colour \"#RRGGBB\" or a gradient {type, stops}")
            return nil
        }
        return object { g -> Paint? in
            let type = g.required("type")?.oneOf(["linear", "radial"])
            let stops = g.required("stops")?.gradientStops()
            switch type {
            case "linear"?:
                g.reject("center", "is only allowed on a radial gradient")
                g.reject("radius", "is only allowed on a radial gradient")
                let from = g.field("from").map { $0.point() } ?? Paint.defaultFrom
                let to = g.field("to").map { $0.point() } ?? Paint.defaultTo
                guard let stops, let from, let to else { return nil }
                return .linear(stops: stops, from: from, to: to)
            case "radial"?:
                g.reject("from", "is only allowed on a linear gradient")
                g.reject("to", "is only allowed on a linear gradient")
                let center = g.field("center").map { $0.point() } ?? Paint.defaultCenter
                let radius = g.field("radius").map { $0.length(positive: true) } ?? Paint.defaultRadius
                guard let stops, let center, let radius else { return nil }
                return .radial(stops: stops, center: center, radius: radius)
            default:
                g.skip(["from", "to", "center", "radius"])
                return nil
            }
        }
    }

    /// At least two `{offset 0…1, color}`, offsets never decreasing.
    private func gradientStops() -> [GradientStop]? {
        guard let items = array() else { return nil }
        if items.count < 2 {
            report("a gradient needs at least 2 stops, found \(items.count)")
            return nil
        }
        var stops: [GradientStop] = []
        var ok = true
        for item in items {
            let stop = item.object { s -> GradientStop? in
                let offset = s.required("offset")?.double(.between(0, 1)), color = s.required("color")?.color()
                if let offset, let last = stops.last, offset < last.offset {
                    s.report("offset", "must not be less than the previous stop's offset (\(showNumber(last.offset)))")
                    return nil
                }
                guard let offset, let color else { return nil }
                return GradientStop(offset: offset, color: color)
            }
            if let stop { stops.append(stop) } else { ok = false }
        }
        return ok ? stops : nil
    }

    /// The shortest dash pattern (dashes and gaps together, in pixels) a stroke takes.
    static let minimumDashPattern = 1.0

    /// A dash pattern: dash and gap lengths 0…100,000 px, not all 0, adding up to at least
    /// `minimumDashPattern`; nil (reported) otherwise.
    static func dashLengths(_ d: Field) -> [Double]? {
        let dash = d.array(nonEmpty: true)?.map { $0.double(.between(0, 100_000)) }.reduce([Double]?([])) { acc, v in
            guard let acc, let v else { return nil }
            return acc + [v]
        }
        if let values = dash, values.allSatisfy({ $0 == 0 }) {
            d.report("must have a dash or gap longer than 0")
            return nil
        }
        // A pattern shorter than a pixel cuts a stroke into more dashes than it has pixels (a
        // dash of 1e-9 made billions of polygons): refused, as a solid or translucent stroke
        // draws what it would show.
        if let values = dash, values.reduce(0, +) * (values.count % 2 == 1 ? 2 : 1) < minimumDashPattern {
            d.report("must add up to at least \(Int(minimumDashPattern)) pixel (an odd list counted twice), found \(values.reduce(0, +))")
            return nil
        }
        return dash
    }
}
