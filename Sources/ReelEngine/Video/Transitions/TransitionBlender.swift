import CFFmpeg
import ReelSpec

/// Combines the outgoing picture `a` and the incoming `b` of a transition into one output frame.
///
/// - dissolve: a weighted average per sample;
/// - fade: `a` fades to the colour over the first half, then the colour fades to `b`;
/// - push: both pictures travel in the direction, `b` entering from the opposite edge;
/// - slide: `b` travels in over a still `a`;
/// - wipe: a straight edge travels in the direction, `b` on the side it came from; the row or
///   column under the edge is blended by its coverage, so the edge is anti-aliased;
/// - matte: `b`'s weight per pixel from a luma matte (`TransitionSpec.Matte`'s formula); chroma
///   takes its 2×2 block's mean weight.
/// Motion is in whole 2-pixel steps for push and slide, so 4:2:0 chroma stays aligned. Pictures and
/// output are at the render's `depth`; every loop runs on its samples.
final class TransitionBlender {
    let width: Int
    let height: Int
    let color: CanvasColor
    let depth: SampleDepth
    private var canvas: Frame?

    init(width: Int, height: Int, color: CanvasColor? = nil, depth: SampleDepth = .eight) {
        self.width = width
        self.height = height
        self.color = color ?? .forOutput(height: height)
        self.depth = depth
    }

    /// `matte`: a matte transition's picture at this moment (at the canvas's size and depth).
    func blend(_ a: Frame, _ b: Frame, _ t: TransitionPlan, progress p: Double, matte: Frame? = nil) throws -> Frame {
        for (picture, role) in [(a, "outgoing picture"), (b, "incoming picture")] {
            try CompositingError.require(picture, in: [depth.format(alpha: false)], operation: "blending a transition", role: role)
        }
        let out = try target()
        if t.kind == .matte {
            guard let matte, let m = t.matte else { throw CompositingError.missingMatte }
            try CompositingError.require(matte, in: [depth.format(alpha: false)], operation: "blending a transition", role: "matte")
            if depth == .ten {
                matteMix(a, b, matte: matte, progress: p, softness: m.softness, invert: m.invert, into: out, UInt16.self)
            } else {
                matteMix(a, b, matte: matte, progress: p, softness: m.softness, invert: m.invert, into: out, UInt8.self)
            }
            return out
        }
        if depth == .ten {
            try blend(a, b, t, progress: p, into: out, UInt16.self)
        } else {
            try blend(a, b, t, progress: p, into: out, UInt8.self)
        }
        return out
    }

    /// The matte's formula per pixel: with luma m (0…1 from black to white, the limited range
    /// opened up), `b`'s weight is clamp((p·(1+s) − m)/s, 0, 1), or m < p when s is 0.
    private func matteMix<S: PlaneSample>(_ a: Frame, _ b: Frame, matte: Frame, progress p: Double, softness s: Double, invert: Bool,
                                          into out: Frame, _: S.Type) {
        let black = Double(16 << S.shift), range = Double(219 << S.shift)
        let pm = PlaneView<S>(matte, plane: 0)
        func weight(_ x: Int, _ y: Int) -> Int32 {
            var m = min(1, max(0, (Double(pm.row(y)[x]) - black) / range))
            if invert { m = 1 - m }
            let w = s > 0 ? min(1, max(0, (p * (1 + s) - m) / s)) : (m < p ? 1 : 0)
            return Int32((w * 256).rounded())
        }
        func mixed(_ va: Int32, _ vb: Int32, _ w: Int32) -> S { S(truncatingIfNeeded: va &+ (((vb &- va) &* w &+ 128) &>> 8)) }
        let (ya, yb, yo) = (PlaneView<S>(a, plane: 0), PlaneView<S>(b, plane: 0), PlaneView<S>(out, plane: 0))
        for y in 0..<height {
            let ra = ya.row(y), rb = yb.row(y), ro = yo.row(y)
            for x in 0..<width { ro[x] = mixed(ra[x].int32, rb[x].int32, weight(x, y)) }
        }
        for plane in 1...2 {
            let (ca, cb, co) = (PlaneView<S>(a, plane: plane), PlaneView<S>(b, plane: plane), PlaneView<S>(out, plane: plane))
            for y in 0..<((height + 1) / 2) {
                let ra = ca.row(y), rb = cb.row(y), ro = co.row(y)
                for x in 0..<((width + 1) / 2) {
                    var sum: Int32 = 0, n: Int32 = 0
                    for dy in 0..<2 where 2 * y + dy < height {
                        for dx in 0..<2 where 2 * x + dx < width {
                            sum += weight(2 * x + dx, 2 * y + dy)
                            n += 1
                        }
                    }
                    ro[x] = mixed(ra[x].int32, rb[x].int32, (sum + n / 2) / n)
                }
            }
        }
    }

    private func blend<S: PlaneSample>(_ a: Frame, _ b: Frame, _ t: TransitionPlan, progress p: Double, into out: Frame,
                                       _: S.Type) throws {
        switch t.kind {
        case .dissolve:
            mix(a, b, weight: p, into: out, S.self)
        case .fade:
            let color = try solid(t.color)
            if p < 0.5 { mix(a, color, weight: p * 2, into: out, S.self) } else { mix(color, b, weight: (p - 0.5) * 2, into: out, S.self) }
        case .push:
            shift(a, b, moving: t.direction, progress: p, bothMove: true, into: out, S.self)
        case .slide:
            shift(a, b, moving: t.direction, progress: p, bothMove: false, into: out, S.self)
        case .wipe:
            wipe(a, b, moving: t.direction, progress: p, into: out, S.self)
        case .matte:
            break  // drawn by `matteMix`, with its picture
        }
    }

