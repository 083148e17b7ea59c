import ReelSpec

extension KeyframeTrack {
    /// A shape's fill at `t`, on its `box` (the outline's bounding box, on which a gradient's
    /// points are lengths): each number travels between the keyframes that set `fill` — a colour's
    /// channels premultiplied by its alpha (as CSS interpolates gradients; rounded to 8 bits, what a
    /// colour holds), a gradient's stop offsets and colours, its points or centre and radius resolved
    /// to pixels first (so units may differ between keyframes). Nil where no keyframe sets it. The
    /// decoder holds every keyframe's fill to the shape's kind and stop count.
    func fill(at t: Time, box: (min: Point, max: Point)) -> Paint? { paint(\.fill, at: t, box: box) }

    /// A shape's stroke paint at `t`, as `fill(at:box:)` gives its fill.
    func strokeColor(at t: Time, box: (min: Point, max: Point)) -> Paint? { paint(\.strokeColor, at: t, box: box) }

    private func paint(_ key: KeyPath<Keyframe, Paint?>, at t: Time, box: (min: Point, max: Point)) -> Paint? {
        let sets = keyframes.compactMap { $0[keyPath: key] }
        guard let first = sets.first else { return nil }
        let size = box.max - box.min
        func number(_ f: (Paint) -> Double) -> Double { value(at: t) { $0[keyPath: key].map(f) } ?? 0 }
        func color(_ i: Int) -> Color {
            let alpha = number { Double($0.colors[i].alpha) / 255 }
            func channel(_ c: KeyPath<Color, UInt8>) -> UInt8 {
                let premultiplied = number { Double($0.colors[i][keyPath: c]) / 255 * Double($0.colors[i].alpha) / 255 }
                return UInt8((alpha > 0 ? min(1, premultiplied / alpha) * 255 : 0).rounded())
            }
            return Color(red: channel(\.red), green: channel(\.green), blue: channel(\.blue), alpha: UInt8((alpha * 255).rounded()))
        }
        func px(_ v: Double) -> Length { Length(v, .px) }
        func x(_ l: Length) -> Double { l.pixels(along: .horizontal, width: size.x, height: size.y) }
        func y(_ l: Length) -> Double { l.pixels(along: .vertical, width: size.x, height: size.y) }
        func stops(_ count: Int) -> [GradientStop] {
            (0..<count).map { i in
                GradientStop(offset: number { $0.stops[i].offset }, color: color(i))
            }
        }
        switch first {
        case .solid:
            return .solid(color(0))
        case .linear:
            func end(_ pick: @escaping (FramePoint, FramePoint) -> FramePoint) -> FramePoint {
                FramePoint(x: px(number { p in guard case let .linear(_, f, t) = p else { return 0 }; return x(pick(f, t).x) }),
                           y: px(number { p in guard case let .linear(_, f, t) = p else { return 0 }; return y(pick(f, t).y) }))
            }
            return .linear(stops: stops(first.stops.count), from: end { f, _ in f }, to: end { _, t in t })
        case .radial:
            let along: Length.Axis = size.x > 0 ? .horizontal : .vertical
            let center = FramePoint(x: px(number { p in guard case let .radial(_, c, _) = p else { return 0 }; return x(c.x) }),
                                    y: px(number { p in guard case let .radial(_, c, _) = p else { return 0 }; return y(c.y) }))
            let radius = px(number { p in
                guard case let .radial(_, _, r) = p else { return 0 }
                return r.pixels(along: along, width: size.x, height: size.y)
            })
            return .radial(stops: stops(first.stops.count), center: center, radius: radius)
        }
    }
}
