import CFFmpeg
import ReelSpec

/// Draws the overlays active at a time over a base picture, bottom to top: the timeline's on the
/// frame, or a group's on its canvas (`GroupProducer`). Sources open when their overlay begins and
/// close when it ends.
final class OverlayTrack {
    /// What the track draws on.
    enum Canvas {
        /// Nothing: the time is passed over (sources of ended overlays close).
        case none
        /// An opaque picture (the timeline's frame).
        case opaque(Frame)
        /// A group's canvas, transparent where nothing is drawn: its render over black and over white.
        case plates(black: Frame, white: Frame)
    }

    let plan: RenderPlan
    /// The overlays drawn, and the canvas they are placed on (their lengths refer to it).
    let overlays: [OverlayPlan]
    let width: Int
    let height: Int
    /// Ends a video overlay's decoding early when the render stops.
    let stop: CancellationToken
    /// The track's seat among canvases drawn in lockstep: its video overlays and masks, and its
    /// groups', decoded once for all (`SharedDecodes`); nil, decoded here.
    private let seat: SharedDecodes.Seat?
    private let compositor: LayerCompositor
    private let blender: BlendModeCompositor
    private let layout: LayerLayout
    private var sources: [Int: LayerProducer] = [:]
    private var texts: [Int: TextProducer] = [:]
    private var groups: [Int: GroupProducer] = [:]
    private var waveforms: [Int: WaveformProducer] = [:]
    private var lotties: [Int: LottieProducer] = [:]
    private var masks: [Int: LayerMasker] = [:]
    private var color: CanvasColor { plan.canvasColor }
    private var canvas: Frame?

    /// The timeline's overlays on the output's frame.
    convenience init(plan: RenderPlan, compositor: LayerCompositor, stop: CancellationToken, seat: SharedDecodes.Seat? = nil) {
        self.init(overlays: plan.overlays, width: plan.width, height: plan.height, plan: plan, compositor: compositor, stop: stop, seat: seat)
    }

    /// `overlays` on a `width`×`height` canvas, in `plan`'s colour and depth.
    init(overlays: [OverlayPlan], width: Int, height: Int, plan: RenderPlan, compositor: LayerCompositor, stop: CancellationToken,
         seat: SharedDecodes.Seat? = nil) {
        self.plan = plan
        self.overlays = overlays
        self.width = width
        self.height = height
        self.stop = stop
        self.seat = seat
        self.compositor = compositor
        blender = BlendModeCompositor(compositor: compositor)
        layout = LayerLayout(frameWidth: width, frameHeight: height)
    }

    var isEmpty: Bool { overlays.isEmpty }

    /// `base` with every overlay active at timeline time `t` drawn on it (a new canvas; `base` is
    /// left untouched, since it may be a cached or decoder-owned picture).
    func compose(over base: Frame, at t: Time) throws -> Frame {
        guard overlays.contains(where: { $0.range.contains(t) }) else {
            try draw(at: t, onto: .none)
            return base
        }
        let out = try target()
        try FFmpegError.check(av_frame_copy(out.pointer, base.pointer), "av_frame_copy", "overlay canvas")
        try draw(at: t, onto: .opaque(out))
        return out
    }

    /// Draws every overlay active at `t` onto `canvas` in place; each picture is made once. Closes
    /// the sources of overlays that are not active.
    func draw(at t: Time, onto canvas: Canvas) throws {
        let active = overlays.indices.filter { overlays[$0].range.contains(t) }
        for i in sources.keys where !active.contains(i) { sources[i] = nil }
        for i in texts.keys where !active.contains(i) { texts[i] = nil }
        for i in groups.keys where !active.contains(i) { groups[i] = nil }
        for i in waveforms.keys where !active.contains(i) { waveforms[i] = nil }
        for i in lotties.keys where !active.contains(i) { lotties[i] = nil }
        for i in masks.keys where !active.contains(i) { masks[i] = nil }
        for i in active {
            let o = overlays[i]
            let into = t - o.range.start
            try RenderError.forSource(pointer: o.pointer, path: o.source.path) {
                guard let picture = try self.masked(i, o, self.picture(i, o, at: into), at: into) else { return }
                let placement = layout.placement(sourceWidth: Double(picture.width), sourceHeight: Double(picture.height),
                                                 base: .overlay(o.placement), layer: o.layer, at: into, duration: o.range.duration)
                switch canvas {
                case .none: break
                case .opaque(let frame) where o.layer.blend == .normal: try compositor.draw(picture, placement, onto: frame)
                case .opaque(let frame): try blender.draw(picture, placement, mode: o.layer.blend, color: color, onto: frame)
                case let .plates(black, white):
                    try blender.draw(picture, placement, mode: o.layer.blend, color: color, ontoBlack: black, white: white)
                }
            }
        }
    }

