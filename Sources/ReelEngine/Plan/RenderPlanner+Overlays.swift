import ReelSpec

extension RenderPlanner {
    /// Resolves image and video overlays, finds the fonts of titles and captions, and places them
    /// (shapes once the canvas's size is known: `placeShapes`). An overlay with a `duration` may extend
    /// the timeline; one without lasts to the timeline's end. A video overlay's own audio joins the
    /// mix unless muted.
    func planOverlays(_ specs: [OverlaySpec], videoEnd: Time?, probes: SourceProbes, audio: inout [AudioClip], problems: inout [SpecProblem])
        -> (plans: [OverlayPlan], end: Time?) {
        var end = videoEnd
        for o in specs { if let d = o.duration { end = Time.max(end ?? .zero, o.start + d) } }
        var plans: [OverlayPlan] = []
        for (i, o) in specs.enumerated() {
            let ptr = "/timeline/overlays/\(i)"
            guard let timelineEnd = end else { continue }
            let duration = o.duration ?? (timelineEnd - o.start)
            guard duration.isPositive else {
                problems.append(SpecProblem(pointer: ptr + "/start", message: "starts at \(o.start) s, at or after the timeline's end (\(timelineEnd) s)"))
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
                    let heard = TimeRange(start: o.start, duration: Time.min(sr.duration, duration))
                    audio.append(AudioClip(pointer: ptr, path: path, range: heard, sourceStart: sr.start,
                                           shaping: AudioShaping.make(volume: volume, fadeIn: nil, fadeOut: nil, pan: nil, placed: heard, duck: nil)))
                }
            }
        }
        return (plans, end)
    }

    /// Draws each shape's geometry on the `width`×`height` canvas (its lengths need the canvas) and
    /// places its layer there pixel for pixel; a shape that lies wholly outside the canvas's
    /// reach is a problem at its pointer.
    func placeShapes(_ plans: inout [OverlayPlan], width: Int, height: Int, problems: inout [SpecProblem]) {
        for i in plans.indices {
            guard case .shape(let spec, _) = plans[i].source else { continue }
            guard let outline = ShapeOutline(spec.geometry, canvasWidth: Double(width), canvasHeight: Double(height)),
                  let grid = ShapePicture.grid(spec, outline: outline, canvasWidth: width, canvasHeight: height) else {
                problems.append(SpecProblem(pointer: plans[i].pointer, message: "the shape lies wholly outside the frame (more than a quarter of the frame beyond its edges)"))
                continue
            }
            let r = grid
            plans[i].source = .shape(spec, picture: ShapePicture(spec, outline: outline, raster: grid))
            plans[i].sourceSize = (r.width, r.height)
            plans[i].placement = .frame(FrameRect(x: Length(Double(r.x) + Double(r.width) / 2, .px), y: Length(Double(r.y) + Double(r.height) / 2, .px),
                                                  width: Length(Double(r.width), .px), height: Length(Double(r.height), .px)))
        }
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
