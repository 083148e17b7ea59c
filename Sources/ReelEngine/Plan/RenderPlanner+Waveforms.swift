import ReelSpec

extension RenderPlanner {
    /// Where an audiogram's picture lies on a `width`×`height` canvas, in whole pixels (even, so it
    /// lands on the canvas's pixels and chroma sites without resampling): its `frame` (without a
    /// height, a quarter as tall as it is wide on a canvas of the frame's shape), or its natural size
    /// (the canvas's width, a quarter of its height) centred at its `position` or on the canvas.
    static func waveformGrid(_ placement: OverlayPlan.Placement, width: Int, height: Int) -> PixelRect {
        let (cw, ch) = (Double(width), Double(height))
        var size = (w: cw, h: ch / 4)
        var centre = (x: cw / 2, y: ch / 2)
        switch placement {
        case .frame(let f):
            size.w = f.width.pixels(along: .horizontal, width: cw, height: ch)
            size.h = f.height?.pixels(along: .vertical, width: cw, height: ch) ?? size.w * ch / (4 * cw)
            centre = (f.x.pixels(along: .horizontal, width: cw, height: ch), f.y.pixels(along: .vertical, width: cw, height: ch))
        case .position(let p):
            centre = (p.x.pixels(along: .horizontal, width: cw, height: ch), p.y.pixels(along: .vertical, width: cw, height: ch))
        case .natural:
            break
        }
        func even(_ v: Double) -> Int { max(2, Int(min(16384, max(0, v)).rounded()) & ~1) }
        let (w, h) = (even(size.w), even(size.h))
        func origin(_ c: Double, _ side: Int) -> Int { Int(max(-1e7, min(1e7, c - Double(side) / 2)).rounded(.down)) & ~1 }
        return PixelRect(x: origin(centre.x, w), y: origin(centre.y, h), width: w, height: h)
    }

    /// Gives each audiogram (at any depth of groups) the clips it listens to, once the timeline's
    /// audio is planned: all of them for the mix, else those of the item its `audio` names (a
    /// problem at `…/audio` when that item plays no sound in the mix).
    func resolveWaveformAudio(_ plans: inout [OverlayPlan], audio: [AudioClip], problems: inout [SpecProblem]) {
        for i in plans.indices {
            switch plans[i].source {
            case .waveform(var w):
                if let pointer = w.spec.audio {
                    w.clips = audio.filter { $0.pointer == pointer }
                    if w.clips.isEmpty {
                        problems.append(SpecProblem(pointer: plans[i].pointer + "/audio", message: "\"\(pointer)\" is not an item heard in the mix "
                                                    + "(a voice-over, a music item, or a video item or video overlay with sound, not muted)"))
                    }
                } else {
                    w.clips = audio
                }
                plans[i].source = .waveform(w)
            case .group(var g):
                resolveWaveformAudio(&g.overlays, audio: audio, problems: &problems)
                plans[i].source = .group(g)
            default:
                continue
            }
        }
    }
}