    /// Overlay `i`'s picture `into` its range, filtered; nil when it shows nothing then.
    private func picture(_ i: Int, _ o: OverlayPlan, at into: Time) throws -> Frame? {
        switch o.source {
        case .image, .video, .shape:
            return try source(i, o, startingAt: into).picture(at: into, layer: o.layer, color: color)
        case .text(let text):
            return try filtered(textProducer(i) { TextProducer(text, duration: o.range.duration, frameWidth: width, color: color,
                                                                depth: plan.sampleDepth) }
                .picture(at: into), o.layer.filters(at: into))
        case let .captions(cues, text, highlight):
            return try filtered(textProducer(i) {
                TextProducer(text, cues: cues, highlight: highlight, duration: o.range.duration, frameWidth: width, color: color,
                             depth: plan.sampleDepth)
            }.picture(at: into), o.layer.filters(at: into))
        case .group(let g):
            let producer = try groups[i] ?? GroupProducer(g, plan: plan, stop: stop, seat: seat?.inGroup(i))
            groups[i] = producer
            return try filtered(producer.picture(at: into), o.layer.filters(at: into))
        case .waveform(let w):
            let producer = try waveforms[i] ?? WaveformProducer(w, render: plan)
            waveforms[i] = producer
            return try filtered(producer.picture(at: into), o.layer.filters(at: into))
        case .lottie(let l):
            let producer = try lotties[i] ?? LottieProducer(l, color: color, depth: plan.sampleDepth,
                                                            compositorOnly: o.layer.mask == nil && o.layer.filters.isEmpty)
            lotties[i] = producer
            return try filtered(producer.picture(at: into), o.layer.filters(at: into))
        }
    }

    /// `picture` with the overlay's mask applied, if it has one.
    private func masked(_ i: Int, _ o: OverlayPlan, _ picture: Frame?, at into: Time) throws -> Frame? {
        guard let picture, let plan = o.layer.mask else { return picture }
        let masker = masks[i] ?? LayerMasker(plan, keyframes: o.layer.keyframes, decoderThreads: self.plan.codecThreading.videoDecoder, stop: stop,
                                             shared: seat?.slot(.overlayMask, i))
        masks[i] = masker
        return try masker.apply(picture, at: into)
    }

    private func textProducer(_ i: Int, _ make: () -> TextProducer) -> TextProducer {
        if let t = texts[i] { return t }
        let t = make()
        texts[i] = t
        return t
    }

    /// `picture` with `filters` applied to a private copy (the text block's picture is shown again).
    private func filtered(_ picture: Frame?, _ filters: [FilterSpec]) throws -> Frame? {
        guard let picture, !filters.isEmpty else { return picture }
        let copy = try picture.reference()
        try PictureFilters.apply(filters, to: copy)
        return copy
    }

    private func source(_ i: Int, _ o: OverlayPlan, startingAt into: Time) throws -> LayerProducer {
        if let s = sources[i] { return s }
        let s: LayerProducer
        switch o.source {
        case .text, .captions: preconditionFailure("text overlays are drawn by a TextProducer")
        case .group: preconditionFailure("groups are drawn by a GroupProducer")
        case .waveform: preconditionFailure("waveforms are drawn by a WaveformProducer")
        case .lottie: preconditionFailure("Lottie animations are drawn by a LottieProducer")
        case .shape(let spec, let picture?) where ShapeAnimation.isAnimated(o.layer.keyframes):
            s = LayerProducer(shape: ShapeAnimation(spec, picture: picture, keyframes: o.layer.keyframes, canvas: (width, height), color: color,
                                                    depth: plan.sampleDepth))
        case .shape(_, let picture?): s = LayerProducer(solid: try ShapeLayer.draw(picture, color: color, depth: plan.sampleDepth))
        case .shape(_, nil): preconditionFailure("the planner places every shape")
        case .image(let path): s = try LayerProducer(still: path, size: o.sourceSize, color: color, depth: plan.sampleDepth)
        case let .video(path, start, duration, rotation):
            s = try LayerProducer(clip: path, sourceStart: start, startingAt: Time.min(into, duration), rotation: rotation, size: o.sourceSize,
                                color: color, depth: plan.sampleDepth, decoderThreads: plan.codecThreading.videoDecoder, stop: stop,
                                holdAfter: duration, recentBytes: plan.recentFrameBytes, shared: seat?.slot(.overlay, i))
        }
        sources[i] = s
        return s
    }

    /// Lets go of the video overlays' recent frames (`ClipProducer.dropRecentFrames`).
    func dropRecentFrames() {
        for s in sources.values { s.dropRecentFrames() }
    }

    private func target() throws -> Frame {
        if let c = canvas {
            try c.makeWritable()
            return c
        }
        let c = try Frame.video(width: width, height: height, format: plan.sampleDepth.format(alpha: false))
        canvas = c
        return c
    }
}
