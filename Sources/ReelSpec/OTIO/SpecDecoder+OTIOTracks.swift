/// Reel's timeline from OTIO's tracks (see `SpecDecoder+OTIO`).
extension SpecDecoder {
    /// The base track: `videos`, each piece with the handles its transitions take.
    static func base(_ pieces: [OTIOPiece], _ cuts: [Int: OTIOCut], into out: inout DecodedOTIO) {
        for (i, p) in pieces.enumerated() {
            let before = i > 0 ? cuts[i - 1] : nil, after = cuts[i]
            // Track time: the cut's incoming side starts `in_offset` early, its outgoing side ends
            // `out_offset` late; in media time that is scaled by the piece's speed.
            let head = before?.inOffset ?? .zero, tail = after?.outOffset ?? .zero
            let speed = p.speed ?? Rational(1)
            // A clip Reel wrote keeps the rest of its item (fit, filters, keyframes, volume…).
            var item = p.item ?? VideoItem(content: .color(out.background))
            let length = p.source.duration + head + tail
            switch p.content {
            case .media(let src):
                item.content = .media(src: src)
                let start = p.source.start - head.scaled(by: speed)
                if p.item?.duration != nil, p.item?.sourceRange == nil, start.isZero, p.speed == nil {
                    // Written from an item timed by `duration` (a still, or a clip from its start).
                    item.duration = length
                } else {
                    item.sourceRange = TimeRange(start: start, duration: length.scaled(by: speed))
                    item.duration = nil
                }
                item.speed = p.speed
                item.sourceTimecoded = p.timecoded
            case .color(let c):
                item.content = .color(c)
                item.duration = length
            case .gap:
                item = VideoItem(content: .color(out.background))
                item.duration = length
            }
            record(p, at: "/timeline/videos/\(out.timeline.videos.count)", into: &out)
            out.pointers.map("/timeline/videos/\(out.timeline.videos.count)/duration", to: p.sourcePointer)
            out.timeline.videos.append(item)
            if i > 0 {
                let t = before.map { cut -> TransitionSpec in
                    var t = cut.spec ?? TransitionSpec(kind: cut.kind, duration: .zero)
                    t.duration = cut.inOffset + cut.outOffset
                    return t
                }
                if let before { out.pointers.map("/timeline/transitions/\(out.timeline.transitions.count)", to: before.pointer) }
                out.timeline.transitions.append(t)
            }
        }
    }

    /// A higher video track: its clips as full-frame video overlays at their track times. A dissolve
    /// between two of them is the outgoing clip played on into its handle, fully opaque, and the
    /// incoming one drawn above it from `in_offset` before the cut, its opacity rising from 0 to 1
    /// over the transition: `A·(1 − p) + B·p`, the dissolve itself, whatever lies below.
    static func layer(_ pieces: [OTIOPiece], _ cuts: [Int: OTIOCut], into out: inout DecodedOTIO) {
        for i in cuts.keys.sorted() where cuts[i]!.kind != .dissolve || !(pieces[i].isMedia && pieces[i + 1].isMedia) {
            out.problems.report(cuts[i]!.pointer, "only a dissolve between two clips is supported in a layered video track")
        }
        for (i, p) in pieces.enumerated() {
            guard case .media(let src) = p.content else { continue }
            let before = i > 0 ? cuts[i - 1].flatMap { $0.kind == .dissolve && pieces[i - 1].isMedia ? $0 : nil } : nil
            let after = cuts[i].flatMap { $0.kind == .dissolve && pieces[i + 1].isMedia ? $0 : nil }
            let head = before?.inOffset ?? .zero, tail = after?.outOffset ?? .zero
            let source = TimeRange(start: p.source.start - head, duration: p.source.duration + head + tail)
            var overlay = OverlaySpec(content: .video(src: src, sourceRange: source, volume: nil, muted: false), start: p.trackStart - head)
            overlay.duration = source.duration
            overlay.frame = FrameRect(x: .fraction(0.5), y: .fraction(0.5), width: .fraction(1), height: .fraction(1))
            overlay.sourceTimecoded = p.timecoded
            if let before {
                var from = Keyframe(time: .zero), to = Keyframe(time: before.inOffset + before.outOffset)
                from.opacity = 0
                to.opacity = 1
                overlay.keyframes = [from, to]
            }
            if p.speed != nil {
                out.problems.report(p.pointer + "/effects", "a time warp in a layered video track is not supported yet")
            }
            record(p, at: "/timeline/overlays/\(out.timeline.overlays.count)", into: &out)
            out.timeline.overlays.append(overlay)
        }
    }

    /// An audio track: its clips mixed at their track times, at unity gain. A transition between two
    /// clips is a crossfade over its span: the outgoing clip plays on into its handle fading out,
    /// the incoming one starts early from its own fading in (a dissolve's two sides, as sound).
    static func audio(_ pieces: [OTIOPiece], _ cuts: [Int: OTIOCut], into out: inout DecodedOTIO) {
        for (i, p) in pieces.enumerated() {
            guard case .media(let src) = p.content else { continue }
            let before = i > 0 ? cuts[i - 1] : nil, after = cuts[i]
            let head = before?.inOffset ?? .zero, tail = after?.outOffset ?? .zero
            let speed = p.speed ?? Rational(1)
            var item = AudioItem(src: src)
            item.start = p.trackStart - head
            item.sourceRange = TimeRange(start: p.source.start - head.scaled(by: speed), duration: (p.source.duration + head + tail).scaled(by: speed))
            item.fadeIn = before.map { $0.inOffset + $0.outOffset }
            item.fadeOut = after.map { $0.inOffset + $0.outOffset }
            item.speed = p.speed
            record(p, at: "/timeline/voiceOvers/\(out.timeline.voiceOvers.count)", into: &out)
            out.timeline.voiceOvers.append(item)
        }
    }

    /// Maps the Reel item at `pointer` (and its `src` and `sourceRange`) to the piece's places.
    private static func record(_ p: OTIOPiece, at pointer: String, into out: inout DecodedOTIO) {
        out.pointers.map(pointer, to: p.pointer)
        out.pointers.map(pointer + "/src", to: p.referencePointer)
        out.pointers.map(pointer + "/sourceRange", to: p.sourcePointer)
    }

}
