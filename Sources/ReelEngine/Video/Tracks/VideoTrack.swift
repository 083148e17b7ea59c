import CFFmpeg
import ReelSpec

/// Walks the video segments in timeline order and hands out the picture for each output time.
/// Inside a transition two segments are live (AVFoundation's A/B tracks) and their pictures are
/// combined by `TransitionBlender`. A segment's source opens when it begins (the next plain clip
/// ahead of time, `ClipPrefetch`) and is released once the timeline has passed it, so at most
/// three decoders are open at a time (two in a transition and the next clip). A preview may ask
/// for any time: going back, the segments are found again, and a source still open seeks.
struct VideoTrack {
    let plan: RenderPlan
    private var open: [Int: Active] = [:]
    /// The segment after the newest open one, being opened ahead (plain clips only).
    private var prefetched: [Int: ClipPrefetch] = [:]
    /// Segments that opened from a prefetch (for tests and diagnostics).
    private(set) var prefetchesUsed = 0
    private var next = 0
    /// The time asked for last, to tell a preview's step back.
    private var lastAsked: Time?
    private let blender: TransitionBlender
    /// The matte of the matte transition under way, by its transition's index.
    private var matte: (index: Int, producer: MatteProducer)?

    private let overlays: OverlayTrack
    private let compositor = LayerCompositor()

    private enum Active {
        /// A plain clip; timeline time `t` shows `segment.sourceTime(at: t, sourceStart:)`.
        case clip(any ClipPictures, sourceStart: Time)
        case frame(Frame)
        /// Keyframes, filters, motion, a key or a mask: the source is drawn as a layer over the
        /// background.
        case layered(LayerProducer, canvas: Frame, background: Frame, mask: LayerMasker?)
    }

    /// Cancelled when the render stops, so a source decoding toward a far trim point, here or in a
    /// prefetch, gives up instead of holding the render's end back.
    private let stop: CancellationToken
    /// False when only some frames are asked for (a passthrough's encoded stretches): the next
    /// segment may never be shown, so it is not opened ahead.
    private let prefetching: Bool
    /// This track's seat among canvases drawn in lockstep: its video sources (clips, plain or drawn
    /// as layers, masks, mattes, overlays') decoded once for all (`SharedDecodes`); nil, decoded here.
    private let seat: SharedDecodes.Seat?

    init(plan: RenderPlan, stop: CancellationToken = CancellationToken(), prefetching: Bool = true, seat: SharedDecodes.Seat? = nil) {
        self.plan = plan
        self.stop = stop
        self.prefetching = prefetching
        self.seat = seat
        blender = TransitionBlender(width: plan.width, height: plan.height, color: plan.canvasColor, depth: plan.sampleDepth)
        overlays = OverlayTrack(plan: plan, compositor: compositor, stop: stop, seat: seat)
    }

    /// The output picture at timeline time `t`, overlays included: in increasing times for a render,
    /// in any order for a preview.
    mutating func picture(at t: Time) throws -> Frame {
        let base = try videoPicture(at: t)
        return overlays.isEmpty ? base : try overlays.compose(over: base, at: t)
    }

    /// The picture of the `videos` track alone (with transitions).
    private mutating func videoPicture(at t: Time) throws -> Frame {
        if let last = lastAsked, t < last { next = 0 }
        lastAsked = t
        // Release segments the timeline has left behind (or, stepping back, not yet reached).
        for i in open.keys where (!(t < plan.video[i].range.end) && i < plan.video.count - 1) || t < plan.video[i].range.start {
            open[i] = nil
        }
        while next < plan.video.count - 1 && !(t < plan.video[next].range.end) { next += 1 }
        let current = next
        if let tr = plan.transitions.first(where: { $0.index == current && $0.range.contains(t) }) {
            let a = try picture(of: current, at: t)
            let b = try picture(of: current + 1, at: t)
            return try blender.blend(a, b, tr, progress: tr.progress(at: t), matte: try mattePicture(tr, at: t))
        }
        return try picture(of: current, at: t)
    }

