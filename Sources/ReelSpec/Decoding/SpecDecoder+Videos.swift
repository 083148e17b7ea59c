/// Decoding of `timeline.videos` items: a video or still (`src`) or a colour card (`color`).
extension SpecDecoder {
    static func videoItem(_ f: Field) -> VideoItem? {
        f.object { r in
            let hasSrc = r.has("src")
            let isCard = r.has("color") && !hasSrc
            var content: VideoItem.Content?
            if let src = r.field("src")?.string() { content = .media(src: src) }
            if hasSrc {
                r.reject("color", "cannot be given together with src")
            } else if let color = r.field("color")?.color() {
                content = .color(color)
            } else if !isCard {
                r.reportHere("needs either src or color")
            }

            var item = VideoItem(content: content ?? .media(src: ""))
            if isCard {
                r.reject("sourceRange", "is not allowed on a colour card")
                r.reject("motion", "is only allowed on items with src")
                if !r.has("duration") { r.report("duration", "is required for a colour card") }
            } else if r.has("sourceRange") {
                r.reject("duration", "cannot be given together with sourceRange")
            }
            item.sourceRange = r.field("sourceRange")?.timeRange()
            item.duration = r.field("duration")?.time(.greaterThan(.zero))
            if isCard {
                r.reject("speed", "is not allowed on a colour card, which has no time to play faster or slower")
                r.reject("audioTrack", "is not allowed on a colour card, which has no sound")
            } else {
                item.speed = r.field("speed")?.speed()
                item.audioTrack = r.field("audioTrack")?.audioTrack()
            }
            item.volume = r.field("volume")?.volume()
            if let muted = r.field("muted")?.bool() { item.muted = muted }
            if isCard {
                r.reject("normalize", "is not allowed on a colour card, which has no sound")
            } else if let n = r.field("normalize")?.bool() {
                item.normalize = n
            }
            item.fit = r.field("fit")?.enumCase(FitMode.self)
            item.blurFill = Field.blurFill(r, fit: item.fit)
            item.filters = r.field("filters")?.filters() ?? []
            item.motion = r.field("motion")?.enumCase(VideoItem.Motion.self)
            if isCard {
                r.reject("chromaKey", "is only allowed on items with src: a colour card has no green screen")
            } else {
                item.chromaKey = r.field("chromaKey")?.chromaKey()
            }
            item.mask = r.field("mask")?.mask()
            let (mask, key, filters, fit) = (item.mask, item.chromaKey, item.filters, item.fit)
            item.keyframes = r.field("keyframes")?.keyframes(mask: mask) { feature in
                switch feature {
                case .feather: if mask != nil { return nil }
                case .similarity, .smoothness, .spill: if key != nil { return nil }
                case .brightness, .contrast, .saturation, .blur: if filters.contains(where: { $0.kind == feature.filterKind }) { return nil }
                // The item's fit may be the output's: the planner checks it is blur.
                case .blurRadius, .dim: if fit == nil || fit == .blur { return nil }
                case .radius, .strokeWidth, .dashOffset: break
                }
                return feature.missing
            } ?? []
            return content == nil ? nil : item
        }
    }

    /// The item's length on the timeline when the spec alone fixes it (colour card, `duration`, or
    /// `sourceRange` played at `speed`); nil when only probing the source would tell.
    static func knownLength(_ item: VideoItem) -> Time? {
        if let d = item.duration { return d }
        guard let range = item.sourceRange else { return nil }
        return range.duration.played(at: item.speed ?? Rational(1))
    }
}
