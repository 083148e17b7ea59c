import ReelSpec

/// The frames a job with `outputs` is cut in, when its outputs cover different ranges of the
/// timeline: ticks at the lead's frame rate (the cut output of the longest range,
/// `MultiRenderer.chunkClock`), on the lead's own frame grid extended back to the earliest range's
/// start, up to past the latest range's end. A chunk is a range of ticks; each output takes the
/// frames it has in those instants (`frames(_:of:)`), none where the chunk lies outside its range. Where every output covers the same range, tick `n` is the lead's
/// frame `n` and the clock counts its frames.
///
/// Exact rational arithmetic throughout (Int128): an instant is a frame of an output only if it is
/// exactly one, and the instants of two outputs of different ranges and rates meet only where they
/// do.
struct ChunkClock: Equatable {
    /// The lead's range start, and its rate `rate.numerator / rate.denominator` frames a second.
    let leadStart: Time
    let rate: Rational
    /// Ticks from the clock's first (at or before the earliest range's start) to the lead's frame 0.
    let leadOffset: Int64
    /// Ticks in the clock: the last one's instant at or past the latest range's end.
    let frames: Int64

    /// The clock of `plans` (the cut outputs', the lead first).
    init(_ plans: [RenderPlan]) {
        guard let lead = plans.first else { preconditionFailure("a chunk clock of no outputs") }
        leadStart = lead.outputRange.start
        rate = lead.frameRate
        let first = plans.map(\.outputRange.start).min() ?? leadStart
        let last = plans.map(\.outputRange.end).max() ?? lead.outputRange.end
        // Whole ticks in each span, rounded up, as a plan counts its frames.
        leadOffset = RenderPlan.frames(in: leadStart - first, rate: rate)
        frames = leadOffset + RenderPlan.frames(in: last - leadStart, rate: rate)
    }

    /// The last tick at or before timeline instant `t` (0 for one before the clock's first).
    func tick(atOrBefore t: Time) -> Int64 {
        let d = t - leadStart
        let n = Time.divide(Int128(d.value) * Int128(rate.numerator), Int128(d.timescale) * Int128(rate.denominator), rounding: .down)
        return max(0, leadOffset + Int64(clamping: n))
    }

    /// How tick `n` falls in `plan`'s frames: `.frame(k)` where the instant is `plan`'s frame `k`
    /// or lies before its range (0) or after its last frame began (its frame count: that frame is
    /// the chunk before's); `.between` where it lies inside a frame of the range, which no chunk
    /// may cut.
    func position(_ n: Int64, in plan: RenderPlan) -> Position {
        // x = (leadStart − start + (n − leadOffset) / rate) · rate′, as a fraction num/den.
        let d = leadStart - plan.outputRange.start
        let r = rate, own = plan.frameRate
        let num = (Int128(d.value) * Int128(r.numerator) + Int128(n - leadOffset) * Int128(r.denominator) * Int128(d.timescale))
            * Int128(own.numerator)
        let den = Int128(d.timescale) * Int128(r.numerator) * Int128(own.denominator)
        let count = Int128(plan.frameCount)
        if num <= 0 { return .frame(0) }
        if num > (count - 1) * den { return .frame(plan.frameCount) }
        return num % den == 0 ? .frame(Int64(num / den)) : .between
    }

    enum Position: Equatable {
        case frame(Int64)
        case between
    }

    /// Chunk `ticks` as frames of `plan`: the frames whose instants lie in it (empty where the
    /// chunk lies outside its range). Its bounds must be instants `position` places on a frame.
    func frames(_ ticks: Range<Int64>, of plan: RenderPlan) -> Range<Int64> {
        guard case .frame(let start) = position(ticks.lowerBound, in: plan),
              case .frame(let end) = ticks.upperBound >= frames ? .frame(plan.frameCount) : position(ticks.upperBound, in: plan) else {
            preconditionFailure("chunk \(ticks) does not start and end on frames of every output")
        }
        return start..<end
    }
}