    /// A matte transition's picture at timeline time `t` (nil for other kinds), its source opened on
    /// the transition's first frame and closed when the next one begins.
    private mutating func mattePicture(_ tr: TransitionPlan, at t: Time) throws -> Frame? {
        guard let m = tr.matte else { return nil }
        return try RenderError.forSource(pointer: m.pointer, path: m.path) {
            if matte?.index != tr.index {
                let fitter = FrameFitter(width: plan.width, height: plan.height, background: plan.background, color: plan.canvasColor,
                                         depth: plan.sampleDepth)
                matte = (tr.index, try MatteProducer(m, fitter: fitter, decoderThreads: plan.codecThreading.videoDecoder, stop: stop,
                                                     shared: seat?.slot(.transitionMatte, tr.index)))
            }
            return try matte!.producer.picture(at: t - tr.range.start)
        }
    }

    /// Lets go of the open sources' recent frames, keeping the sources.
    func dropRecentFrames() {
        for active in open.values {
            switch active {
            case .clip(let c, _): c.dropRecentFrames()
            case .layered(let source, _, _, _): source.dropRecentFrames()
            case .frame: break
            }
        }
        overlays.dropRecentFrames()
    }

    /// Releases every source, waiting for a prefetch still under way.
    mutating func close() {
        matte = nil
        open.removeAll()
        for p in prefetched.values { p.finish() }
        prefetched.removeAll()
    }

    private mutating func picture(of i: Int, at t: Time) throws -> Frame {
        let segment = plan.video[i]
        if open[i] == nil {
            if case let .clip(_, sourceStart, _) = segment.source, let p = prefetched.removeValue(forKey: i) {
                open[i] = .clip(try p.take(), sourceStart: sourceStart)
                prefetchesUsed += 1
            } else {
                open[i] = try activate(i, segment, at: t)
            }
            prefetch(after: i)
        }
        let active = open[i]!
        return try RenderError.forSource(pointer: segment.pointer, path: segment.source.path) {
            switch active {
            case .frame(let f): return f
            case let .layered(source, canvas, background, mask):
                return try drawLayer(segment, source, canvas, background, mask, at: t - segment.range.start)
            case let .clip(clip, sourceStart):
                return try clip.picture(at: segment.sourceTime(at: t, sourceStart: sourceStart))
            }
        }
    }

    /// Starts opening segment `i + 1` when it is a plain clip that the output reaches: at the first
    /// output frame time inside it, as the picture loop will ask for it.
    private mutating func prefetch(after i: Int) {
        let j = i + 1
        guard prefetching, j < plan.video.count, open[j] == nil, prefetched[j] == nil else { return }
        let segment = plan.video[j]
        guard segment.layer.isPlain, case let .clip(path, sourceStart, rotation) = segment.source else { return }
        let offset = segment.range.start - plan.outputRange.start
        guard offset.isPositive else { return }
        let first = plan.outputRange.start + plan.frameTime(RenderPlan.frames(in: offset, rate: plan.frameRate))
        guard first < segment.range.end, first < plan.outputRange.end else { return }
        let plan = self.plan, stop = self.stop, seat = self.seat
        prefetched[j] = ClipPrefetch {
            try RenderError.forSource(pointer: segment.pointer, path: path) {
                let clip = try VideoTrack.openClip(j, segment, path: path, sourceStart: sourceStart, rotation: rotation, at: first,
                                                   plan: plan, stop: stop, seat: seat)
                _ = try clip.picture(at: segment.sourceTime(at: first, sourceStart: sourceStart))
                return clip
            }
        }
    }

    /// Plain clip segment `index`'s source, sought to timeline time `t`, with its own fitter; with a
    /// seat, the frames of one decoder shared with the other canvases (a decoder of its own at the
    /// time asked should the shared one let it go).
    private static func openClip(_ index: Int, _ segment: VideoSegment, path: String, sourceStart: Time, rotation: Int, at t: Time,
                                 plan: RenderPlan, stop: CancellationToken, seat: SharedDecodes.Seat?) throws -> any ClipPictures {
        let fitter = segmentFitter(segment, plan: plan)
        let open = { (at: Time, stop: CancellationToken?) in
            try ClipProducer(path: path, startingAt: at, rotation: rotation, mode: segment.fit, fitter: fitter,
                             decoderThreads: plan.codecThreading.videoDecoder, stop: stop, recentBytes: plan.recentFrameBytes)
        }
        return try SharedDecodes.Slot.pictures(seat?.slot(.segment, index), path: path, from: segment.sourceTime(at: t, sourceStart: sourceStart),
                                               fitter: fitter, rotation: rotation, mode: segment.fit, stop: stop, open: open)
    }

