import CFFmpeg
import ReelSpec

/// The upright picture of a layer at its displayed size, in the output's colour matrix and depth — a clip's frame at a source time, or a
/// still decoded once (with its alpha kept, so a PNG's transparency reaches the compositor).
final class LayerProducer {
    private enum Kind {
        case clip(any ClipPictures, sourceStart: Time, speed: Rational, holdAfter: Time?)
        case still(Frame)
        /// A shape drawn again as keyframes change its own numbers.
        case shape(ShapeAnimation)
    }

    private let kind: Kind
    private(set) var width: Int
    private(set) var height: Int
    /// `fit: "blur"` drawn as a layer: the picture fitted into the frame over its own blurred fill
    /// (`FrameFitter`'s blur mode, as the plain path draws it), so keyframes, filters and masks act
    /// on the item as fitted; its bars' radius and dimming as keyframes set them.
    private var blurFit: (fitter: FrameFitter, base: BlurFill)?

    /// `speed`: `t` into the item shows source time `sourceStart + t × speed`. `holdAfter`: past
    /// this much of the source the last frame before it stays on screen. `alpha` keeps the source's
    /// alpha (a video mask's). `shared`: the clip's place among sources decoded once for several
    /// canvases (`SharedDecodes`), each fitting the frames to its own size.
    init(clip path: String, sourceStart: Time, speed: Rational = Rational(1), startingAt first: Time, rotation: Int,
         size: (width: Int, height: Int), color: CanvasColor, depth: SampleDepth = .eight, decoderThreads: Int,
         stop: CancellationToken? = nil, holdAfter: Time? = nil, alpha: Bool = false, recentBytes: Int = 0,
         shared: SharedDecodes.Slot? = nil) throws {
        width = size.width
        height = size.height
        let fitter = FrameFitter(width: width, height: height, background: .black, alpha: alpha, color: color, depth: depth)
        // Opened at the earliest time `picture(at:)` will ask for: past the hold that is the held time,
        // just before `first` (the decoder may skip frames hidden before the opening time).
        let firstOffset = first.scaled(by: speed)
        let opening = holdAfter.map { Time.min(firstOffset, LayerProducer.heldTime($0)) } ?? firstOffset
        let open = { (at: Time, stop: CancellationToken?) in
            try ClipProducer(path: path, startingAt: at, rotation: rotation, mode: .stretch, fitter: fitter, decoderThreads: decoderThreads,
                             stop: stop, recentBytes: recentBytes)
        }
        kind = .clip(try SharedDecodes.Slot.pictures(shared, path: path, from: sourceStart + opening, fitter: fitter, rotation: rotation,
                                                     mode: .stretch, stop: stop, open: open),
                     sourceStart: sourceStart, speed: speed, holdAfter: holdAfter)
    }

    init(still path: String, size: (width: Int, height: Int), color: CanvasColor, depth: SampleDepth = .eight) throws {
        width = size.width
        height = size.height
        let fitter = FrameFitter(width: width, height: height, background: .black, alpha: true, color: color, depth: depth)
        kind = .still(try StillProducer(path: path, mode: .stretch, fitter: fitter).frame)
    }

    /// A solid picture (a colour card drawn as a layer).
    init(solid frame: Frame) {
        width = frame.width
        height = frame.height
        kind = .still(frame)
    }

    /// A shape whose radius or stroke width keyframes change.
    init(shape: ShapeAnimation) {
        width = shape.width
        height = shape.height
        kind = .shape(shape)
    }

    /// Fits every picture into `fitter`'s frame over its blurred fill (`fit: "blur"`); the layer is
    /// then the frame's size.
    func fitOverBlur(_ fitter: FrameFitter) {
        blurFit = (fitter, fitter.blurFill)
        (width, height) = (fitter.width, fitter.height)
    }

    /// The picture `t` into the item (for a clip: source time `sourceStart + t × speed`).
    func picture(at t: Time) throws -> Frame {
        switch kind {
        case .still(let f): return f
        case .shape(let s): return try s.picture(at: t)
        case let .clip(c, start, speed, hold):
            let offset = speed == Rational(1) ? t : t.scaled(by: speed)
            guard let hold, !(offset < hold) else { return try c.picture(at: start + offset) }
            return try c.picture(at: start + LayerProducer.heldTime(hold))
        }
    }

    /// Lets go of a clip's recent frames (`ClipProducer.dropRecentFrames`).
    func dropRecentFrames() {
        if case let .clip(c, _, _, _) = kind { c.dropRecentFrames() }
    }

    /// The time shown once a clip layer holds: just before the range's end, so the last frame of the
    /// range, never one after it.
    static func heldTime(_ hold: Time) -> Time { hold - ClipProducer.tolerance - ClipProducer.tolerance }

    /// The picture with the layer's `filters` applied and its green screen keyed out, on a private
    /// copy (the source picture may be shown again).
    func picture(at t: Time, layer: LayerPlan, color: CanvasColor) throws -> Frame {
        var p = try picture(at: t)
        if let (fitter, base) = blurFit {
            let track = KeyframeTrack(layer.keyframes)
            fitter.blurFill.radius = track.value(.blurRadius, at: t) ?? base.radius
            fitter.blurFill.dim = track.value(.dim, at: t) ?? base.dim
            p = try fitter.fit(p, rotation: 0, mode: .blur)
        }
        if !layer.filters.isEmpty {
            let copy = try p.reference()
            try PictureFilters.apply(layer.filters(at: t), to: copy)
            p = copy
        }
        if let key = layer.chromaKey(at: t) { p = try ChromaKeyer.key(p, key, color: color) }
        return p
    }
}
