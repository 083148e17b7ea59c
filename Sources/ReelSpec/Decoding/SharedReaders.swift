/// Readers for shapes several spec areas share: time ranges, volume, filters, keyframes, rectangles.

extension Field {
    /// A playback speed, 1/4 to 4, read exactly like a time (`1.5`, `"2/3"`).
    func speed() -> Rational? {
        time(.between(Time(value: 1, timescale: 4), Time(seconds: 4))).map(Rational.init)
    }

    /// `{start, duration}`: start ≥ 0 (default 0), duration > 0 (required).
    func timeRange() -> TimeRange? {
        object { r in
            let start: Time? = if let f = r.field("start") { f.time(.atLeast(.zero)) } else { .zero }
            let duration = r.required("duration")?.time(.greaterThan(.zero))
            guard let start, let duration else { return nil }
            return TimeRange(start: start, duration: duration)
        }
    }

    /// A gain 0…10, or automation points `{time ≥ 0, value 0…10}` at strictly increasing times.
    func volume() -> Volume? {
        switch value {
        case .number:
            return double(.between(0, 10)).map(Volume.constant)
        case .array:
            guard let items = array(nonEmpty: true) else { return nil }
            var order = IncreasingTimes(noun: "point")
            let points = items.compactMap { item in
                item.object { r -> VolumePoint? in
                    let time = order.check(r.required("time"), .atLeast(.zero))
                    let gain = r.required("value")?.double(.between(0, 10))
                    guard let time, let gain else { return nil }
                    return VolumePoint(time: time, value: gain)
                }
            }
            return points.count == items.count ? .automation(points) : nil
        default:
            report("must be a number or an array of {time, value} points, found \(value.typeName)")
            return nil
        }
    }

    /// Filters: each a name (`"grayscale"`) or `{type, amount}`.
    func filters() -> [FilterSpec]? {
        array()?.compactMap { $0.filter() }
    }

    private func filter() -> FilterSpec? {
        switch value {
        case .string:
            guard let kind = enumCase(FilterSpec.Kind.self) else { return nil }
            guard Field.amountBounds(kind) == nil else {
                report("needs an amount: write {\"type\": \"\(kind.rawValue)\", \"amount\": …}")
                return nil
            }
            return FilterSpec(kind: kind)
        case .object:
            return object { r in
                guard let kind = r.required("type")?.enumCase(FilterSpec.Kind.self) else {
                    r.skip(["amount", "radius"])
                    return nil
                }
                guard let bounds = Field.amountBounds(kind) else {
                    r.reject("amount", "is not allowed for \(kind.rawValue)")
                    return FilterSpec(kind: kind)
                }
                // A blur's amount is its radius in output pixels, and may be named so (docs/API.md (compositing)).
                if kind == .blur, r.has("radius") {
                    r.reject("amount", "cannot be given together with radius")
                    guard let radius = r.field("radius")?.double(bounds) else { return nil }
                    return FilterSpec(kind: kind, amount: radius)
                }
                if kind != .blur { r.reject("radius", "is only allowed for blur") }
                guard let amount = r.required("amount")?.double(bounds) else { return nil }
                return FilterSpec(kind: kind, amount: amount)
            }
        default:
            report("must be a filter name or an object {type, amount}, found \(value.typeName)")
            return nil
        }
    }

    /// The range of a filter's amount; nil for filters that take none.
    static func amountBounds(_ kind: FilterSpec.Kind) -> Bounds<Double>? {
        switch kind {
        case .grayscale: return nil
        case .brightness: return .between(-1, 1)
        case .contrast, .saturation: return .between(0, 4)
        case .blur: return .between(0, 100)
        }
    }

