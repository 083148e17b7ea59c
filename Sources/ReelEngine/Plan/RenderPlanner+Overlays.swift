import ReelSpec

extension RenderPlanner {
    /// Where a list of overlays lies: the timeline's, or a group's (its items timed from its start,
    /// `offset` on the timeline, and cut at its end).
    struct OverlayScope {
        var pointer = "/timeline/overlays"
        var offset = Time.zero
        /// The group's length; nil on the timeline.
        var groupLength: Time?
        var endName: String { groupLength == nil ? "the timeline's end" : "the group's end" }
    }

    /// Resolves image and video overlays, finds the fonts of titles and captions, plans groups'
    /// items the same way, and places them (shapes and groups once the canvas's size is known:
    /// `placeOnCanvas`). An overlay with a length (a `duration`, or a group's items') may extend the
    /// timeline; one without lasts to the timeline's (or its group's) end. A video overlay's own
    /// audio joins the mix unless muted, cut at its group's end.
    func planOverlays(_ specs: [OverlaySpec], videoEnd: Time?, scope: OverlayScope = OverlayScope(), probes: SourceProbes,
                      audio: inout [AudioClip], problems: inout [SpecProblem]) -> (plans: [OverlayPlan], end: Time?) {
        var end = videoEnd
        if scope.groupLength == nil { for o in specs { if let d = o.knownLength { end = Time.max(end ?? .zero, o.start + d) } } }
        var plans: [OverlayPlan] = []
        for (i, o) in specs.enumerated() {
            let ptr = scope.pointer + "/\(i)"
            guard let timelineEnd = end else { continue }
            let duration = o.knownLength ?? (timelineEnd - o.start)
            guard o.start < timelineEnd, duration.isPositive else {
                problems.append(SpecProblem(pointer: ptr + "/start", message: "starts at \(o.start) s, at or after \(scope.endName) (\(timelineEnd) s)"))
                continue
            }
            let range = TimeRange(start: o.start, duration: duration)
            var layer = LayerPlan()
            layer.keyframes = o.keyframes
            layer.filters = o.filters
            layer.opacity = o.opacity ?? 1
            layer.animations = o.animations
            layer.blend = o.blend
            layer.chromaKey = o.chromaKey
            layer.mask = planMask(o.mask, pointer: ptr + "/mask", probes: probes, problems: &problems)
            let placement: OverlayPlan.Placement = o.frame.map { .frame($0) } ?? o.position.map { .position($0) } ?? .natural
            switch o.content {
            case .text(let style):
                guard let text = planText(style, texts: [style.text], ptr: ptr, animations: o.animations,
                                          textPointer: { _ in (ptr + "/text", "") }, problems: &problems) else { continue }
                layer.transparent = true
                plans.append(OverlayPlan(pointer: ptr, source: .text(text), range: range, placement: placement, layer: layer,
                                         sourceSize: (2, 2)))
            case let .captions(src, style, highlight):
                guard let cues = readCues(src, pointer: ptr + "/src", problems: &problems),
                      let text = planText(style, texts: cues.map(\.text), ptr: ptr, animations: o.animations,
                                          textPointer: { i in (ptr + "/src", "cue \(i + 1) at \(cues[i].start) s ") }, problems: &problems) else { continue }
                layer.transparent = true
                let shown = cues.filter { $0.start < duration }
                plans.append(OverlayPlan(pointer: ptr, source: .captions(cues: shown, text: text, highlight: highlight), range: range,
                                         placement: o.frame == nil && o.position == nil ? .position(FramePoint(x: .fraction(0.5), y: .fraction(0.88))) : placement,
                                         layer: layer, sourceSize: (2, 2)))
            case .group(let g):
                layer.transparent = true
                let inner = OverlayScope(pointer: ptr + "/items", offset: scope.offset + o.start, groupLength: duration)
                let items = planOverlays(g.items, videoEnd: duration, scope: inner, probes: probes, audio: &audio, problems: &problems)
                plans.append(OverlayPlan(pointer: ptr, source: .group(GroupPlan(overlays: items.plans, width: g.width, height: g.height)),
                                         range: range, placement: o.frame == nil && o.position == nil
                                            ? .position(FramePoint(x: .fraction(0.5), y: .fraction(0.5))) : placement,
                                         layer: layer, sourceSize: (2, 2)))
            case .waveform(let w):
                layer.transparent = true
                plans.append(OverlayPlan(pointer: ptr, source: .waveform(WaveformPlan(spec: w, timelineStart: scope.offset + o.start)), range: range,
                                         placement: placement, layer: layer, sourceSize: (2, 2)))
            case .lottie(let spec):
                guard let lottie = planLottie(spec, pointer: ptr, problems: &problems) else { continue }
                layer.transparent = true
                var lasting = range
                if o.duration == nil && !spec.loop {
                    lasting.duration = Time.min(duration, lottie.sourceDuration.played(at: spec.speed))
                }
                plans.append(OverlayPlan(pointer: ptr, source: .lottie(lottie), range: lasting, placement: placement, layer: layer, sourceSize: (2, 2)))
            case .shape(let shape):
                layer.transparent = true
                plans.append(OverlayPlan(pointer: ptr, source: .shape(shape, picture: nil), range: range, placement: .natural, layer: layer,
                                         sourceSize: (2, 2)))
            case .image(let src):
                guard let (path, info) = probeOverlay(src, ptr, probes, &problems) else { continue }
                guard info.video != nil else {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" has no picture"))
                    continue
                }
                plans.append(OverlayPlan(pointer: ptr, source: .image(path: path), range: range, placement: placement, layer: layer,
                                         sourceSize: RenderPlanner.displaySize(info)))
            case let .video(src, sourceRange, volume, muted):
                guard let (path, info) = probeOverlay(src, ptr, probes, &problems) else { continue }
                guard let v = info.streams.first(where: { $0.type == .video }), !info.isStill else {
                    problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" has no video stream"))
                    continue
                }
                let assetEnd = info.duration ?? v.duration ?? .zero
                var sr = sourceRange ?? TimeRange(start: .zero, duration: Time.min(duration, RenderPlanner.wholeStream(v, assetEnd: assetEnd)))
                if o.sourceTimecoded, let tc = v.startTimecode { sr.start = sr.start - tc }
                if assetEnd < sr.end {
                    problems.append(SpecProblem(pointer: ptr + "/sourceRange", message: "ends at \(sr.end) s, after the end of \"\(src)\" (\(assetEnd) s)"))
                    continue
                }
                // The picture holds its last frame if the overlay outlasts the source range.
                plans.append(OverlayPlan(pointer: ptr, source: .video(path: path, sourceStart: sr.start, duration: sr.duration, rotation: v.rotation ?? 0),
                                         range: range, placement: placement, layer: layer, sourceSize: RenderPlanner.displaySize(info)))
                if info.audio != nil && !muted {
                    var heard = TimeRange(start: scope.offset + o.start, duration: Time.min(sr.duration, duration))
                    if let g = scope.groupLength { heard.duration = Time.min(heard.duration, g - o.start) }
                    audio.append(AudioClip(pointer: ptr, path: path, range: heard, sourceStart: sr.start,
                                           shaping: AudioShaping.make(volume: volume, fadeIn: nil, fadeOut: nil, pan: nil, placed: heard, duck: nil)))
                }
            }
        }
        return (plans, end)
    }

    /// Places what needs the canvas's size (`width`×`height`: the frame, or a group's canvas): each
    /// shape's geometry drawn on it and its layer placed there pixel for pixel (a shape wholly
    /// outside the canvas's reach is a problem at its pointer), each group's canvas sized (the
    /// output's unless it has its own, as docs/API.md (compositing) says, at any depth) and its items placed on
    /// it, and titles checked at its width. `output`: the output's size (default: this canvas).
    func placeOnCanvas(_ plans: inout [OverlayPlan], width: Int, height: Int, output: (width: Int, height: Int)? = nil,
                       problems: inout [SpecProblem]) {
        let output = output ?? (width, height)
        checkTitleSizes(plans, frameWidth: width, problems: &problems)
        for i in plans.indices {
            if let why = RenderPlanner.oversize(plans[i].placement, width: width, height: height) {
                problems.append(SpecProblem(pointer: plans[i].pointer + "/frame", message: why))
                continue
            }
            switch plans[i].source {
            case .shape(let spec, _):
                // Room for the widest stroke keyframes give it (`ShapeAnimation` draws on this grid).
                var widest = spec
                if let w = ([spec.stroke?.width ?? 0] + KeyframeTrack(plans[i].layer.keyframes).values(.strokeWidth)).max(), widest.stroke != nil {
                    widest.stroke?.width = w
                }
                // Room for every place keyframes move a polygon's points or a line's ends to: the box
                // around all of them (the stroke's reach is added around the box either way).
                var reach = spec.geometry
                let moved = plans[i].layer.keyframes.flatMap { $0.points ?? [] }
                switch spec.geometry {
                case .polygon(let own): reach = .polygon(own + moved)
                case .line(let from, let to) where !moved.isEmpty: reach = .polygon([from, to] + moved)
                default: break
                }
                guard let outline = ShapeOutline(spec.geometry, canvasWidth: Double(width), canvasHeight: Double(height)),
                      let extent = ShapeOutline(reach, canvasWidth: Double(width), canvasHeight: Double(height)) else {
                    problems.append(SpecProblem(pointer: plans[i].pointer, message: "the shape has no extent"))
                    continue
                }
                if let why = RenderPlanner.tooManyDashes(widest, outline: outline, keyframes: plans[i].layer.keyframes) {
                    problems.append(SpecProblem(pointer: plans[i].pointer + "/stroke/dash", message: why))
                    continue
                }
                let grid: PixelRect
                switch ShapePicture.grid(widest, outline: extent, canvasWidth: width, canvasHeight: height, moving: plans[i].layer.movesOnCanvas) {
                case .success(let g): grid = g
                case .failure(.outside):
                    problems.append(SpecProblem(pointer: plans[i].pointer, message: "the shape lies wholly outside the frame (more than a quarter of the frame beyond its edges) and never moves into it"))
                    continue
                case .failure(.tooLarge(let w, let h, let limit)):
                    problems.append(SpecProblem(pointer: plans[i].pointer, message: "the shape moves, so it is drawn whole, and its box with its stroke is \(w)×\(h) px: "
                                                + "at most \(limit) px (\(ShapePicture.movingAreaLimit) frames) may be drawn; make it smaller"))
                    continue
                }
                plans[i].source = .shape(spec, picture: ShapePicture(spec, outline: outline, raster: grid))
                plans[i].place(on: grid)
            case .group(var g):
                g.width = g.width ?? output.width
                g.height = g.height ?? output.height
                placeOnCanvas(&g.overlays, width: g.width!, height: g.height!, output: output, problems: &problems)
                plans[i].source = .group(g)
                plans[i].sourceSize = (g.width!, g.height!)
            case .waveform(var w):
                // Natural size: the canvas's width and a quarter of its height.
                w.grid = RenderPlanner.pixelGrid(plans[i].placement, natural: (Double(width), Double(height) / 4), width: width, height: height)
                plans[i].source = .waveform(w)
                plans[i].place(on: w.grid.raster)
            case .lottie(var l):
                let natural = (Double(l.document.width), Double(l.document.height))
                l.grid = RenderPlanner.pixelGrid(plans[i].placement, natural: natural, width: width, height: height)
                plans[i].source = .lottie(l)
                plans[i].place(on: l.grid.raster)
            default:
                continue
            }
        }
    }

    /// How many times its canvas each way an item's frame may be: beyond, most of it could never
    /// show, and its picture would cost the memory and time of many frames (three nested groups
    /// each 8192 px took 2.4 GB and a minute a frame).
    static let largestFrameFactor = 4.0

    /// Why a frame resolved on a `width`×`height` canvas is too large to draw, or nil.
    static func oversize(_ placement: OverlayPlan.Placement, width: Int, height: Int) -> String? {
        guard case .frame(let f) = placement else { return nil }
        let (cw, ch) = (Double(width), Double(height))
        let w = f.width.pixels(along: .horizontal, width: cw, height: ch)
        let h = f.height?.pixels(along: .vertical, width: cw, height: ch) ?? 0
        guard w > largestFrameFactor * cw || h > largestFrameFactor * ch else { return nil }
        let size = f.height == nil ? "\(Int(w.rounded())) px wide" : "\(Int(w.rounded()))×\(Int(h.rounded())) px"
        return "is \(size) on its \(width)×\(height) canvas: an item may be at most \(Int(largestFrameFactor)) times its canvas each way "
            + "(the rest could never show)"
    }

    /// The most dashes a stroke is cut into: each is a polygon drawn every frame.
    static let maxDashes = 50_000.0

    /// Why a dashed stroke would be cut into too many dashes (its length over its shortest
    /// pattern, keyframes' included), or nil.
    static func tooManyDashes(_ shape: ShapeSpec, outline: ShapeOutline, keyframes: [Keyframe]) -> String? {
        guard let stroke = shape.stroke, !stroke.dash.isEmpty else { return nil }
        let shortest = ([stroke.dash] + keyframes.compactMap(\.dash)).map { $0.reduce(0, +) }.min() ?? 0
        let length = outline.lines.reduce(0) { $0 + $1.length }
        guard shortest > 0, length / shortest > maxDashes else { return nil }
        return "cuts the stroke (\(Int(length.rounded())) px long) into about \(Int((length / shortest).rounded())) dashes: "
            + "at most \(Int(maxDashes)); lengthen the pattern or shorten the shape"
    }

    static func displaySize(_ info: MediaInfo) -> (width: Int, height: Int) {
        let v = info.streams.first { $0.type == .video }
        return (max(2, v?.displayWidth ?? 2) & ~1, max(2, v?.displayHeight ?? 2) & ~1)
    }

    private func probeOverlay(_ src: String, _ ptr: String, _ probes: SourceProbes, _ problems: inout [SpecProblem]) -> (String, MediaInfo)? {
        do {
            return try probes.probe(src)
        } catch {
            problems.append(SpecProblem(pointer: ptr + "/src", message: RenderPlanner.message(for: error, src: src)))
            return nil
        }
    }
}