    private func target() throws -> Frame {
        if let c = canvas {
            try c.makeWritable()
            return c
        }
        let c = try Frame.video(width: width, height: height, format: depth.format(alpha: false))
        c.pointer.pointee.color_range = AVCOL_RANGE_MPEG
        canvas = c
        return c
    }

    /// The colour card a fade passes through, made once per colour.
    private var solidCache: (Color, Frame)?
    private func solid(_ c: Color) throws -> Frame {
        if let (color, f) = solidCache, color == c { return f }
        let fitter = FrameFitter(width: width, height: height, background: c, color: color, depth: depth)
        let f = try fitter.solid(fitter.background)
        solidCache = (c, f)
        return f
    }

    /// Plane geometry: (plane, width, height) of a 4:2:0 frame.
    private var planes: [(Int, Int, Int)] { [(0, width, height), (1, (width + 1) / 2, (height + 1) / 2), (2, (width + 1) / 2, (height + 1) / 2)] }

    private func mix<S: PlaneSample>(_ a: Frame, _ b: Frame, weight: Double, into out: Frame, _: S.Type) {
        let w = Int32(max(0, min(256, (weight * 256).rounded())))
        for (p, pw, ph) in planes {
            let pa = PlaneView<S>(a, plane: p), pb = PlaneView<S>(b, plane: p), po = PlaneView<S>(out, plane: p)
            for y in 0..<ph {
                let ra = pa.row(y), rb = pb.row(y), ro = po.row(y)
                for x in 0..<pw {
                    let va = ra[x].int32, vb = rb[x].int32
                    ro[x] = S(truncatingIfNeeded: va &+ (((vb &- va) &* w &+ 128) &>> 8))
                }
            }
        }
    }

    /// Push (both move) or slide (only `b` moves) in `direction`, by whole 2-pixel steps.
    private func shift<S: PlaneSample>(_ a: Frame, _ b: Frame, moving direction: Direction, progress p: Double, bothMove: Bool,
                                       into out: Frame, _: S.Type) {
        let horizontal = direction == .left || direction == .right
        let extent = horizontal ? width : height
        let offset = min(extent, Int((p * Double(extent) / 2).rounded()) * 2)
        for (plane, pw, ph) in planes {
            let shift = plane == 0 ? 1 : 2
            let off = offset / shift
            let size = horizontal ? pw : ph
            // Position along the axis: b occupies [bStart, bStart + size) and a [aStart, aStart + size).
            let forward = direction == .left || direction == .up   // things travel towards lower coordinates
            let bStart = forward ? size - off : off - size
            let aStart = bothMove ? (forward ? -off : off) : 0
            copyPlane(from: a, plane: plane, start: aStart, size: size, other: horizontal ? ph : pw, horizontal: horizontal, into: out, S.self)
            copyPlane(from: b, plane: plane, start: bStart, size: size, other: horizontal ? ph : pw, horizontal: horizontal, into: out, S.self)
        }
    }

    /// Copies the part of `src`'s plane that lands inside the frame when its origin is at `start`.
    private func copyPlane<S: PlaneSample>(from src: Frame, plane: Int, start: Int, size: Int, other: Int, horizontal: Bool,
                                           into out: Frame, _: S.Type) {
        let lo = max(0, start), hi = min(size, start + size)
        guard lo < hi else { return }
        let ps = PlaneView<S>(src, plane: plane), po = PlaneView<S>(out, plane: plane)
        if horizontal {
            for y in 0..<other { (po.row(y) + lo).update(from: ps.row(y) + (lo - start), count: hi - lo) }
        } else {
            for y in lo..<hi { po.row(y).update(from: ps.row(y - start), count: other) }
        }
    }

    /// A straight edge travelling in `direction`; `b` lies on the side the edge came from.
    private func wipe<S: PlaneSample>(_ a: Frame, _ b: Frame, moving direction: Direction, progress p: Double, into out: Frame,
                                      _: S.Type) {
        let horizontal = direction == .left || direction == .right
        for (plane, pw, ph) in planes {
            let extent = horizontal ? pw : ph
            let edge = p * Double(extent)   // how far the edge has travelled from where it started
            // b's coverage of each column (or row), 0…256, fractional at the edge: anti-aliased.
            let weights: [Int32] = (0..<extent).map { i in
                let pos = direction == .down || direction == .right ? Double(i) : Double(extent - 1 - i)
                return Int32((max(0, min(1, edge - pos)) * 256).rounded())
            }
            let pa = PlaneView<S>(a, plane: plane), pb = PlaneView<S>(b, plane: plane), po = PlaneView<S>(out, plane: plane)
            for y in 0..<ph {
                let ra = pa.row(y), rb = pb.row(y), ro = po.row(y)
                if !horizontal {
                    let w = weights[y]
                    if w == 0 { ro.update(from: ra, count: pw); continue }
                    if w == 256 { ro.update(from: rb, count: pw); continue }
                }
                weights.withUnsafeBufferPointer { wt in
                    for x in 0..<pw {
                        let w = horizontal ? wt[x] : wt[y]
                        let va = ra[x].int32, vb = rb[x].int32
                        ro[x] = S(truncatingIfNeeded: va &+ (((vb &- va) &* w &+ 128) &>> 8))
                    }
                }
            }
        }
    }
}
