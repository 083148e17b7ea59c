import ReelSpec

/// Evaluates keyframes (times relative to the item's start) property by property: each property
/// follows only the keyframes that set it, holds its first value before them and its last after,
/// and travels to each keyframe along that keyframe's easing curve.
struct KeyframeTrack {
    let keyframes: [Keyframe]

    init(_ keyframes: [Keyframe]) { self.keyframes = keyframes.sorted { $0.time < $1.time } }

    var isEmpty: Bool { keyframes.isEmpty }

    /// The state at `t` on a `frameWidth`×`frameHeight` canvas, against which x and y are resolved
    /// (`Length`) before they are interpolated.
    func state(at t: Time, frameWidth: Double, frameHeight: Double) -> LayerState {
        var s = LayerState()
        if let v = value(at: t, \.opacity) { s.opacity = v }
        s.x = value(at: t) { $0.x?.fraction(along: .horizontal, width: frameWidth, height: frameHeight) }
        s.y = value(at: t) { $0.y?.fraction(along: .vertical, width: frameWidth, height: frameHeight) }
        if let v = value(at: t, \.scale) { s.scale = v }
        if let v = value(at: t, \.rotation) { s.rotation = v }
        let crops = keyframes.compactMap { k in k.crop.map { (k.time, $0, k.easing) } }
        if !crops.isEmpty {
            func part(_ f: (FractionRect) -> Double) -> Double { interpolate(crops.map { ($0.0, f($0.1), $0.2) }, at: t) }
            s.crop = FractionRect(x: part(\.x), y: part(\.y), width: part(\.width), height: part { $0.height ?? 1 - $0.y })
        }
        return s
    }

    /// The value keyframes give an item's own `feature` at `t`; nil where none sets it (the
    /// item's own value holds).
    func value(_ feature: Keyframe.Feature, at t: Time) -> Double? { value(at: t) { $0.value(of: feature) } }

    /// Whether any keyframe sets `feature`.
    func animates(_ feature: Keyframe.Feature) -> Bool { keyframes.contains { $0.value(of: feature) != nil } }

    /// The values `feature` takes: the keyframes' (the item's own value comes on top of these).
    func values(_ feature: Keyframe.Feature) -> [Double] { keyframes.compactMap { $0.value(of: feature) } }

    /// A polygon's points at `t` in pixels of a `width`×`height` canvas, each coordinate travelling
    /// between the keyframes that set `points` (resolved to pixels first, so units may differ from
    /// keyframe to keyframe); nil where none sets them.
    func points(at t: Time, width: Double, height: Double,
                of key: (Keyframe) -> [FramePoint]? = { $0.points }) -> [(x: Double, y: Double)]? {
        let sets = keyframes.compactMap { k in key(k).map { (k.time, $0, k.easing) } }
        guard let count = sets.first?.1.count else { return nil }
        return (0..<count).map { i in
            let x = interpolate(sets.map { ($0.0, $0.1[i].x.pixels(along: .horizontal, width: width, height: height), $0.2) }, at: t)
            let y = interpolate(sets.map { ($0.0, $0.1[i].y.pixels(along: .vertical, width: width, height: height), $0.2) }, at: t)
            return (x, y)
        }
    }

    /// A mask shape's frame at `t` on a `width`×`height` picture: its centre and size in pixels,
    /// each travelling as a number does; nil where no keyframe sets it. Without a height a frame is
    /// as tall as it is wide.
    func maskFrame(at t: Time, width: Double, height: Double) -> FrameRect? {
        let sets = keyframes.compactMap { k in k.maskFrame.map { (k.time, $0, k.easing) } }
        guard !sets.isEmpty else { return nil }
        func travel(_ value: (FrameRect) -> Double) -> Double { interpolate(sets.map { ($0.0, value($0.1), $0.2) }, at: t) }
        let w = travel { $0.width.pixels(along: .horizontal, width: width, height: height) }
        let h = travel { f in f.height?.pixels(along: .vertical, width: width, height: height) ?? f.width.pixels(along: .horizontal, width: width, height: height) }
        return FrameRect(x: Length(travel { $0.x.pixels(along: .horizontal, width: width, height: height) }, .px),
                         y: Length(travel { $0.y.pixels(along: .vertical, width: width, height: height) }, .px),
                         width: Length(w, .px), height: Length(h, .px))
    }

    /// A dashed stroke's lengths at `t`: each travels as a number does; nil where no keyframe sets them.
    func dash(at t: Time) -> [Double]? {
        let sets = keyframes.compactMap { k in k.dash.map { (k.time, $0, k.easing) } }
        guard let count = sets.first?.1.count else { return nil }
        return (0..<count).map { i in interpolate(sets.map { ($0.0, $0.1[i], $0.2) }, at: t) }
    }

    /// The numbers `key` gives the keyframes that set it, travelling to `t` (the first holding
    /// before them, the last after); nil where none sets it.
    func value(at t: Time, _ key: (Keyframe) -> Double?) -> Double? {
        let points = keyframes.compactMap { k in key(k).map { (k.time, $0, k.easing) } }
        return points.isEmpty ? nil : interpolate(points, at: t)
    }

    private func interpolate(_ points: [(Time, Double, Keyframe.Easing)], at t: Time) -> Double {
        guard let first = points.first, t > first.0 else { return points.first?.1 ?? 0 }
        for k in 1..<points.count where t < points[k].0 {
            let (t0, v0, _) = points[k - 1], (t1, v1, easing) = points[k]
            let u = fraction(t - t0, of: t1 - t0)
            return v0 + (v1 - v0) * Easing.apply(easing, u)
        }
        return points[points.count - 1].1
    }

    /// `part / whole` as a Double (a weight for pixels, not a time).
    private func fraction(_ part: Time, of whole: Time) -> Double {
        guard whole.isPositive else { return 1 }
        return Double(part.value) * Double(whole.timescale) / (Double(part.timescale) * Double(whole.value))
    }
}
