/// Decoding of `timeline.overlays`: text, captions, image, picture-in-picture video and shapes above the videos.
extension SpecDecoder {
    /// Members that belong to one overlay type only; on another type they are "not allowed", not unknown.
    private static let styleKeys = ["font", "stroke", "shadow", "box", "align", "lineHeight", "maxWidth"]
    private static let textKeys = ["text"] + styleKeys
    private static let captionKeys = ["highlight"]
    private static let videoKeys = ["sourceRange", "volume", "muted"]
    private static let groupKeys = ["items", "size"]

    private enum OverlayKind: String, CaseIterable { case text, captions, image, video, shape, group, waveform, lottie }
    private static let lottieKeys = ["speed", "loop"]

    static func overlay(_ f: Field) -> OverlaySpec? { overlay(f, depth: 1) }

    /// An overlay at `depth` (1 on the timeline, 2 inside a group…).
    private static func overlay(_ f: Field, depth: Int) -> OverlaySpec? {
        f.object { r in
            let kind = r.required("type")?.enumCase(OverlayKind.self)
            let start = r.required("start")?.time(.atLeast(.zero))
            let content: OverlaySpec.Content?
            switch kind {
            case .text?:
                let text = r.required("text")?.string()
                let style = textStyle(r, text: text ?? "", base: TextStyle(text: ""))
                content = text.map { _ in .text(style) }
                rejectAll(r, ["src"] + captionKeys + videoKeys + groupKeys + waveformKeys + lottieKeys, kind: .text)
            case .captions?:
                let src = r.required("src")?.string()
                let style = textStyle(r, text: "", base: .captionDefault)
                let highlight = r.field("highlight")?.object { h -> Color? in h.required("color")?.color() }
                let highlightBad = r.has("highlight") && highlight == nil
                content = highlightBad ? nil : src.map { .captions(src: $0, style: style, highlight: highlight) }
                rejectAll(r, ["text"] + videoKeys + groupKeys + waveformKeys + lottieKeys, kind: .captions)
            case .image?:
                content = r.required("src")?.string().map { .image(src: $0) }
                rejectAll(r, textKeys + captionKeys + videoKeys + groupKeys + waveformKeys + lottieKeys, kind: .image)
            case .video?:
                let src = r.required("src")?.string()
                let range = r.field("sourceRange")?.timeRange()
                let volume = r.field("volume")?.volume()
                let muted = r.field("muted")?.bool() ?? false
                content = src.map { .video(src: $0, sourceRange: range, volume: volume, muted: muted) }
                rejectAll(r, textKeys + captionKeys + groupKeys + waveformKeys + lottieKeys, kind: .video)
            case .shape?:
                content = ShapeReader.read(r).map { .shape($0) }
                rejectAll(r, ["src", "text"] + styleKeys.filter { $0 != "stroke" } + captionKeys + videoKeys + groupKeys
                          + waveformKeys + lottieKeys, kind: .shape)
            case .group?:
                content = group(r, depth: depth).map { .group($0) }
                rejectAll(r, ["src"] + textKeys + captionKeys + videoKeys + ShapeReader.members.filter { $0 != "frame" && $0 != "position" }
                          + waveformKeys + lottieKeys, kind: .group)
            case .waveform?:
                content = waveform(r).map { .waveform($0) }
                rejectAll(r, ["src"] + textKeys + captionKeys + videoKeys + groupKeys + lottieKeys
                          + ShapeReader.members.filter { $0 != "frame" && $0 != "position" }, kind: .waveform)
            case .lottie?:
                let src = r.required("src")?.string()
                let range = r.field("sourceRange")?.timeRange()
                let speed = r.field("speed").map { $0.speed() }
                let loop = r.field("loop").map { $0.bool() }
                if let src, r.has("sourceRange") == (range != nil), speed.map({ $0 != nil }) ?? true, loop.map({ $0 != nil }) ?? true {
                    var l = LottieSpec(src: src)
                    l.sourceRange = range
                    if let s = speed ?? nil { l.speed = s }
                    if let lp = loop ?? nil { l.loop = lp }
                    content = .lottie(l)
                } else {
                    content = nil
                }
                rejectAll(r, textKeys + captionKeys + ["volume", "muted"] + groupKeys + waveformKeys
                          + ShapeReader.members.filter { $0 != "frame" && $0 != "position" }, kind: .lottie)
            case nil:
                content = nil
                r.skip(["src"] + textKeys + captionKeys + videoKeys + ShapeReader.members + groupKeys + waveformKeys + lottieKeys)
            }

            var overlay = OverlaySpec(content: content ?? .image(src: ""), start: start ?? .zero)
            overlay.duration = r.field("duration")?.time(.greaterThan(.zero))
            if kind != .shape {
                // A shape places itself (ShapeReader read its frame or position).
                if r.has("position") { r.reject("frame", "cannot be given together with position") }
                overlay.position = r.field("position")?.point()
                overlay.frame = r.field("frame")?.frameRect()
            }
            overlay.opacity = r.field("opacity")?.double(.between(0, 1))
            if let blend = r.field("blend")?.enumCase(BlendMode.self) { overlay.blend = blend }
            if kind == .text || kind == .captions || kind == .shape || kind == .group || kind == .waveform || kind == .lottie {
                r.reject("chromaKey", "is only allowed on video and image overlays")
            } else {
                overlay.chromaKey = r.field("chromaKey")?.chromaKey()
            }
            overlay.mask = r.field("mask")?.mask()
            overlay.animations = r.field("animations")?.array()?.compactMap { a -> Animation? in
                guard let decoded = animation(a) else { return nil }
                if decoded.kind == .typewriter, let kind, kind != .text, kind != .captions {
                    a.report("typewriter animates text; it is not allowed on \(kind.rawValue) overlays")
                    return nil
                }
                return decoded
            } ?? []
            overlay.filters = r.field("filters")?.filters() ?? []
            let (mask, key, filters) = (overlay.mask, overlay.chromaKey, overlay.filters)
            var shape: ShapeSpec?
            if case .shape(let spec)? = content { shape = spec }
            // A polygon's points, or a line's two ends, may move.
            var movingPoints: Keyframe.MovingPoints?
            if case .polygon(let points)? = shape?.geometry { movingPoints = .polygon(points.count) }
            if case .line? = shape?.geometry { movingPoints = .line }
            overlay.keyframes = r.field("keyframes")?.keyframes(movingPoints: movingPoints, fill: shape?.fill, stroke: shape?.stroke?.paint,
                                                                dash: shape?.stroke?.dash ?? [], mask: mask) { feature in
                switch feature {
                case .radius: if case .rect? = shape?.geometry { return nil }
                case .strokeWidth: if shape?.stroke != nil { return nil }
                case .dashOffset: if shape?.stroke?.dash.isEmpty == false { return nil }
                case .feather: if mask != nil { return nil }
                case .similarity, .smoothness, .spill: if key != nil { return nil }
                case .brightness, .contrast, .saturation, .blur: if filters.contains(where: { $0.kind == feature.filterKind }) { return nil }
                case .blurRadius, .dim: break
                }
                return feature.missing
            } ?? []
            guard content != nil, start != nil else { return nil }
            return overlay
        }
    }

