import CFFmpeg
import ReelSpec

/// Applies a layer's mask (docs/API.md (compositing)) to its picture: the mask's value 0…1 at each
/// pixel (a shape's coverage on the picture, or a source's alpha or luma stretched to it; inverted,
/// then feathered by an exact Gaussian of σ = feather/2, `GaussianKernel`) multiplies the picture's alpha.
///
/// The mask is read in SDR BT.709 whatever the canvas, so a white matte means "shows" under an HDR
/// canvas too. A shape or still mask is computed once per picture size (and feathered again only
/// when keyframes change its feather; a shape drawn again when keyframes move or size a rect's or
/// ellipse's frame, `maskFrame`, or a polygon's points, `maskPoints`); a video mask plays along with the item from its start and
/// holds its last frame after its end.
final class LayerMasker {
    /// Mask values are 10-bit (0…1023), finer than any picture's alpha they scale.
    private static let one = 1023

    private let plan: MaskPlan
    private let decoderThreads: Int
    private let stop: CancellationToken?
    private let shared: SharedDecodes.Slot?
    private var producer: LayerProducer?
    /// The item's keyframes, which may animate the feather.
    private let track: KeyframeTrack
    /// A shape's or still's values before feathering, and the last feathered ones.
    private var unfeathered: (width: Int, height: Int, values: [UInt16])?
    private var fixed: (width: Int, height: Int, feather: Double, values: [UInt16])?
    /// The frame keyframes gave a rect or ellipse shape when its values were last drawn.
    private var movedFrame: FrameRect?
    /// The points keyframes gave a polygon shape then, in pixels.
    private var movedPoints: [FramePoint]?

    /// `shared`: a video mask's place among sources decoded once for several canvases (`SharedDecodes`).
    init(_ plan: MaskPlan, keyframes: [Keyframe] = [], decoderThreads: Int = 1, stop: CancellationToken? = nil,
         shared: SharedDecodes.Slot? = nil) {
        self.plan = plan
        track = KeyframeTrack(keyframes)
        self.decoderThreads = decoderThreads
        self.stop = stop
        self.shared = shared
    }

    /// `picture` (YUV or YUVA 4:2:0, 8- or 10-bit) masked, as a new YUVA picture of its depth; `t`
    /// is the time into the item.
    func apply(_ picture: Frame, at t: Time) throws -> Frame {
        try CompositingError.require(picture, in: SampleDepth.eight.formats + SampleDepth.ten.formats, operation: "masking a layer",
                                     role: "picture")
        let values = try mask(width: picture.width, height: picture.height, at: t)
        let depth = SampleDepth(canvasFormat: picture.pixelFormat) ?? .eight
        let out = try Frame.video(width: picture.width, height: picture.height, format: depth.format(alpha: true))
        switch depth {
        case .eight: LayerMasker.multiply(picture, values, into: out, UInt8.self)
        case .ten: LayerMasker.multiply(picture, values, into: out, UInt16.self)
        }
        out.pts = picture.pts
        return out
    }

    /// The mask's values on a `width`×`height` picture.
    private func mask(width: Int, height: Int, at t: Time) throws -> [UInt16] {
        let feather = track.value(.feather, at: t) ?? plan.feather
        // A shape whose frame keyframes move is drawn again whenever its frame changes.
        let frame = track.maskFrame(at: t, width: Double(width), height: Double(height))
        let points = track.points(at: t, width: Double(width), height: Double(height)) { $0.maskPoints }?
            .map { FramePoint(x: Length($0.x, .px), y: Length($0.y, .px)) }
        if frame != movedFrame || points != movedPoints {
            (movedFrame, movedPoints, unfeathered, fixed) = (frame, points, nil, nil)
        }
        if let f = fixed, f.width == width, f.height == height, f.feather == feather { return f.values }
        var values: [UInt16]
        var isFixed = true
        if let u = unfeathered, u.width == width, u.height == height {
            values = u.values
        } else {
            (values, isFixed) = try sourceValues(width: width, height: height, at: t)
            if plan.invert { for i in values.indices { values[i] = UInt16(LayerMasker.one) - values[i] } }
            if isFixed { unfeathered = (width, height, values) }
        }
        if feather > 0 {
            var plane = values.map(Float.init)
            GaussianKernel(sigma: feather / 2).apply(to: &plane, width: width, height: height)
            values = plane.map { UInt16(min(Float(LayerMasker.one), max(0, $0)).rounded()) }
        }
        if isFixed { fixed = (width, height, feather, values) }
        return values
    }