    /// A fitter into the canvas for a segment (its bars' blur as the segment sets it).
    private static func segmentFitter(_ segment: VideoSegment, plan: RenderPlan) -> FrameFitter {
        let fitter = FrameFitter(width: plan.width, height: plan.height, background: plan.background, color: plan.canvasColor,
                                 depth: plan.sampleDepth)
        fitter.blurFill = segment.blurFill
        return fitter
    }

    private func drawLayer(_ segment: VideoSegment, _ source: LayerProducer, _ canvas: Frame, _ background: Frame, _ mask: LayerMasker?,
                           at into: Time) throws -> Frame {
        var picture = try source.picture(at: into, layer: segment.layer, color: plan.canvasColor)
        if let mask { picture = try mask.apply(picture, at: into) }
        try canvas.makeWritable()
        try FFmpegError.check(av_frame_copy(canvas.pointer, background.pointer), "av_frame_copy", "background")
        let placement = LayerLayout(frameWidth: plan.width, frameHeight: plan.height)
            .placement(sourceWidth: Double(source.width), sourceHeight: Double(source.height), base: .fit(segment.fit),
                       layer: segment.layer, at: into, duration: segment.range.duration)
        try compositor.draw(picture, placement, onto: canvas)
        return canvas
    }

    /// Opens segment `index`'s source for timeline time `t`: a plain clip or still fitted to the frame, a
    /// colour card once, or anything with keyframes, filters or motion as a layer over the background.
    private func activate(_ index: Int, _ segment: VideoSegment, at t: Time) throws -> Active {
        let fitter = VideoTrack.segmentFitter(segment, plan: plan)
        return try RenderError.forSource(pointer: segment.pointer, path: segment.source.path) {
            if !segment.layer.isPlain {
                let into = t - segment.range.start
                let size = segment.sourceSize ?? (plan.width, plan.height)
                let source: LayerProducer
                switch segment.source {
                case .color(let c): source = LayerProducer(solid: try fitter.solid(YUVColor(c.over(plan.background), matrix: fitter.color)))
                case let .still(path): source = try LayerProducer(still: path, size: size, color: fitter.color, depth: fitter.depth)
                case let .clip(path, start, rotation):
                    source = try LayerProducer(clip: path, sourceStart: start, speed: segment.speed, startingAt: into, rotation: rotation, size: size,
                                               color: fitter.color, depth: fitter.depth, decoderThreads: plan.codecThreading.videoDecoder,
                                               stop: stop, recentBytes: plan.recentFrameBytes, shared: seat?.slot(.segment, index))
                }
                var card = false
                if case .color = segment.source { card = true }
                // A colour card fills the frame; a picture with fit blur is drawn over its blurred bars.
                if segment.fit == .blur && !card {
                    source.fitOverBlur(VideoTrack.segmentFitter(segment, plan: plan))
                }
                let mask = segment.layer.mask.map { LayerMasker($0, keyframes: segment.layer.keyframes, decoderThreads: plan.codecThreading.videoDecoder,
                                                                 stop: stop, shared: seat?.slot(.segmentMask, index)) }
                return .layered(source, canvas: try fitter.solid(fitter.background), background: try fitter.solid(fitter.background),
                                mask: mask)
            }
            switch segment.source {
            case .color(let c):
                return .frame(try fitter.solid(YUVColor(c.over(plan.background), matrix: fitter.color)))
            case let .still(path):
                return .frame(try StillProducer(path: path, mode: segment.fit, fitter: fitter).frame)
            case let .clip(path, sourceStart, rotation):
                return .clip(try VideoTrack.openClip(index, segment, path: path, sourceStart: sourceStart, rotation: rotation, at: t,
                                                     plan: plan, stop: stop, seat: seat), sourceStart: sourceStart)
            }
        }
    }
}