    /// A group's `items` (overlays one level deeper, at most `GroupSpec.maxDepth`) and its canvas
    /// `size` {width, height} in even pixels.
    private static func group(_ r: ObjectReader, depth: Int) -> GroupSpec? {
        var items: [OverlaySpec]?
        if let f = r.required("items"), let fields = f.array(nonEmpty: true) {
            if depth >= GroupSpec.maxDepth {
                f.report("groups nest at most \(GroupSpec.maxDepth) deep; this group is at depth \(depth)")
            } else {
                let decoded = fields.map { overlay($0, depth: depth + 1) }
                items = decoded.contains { $0 == nil } ? nil : decoded.compactMap { $0 }
            }
        }
        let size = r.field("size")?.object { s -> (Int, Int)? in
            let w = s.required("width")?.dimension(), h = s.required("height")?.dimension()
            guard let w, let h else { return nil }
            return (w, h)
        }
        guard let items, r.has("size") == (size != nil) else { return nil }
        return GroupSpec(items: items, width: size?.0, height: size?.1)
    }

    private static func rejectAll(_ r: ObjectReader, _ keys: [String], kind: OverlayKind) {
        for key in keys { r.reject(key, "is not allowed on \(kind.rawValue) overlays") }
    }

    /// The look of a text or captions overlay over `base` (all checked even when `text` itself is wrong).
    private static func textStyle(_ r: ObjectReader, text: String, base: TextStyle) -> TextStyle {
        var style = base
        style.text = text
        r.field("font")?.object { font -> Void? in
            if font.has("family") && font.has("src") { font.reject("src", "cannot be given together with family") }
            style.family = font.field("family")?.string(maxLength: 200)
            style.fontSrc = font.field("src")?.string()
            if let size = font.field("size")?.double(.between(1, 1000)) { style.size = size }
            if let weight = font.field("weight")?.fontWeight() { style.weight = weight }
            if let italic = font.field("style")?.enumCase(FontStyle.self) { style.italic = italic == .italic }
            if let color = font.field("color")?.color() { style.color = color }
            return nil
        }
        if let stroke = r.field("stroke")?.object({ s -> TextStyle.Stroke? in
            let color = s.required("color")?.color()
            let width = s.required("width")?.double(.between(0, 100))
            guard let color, let width else { return nil }
            return TextStyle.Stroke(color: color, width: width)
        }) { style.stroke = stroke }
        style.shadow = r.field("shadow")?.object { s -> TextStyle.Shadow? in
            let color = s.required("color")?.color()
            let x: Double? = if let f = s.field("x") { f.double(.between(-1000, 1000)) } else { 0 }
            let y: Double? = if let f = s.field("y") { f.double(.between(-1000, 1000)) } else { 0 }
            let blur: Double? = if let f = s.field("blur") { f.double(.between(0, 200)) } else { 0 }
            guard let color, let x, let y, let blur else { return nil }
            return TextStyle.Shadow(color: color, x: x, y: y, blur: blur)
        }
        style.box = r.field("box")?.object { b -> TextStyle.Box? in
            let color = b.required("color")?.color()
            let padding: Double? = if let f = b.field("padding") { f.double(.between(0, 1000)) } else { 0 }
            let radius: Double? = if let f = b.field("radius") { f.double(.between(0, 1000)) } else { 0 }
            guard let color, let padding, let radius else { return nil }
            var box = TextStyle.Box(color: color, padding: padding)
            box.radius = radius
            return box
        }
        if let align = r.field("align")?.enumCase(TextStyle.Alignment.self) { style.align = align }
        if let lineHeight = r.field("lineHeight")?.double(.between(0.5, 5)) { style.lineHeight = lineHeight }
        if let maxWidth = r.field("maxWidth")?.double(.greaterThan(0, atMost: 1)) { style.maxWidth = maxWidth }
        return style
    }