    /// The mask source's values on a `width`×`height` picture, inverted if asked, and whether they
    /// stay the same over time (a shape, a still).
    private func sourceValues(width: Int, height: Int, at t: Time) throws -> (values: [UInt16], isFixed: Bool) {
        var values: [UInt16]
        var isFixed = true
        switch plan.source {
        case .shape(var spec):
            switch spec.geometry {
            case .rect(_, let radius): if let frame = movedFrame { spec.geometry = .rect(frame: frame, radius: radius) }
            case .ellipse: if let frame = movedFrame { spec.geometry = .ellipse(frame: frame) }
            case .polygon: if let points = movedPoints { spec.geometry = .polygon(points) }
            default: break
            }
            values = [UInt16](repeating: 0, count: width * height)
            if let outline = ShapeOutline(spec.geometry, canvasWidth: Double(width), canvasHeight: Double(height)) {
                let cover = ShapePicture(spec, outline: outline, raster: PixelRect(x: 0, y: 0, width: width, height: height)).planes().a
                for i in values.indices { values[i] = UInt16((Double(cover[i]) * Double(LayerMasker.one)).rounded()) }
            }
        case .still(let path):
            values = LayerMasker.values(of: try source(width, height) { try LayerProducer(still: path, size: (width, height), color: .bt709) }
                .picture(at: .zero), mode: plan.mode)
        case let .clip(path, rotation, duration):
            isFixed = false
            let p = try source(width, height) {
                try LayerProducer(clip: path, sourceStart: .zero, startingAt: Time.min(t, duration), rotation: rotation,
                                  size: (width, height), color: .bt709, decoderThreads: decoderThreads, stop: stop, holdAfter: duration,
                                  alpha: plan.mode == .alpha, shared: shared)
            }
            values = LayerMasker.values(of: try p.picture(at: t), mode: plan.mode)
        }
        return (values, isFixed)
    }

    /// The mask source's producer at this size (a new one when the picture's size changes).
    private func source(_ width: Int, _ height: Int, _ make: () throws -> LayerProducer) throws -> LayerProducer {
        if let p = producer, p.width == width, p.height == height { return p }
        let p = try make()
        producer = p
        return p
    }

    /// A mask picture's alpha, or its luma (limited range: black 0, white 1), as 0…1023.
    private static func values(of f: Frame, mode: MaskSpec.Mode) -> [UInt16] {
        switch SampleDepth(canvasFormat: f.pixelFormat) {
        case .ten?: return values(f, mode, UInt16.self)
        default: return values(f, mode, UInt8.self)
        }
    }

    private static func values<S: PlaneSample>(_ f: Frame, _ mode: MaskSpec.Mode, _: S.Type) -> [UInt16] {
        let (w, h) = (f.width, f.height)
        var out = [UInt16](repeating: 0, count: w * h)
        let hasAlpha = f.pixelFormat == SampleDepth.eight.format(alpha: true) || f.pixelFormat == SampleDepth.ten.format(alpha: true)
        let view = PlaneView<S>(f, plane: mode == .alpha && hasAlpha ? 3 : 0)
        let black = Double(16 << S.shift), range = Double(219 << S.shift), top = Double(S.maximum)
        for y in 0..<h {
            let row = view.row(y)
            for x in 0..<w {
                let v = Double(row[x])
                let m = mode == .alpha ? (hasAlpha ? v / top : 1) : (v - black) / range
                out[y * w + x] = UInt16((min(1, max(0, m)) * Double(one)).rounded())
            }
        }
        return out
    }

    /// Copies the picture's Y, Cb and Cr into `out` and sets its alpha to the picture's (opaque
    /// without one) times the mask.
    private static func multiply<S: PlaneSample>(_ p: Frame, _ mask: [UInt16], into out: Frame, _: S.Type) {
        let (w, h) = (p.width, p.height)
        PlaneOps.copyPlanes(of: p, into: out, at: PixelRect(x: 0, y: 0, width: w, height: h))
        let hasAlpha = p.pixelFormat == SampleDepth.eight.format(alpha: true) || p.pixelFormat == SampleDepth.ten.format(alpha: true)
        let a = PlaneView<S>(out, plane: 3)
        let top = S.maximum, one = Int32(LayerMasker.one)
        let source = hasAlpha ? PlaneView<S>(p, plane: 3) : nil
        for y in 0..<h {
            let row = a.row(y), from = source?.row(y)
            for x in 0..<w {
                let alpha = from.map { $0[x].int32 } ?? top
                row[x] = S.clamped((alpha * Int32(mask[y * w + x]) + one / 2) / one)
            }
        }
    }
}