    /// Keyframes at strictly increasing times ≥ 0, each animating at least one property. The
    /// numbers of an item's own features (a shape's radius and stroke width, a mask's feather, a
    /// chroma key's parameters) keyframe too where the item has that feature: `refusal` says why a
    /// property is not allowed on this item (nil: allowed).
    /// `movingPoints`: the points keyframes may move when the item is a polygon shape (its points)
    /// or a line shape (its two ends), nil otherwise; `fill` and `stroke`: a shape's fill and stroke
    /// paints, which keyframes may change into others of their kind (nil: no such keyframes).
    func keyframes(movingPoints: Keyframe.MovingPoints? = nil, fill: Paint? = nil, stroke: Paint? = nil, dash: [Double] = [],
                   mask: MaskSpec? = nil, refusal: (Keyframe.Feature) -> String? = { $0.missing }) -> [Keyframe]? {
        guard let items = array() else { return nil }
        var order = IncreasingTimes(noun: "keyframe")
        let keyframes = items.compactMap { item in
            item.object { r -> Keyframe? in
                let time = order.check(r.required("time"), .atLeast(.zero))
                if !Field.keyframeProperties.contains(where: r.has) {
                    r.reportHere("must set at least one of \(listWords(Field.keyframeProperties))")
                }
                var k = Keyframe(time: time ?? .zero)
                k.opacity = r.field("opacity")?.double(.between(0, 1))
                k.x = r.field("x")?.length()
                k.y = r.field("y")?.length()
                k.scale = r.field("scale")?.double(.between(0.01, 100))
                k.rotation = r.field("rotation")?.double()
                k.crop = r.field("crop")?.cropRect()
                for feature in Keyframe.Feature.allCases where r.has(feature.rawValue) {
                    if let why = refusal(feature) {
                        r.reject(feature.rawValue, why)
                        continue
                    }
                    let v = r.field(feature.rawValue)?.double(feature.range)
                    switch feature {
                    case .radius: k.radius = v
                    case .strokeWidth: k.strokeWidth = v
                    case .dashOffset: k.dashOffset = v
                    case .feather: k.feather = v
                    case .similarity: k.similarity = v
                    case .smoothness: k.smoothness = v
                    case .spill: k.spill = v
                    case .brightness, .contrast, .saturation, .blur: k.filterAmounts[feature.filterKind!] = v
                    case .blurRadius: k.blurRadius = v
                    case .dim: k.dim = v
                    }
                }
                var invalid = false
                if r.has("points") {
                    if let moving = movingPoints, let field = r.field("points"), let items = field.array() {
                        let points = items.map { $0.point() }
                        if points.count != moving.count {
                            field.report("must have \(moving.count) points, \(moving.meaning), found \(points.count)")
                            invalid = true
                        } else if points.contains(where: { $0 == nil }) {
                            invalid = true
                        } else {
                            k.points = points.compactMap { $0 }
                        }
                    } else if movingPoints == nil {
                        r.reject("points", "animates a polygon shape's points or a line shape's ends; this item is no polygon or line shape")
                    } else {
                        invalid = true
                    }
                }
                if r.has("maskFrame") {
                    if mask?.hasFrame == true {
                        if let frame = r.field("maskFrame")?.frameRect() { k.maskFrame = frame } else { invalid = true }
                    } else {
                        r.reject("maskFrame", "moves and sizes a rect or ellipse mask shape's frame; this item has no such mask")
                    }
                }
                if r.has("maskPoints") {
                    if let count = mask?.polygonPoints, let field = r.field("maskPoints"), let items = field.array() {
                        let points = items.map { $0.point() }
                        if points.count != count {
                            field.report("must have \(count) points, as the mask's polygon has, found \(points.count)")
                            invalid = true
                        } else if points.contains(where: { $0 == nil }) {
                            invalid = true
                        } else {
                            k.maskPoints = points.compactMap { $0 }
                        }
                    } else if mask?.polygonPoints == nil {
                        r.reject("maskPoints", "moves a polygon mask shape's points; this item has no such mask")
                    } else {
                        invalid = true
                    }
                }
                if r.has("dash") {
                    if dash.isEmpty {
                        r.reject("dash", "animates a dashed stroke's dash and gap lengths; this item is no shape with a dash")
                    } else if let values = r.field("dash").flatMap(Field.dashLengths) {
                        // As many as the stroke's, or, where its pattern was written odd and repeated, as written.
                        let written = dash.count % 2 == 0 && (dash.count / 2) % 2 == 1 && Array(dash[..<(dash.count / 2)]) == Array(dash[(dash.count / 2)...])
                            ? dash.count / 2 : dash.count
                        if values.count == dash.count || values.count == written {
                            k.dash = values.count == dash.count ? values : values + values
                        } else {
                            r.report("dash", "must have \(written) lengths, as the stroke's dash has, found \(values.count)")
                            invalid = true
                        }
                    } else {
                        invalid = true
                    }
                }
                // A paint keyframed into another of its kind: the shape's own, else a refusal.
                func paint(_ name: String, _ own: Paint?, _ what: String, lacking: String, _ set: (Paint) -> Void) {
                    guard r.has(name) else { return }
                    guard let own, let field = r.field(name) else {
                        return r.reject(name, "animates \(what); this item is no shape with \(lacking)")
                    }
                    guard let p = field.paint() else { invalid = true; return }
                    if let why = own.keyframeMismatch(p, what: what) { field.report(why); invalid = true } else { set(p) }
                }
                paint("fill", fill, "the shape's fill", lacking: "a fill") { k.fill = $0 }
                paint("strokeColor", stroke, "the shape's stroke colour", lacking: "a stroke") { k.strokeColor = $0 }
                if let easing = r.field("easing")?.enumCase(Keyframe.Easing.self) { k.easing = easing }
                return time == nil || invalid ? nil : k
            }
        }
        return keyframes.count == items.count ? keyframes : nil
    }

    private static let keyframeProperties = ["opacity", "x", "y", "scale", "rotation", "crop", "points", "fill", "strokeColor", "dash", "maskFrame", "maskPoints"] + Keyframe.Feature.allCases.map(\.rawValue)

    /// A crop `{x, y, width, height}` in fractions of the source, lying inside it.
    func cropRect() -> FractionRect? {
        object { r in
            let x = r.required("x")?.double(.between(0, 1))
            let y = r.required("y")?.double(.between(0, 1))
            let width = r.required("width")?.double(.greaterThan(0, atMost: 1))
            let height = r.required("height")?.double(.greaterThan(0, atMost: 1))
            // A little slack so that 0.7 + 0.3 (0.99999…98 or 1.00…02 in binary) is inside.
            if let x, let width, x + width > 1 + 1e-9 { r.report("width", "x + width must be at most 1") }
            if let y, let height, y + height > 1 + 1e-9 { r.report("height", "y + height must be at most 1") }
            guard let x, let y, let width, let height else { return nil }
            return FractionRect(x: x, y: y, width: width, height: height)
        }
    }
}

/// Checks that a list's times strictly increase (keyframes, volume points, chapters), reporting each
/// one that does not come after the last valid time before it.
struct IncreasingTimes {
    let noun: String
    var previous: Time?

    init(noun: String) { self.noun = noun }

    /// Reads the time in `field` with `bounds` and checks its order; nil when missing or invalid.
    mutating func check(_ field: Field?, _ bounds: Bounds<Time>) -> Time? {
        guard let field, let t = field.time(bounds) else { return nil }
        if let previous, !(previous < t) {
            field.report("must be later than the previous \(noun) (\(previous) s)")
        }
        previous = t
        return t
    }
}