    private enum FontStyle: String, CaseIterable { case normal, italic }

    /// An animation: a kind name, or `{type, duration?, direction?}` (direction only for slideIn).
    private static func animation(_ f: Field) -> Animation? {
        switch f.value {
        case .string:
            guard let kind = f.enumCase(Animation.Kind.self) else { return nil }
            guard kind != .slideIn else {
                f.report("needs a direction: write {\"type\": \"slideIn\", \"direction\": …}")
                return nil
            }
            return Animation(kind: kind)
        case .object:
            return f.object { r in
                let kind = r.required("type")?.enumCase(Animation.Kind.self)
                let duration = r.field("duration")?.time(.greaterThan(.zero))
                var direction: Direction?
                if kind == .slideIn || kind == nil {
                    direction = (kind == nil ? r.field("direction") : r.required("direction", "is required for slideIn"))?
                        .enumCase(Direction.self)
                } else {
                    r.reject("direction", "is only allowed for slideIn")
                }
                guard let kind, kind != .slideIn || direction != nil else { return nil }
                return Animation(kind: kind, duration: duration, direction: direction)
            }
        default:
            f.report("must be an animation name or an object {type, duration, direction}, found \(f.value.typeName)")
            return nil
        }
    }
}

extension Field {
    /// A font weight: `"normal"` (400), `"bold"` (700) or a number 100…900.
    func fontWeight() -> Int? {
        switch value {
        case .string("normal"): return 400
        case .string("bold"): return 700
        case .number: return int(.between(100, 900))
        default:
            report("must be \"normal\", \"bold\" or a number from 100 to 900")
            return nil
        }
    }
}
