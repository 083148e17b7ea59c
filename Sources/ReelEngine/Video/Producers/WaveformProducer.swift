import ReelSpec

/// An audiogram's picture for each output frame (docs/API.md "Audiograms"): bar heights from that
/// frame's own samples (`spectrum`) or from the slices of the last `window` (`amplitude`), drawn as
/// rectangles or a line by the shapes' exact-coverage rasterizer on a picture of the overlay's
/// size, which `placeOnCanvas` lays 1:1 on the canvas.
final class WaveformProducer {
    private let plan: WaveformPlan
    private let frameRate: Rational
    private let audio: WaveformAudio
    private let spectrum: SpectrumBands?
    private let color: CanvasColor
    private let depth: SampleDepth
    /// The samples the amplitude mode looks back over.
    private let window: Int64

    init(_ plan: WaveformPlan, render: RenderPlan) throws {
        self.plan = plan
        frameRate = render.frameRate
        color = render.canvasColor
        depth = render.sampleDepth
        let rate = render.audioEncoding.sampleRate
        let frame = Int64(rate) * frameRate.denominator / frameRate.numerator + 2
        window = plan.spec.mode == .amplitude ? plan.spec.window.ticks(in: Int64(rate), rounding: .nearest) : frame
        // The mix as the output carries it: at a loudness target's levels (solved once per plan).
        var levels: LoudnessLevels?
        if plan.spec.audio == nil, let loudness = render.audioEncoding.loudness {
            levels = try LoudnessSolver.memoized(render, loudness).levels
        }
        audio = WaveformAudio(clips: plan.clips, rate: rate, channels: render.audioEncoding.channels,
                              origin: plan.timelineStart.ticks(in: Int64(rate), rounding: .nearest) - window, keep: max(window, frame),
                              levels: levels)
        spectrum = plan.spec.mode == .spectrum ? try SpectrumBands(bars: plan.spec.bars, rate: rate, longestFrame: Int(frame)) : nil
    }

    /// The picture `into` the overlay (an output frame's time on its clock).
    func picture(at into: Time) throws -> Frame {
        let t = plan.timelineStart + into
        let rate = Int64(audio.rate)
        let first = t.ticks(in: rate, rounding: .nearest)
        let end = (t + Time(value: frameRate.denominator, timescale: Int32(frameRate.numerator))).ticks(in: rate, rounding: .nearest)
        let heights: [Double]
        if let spectrum {
            heights = spectrum.levels(try audio.samples(first..<max(first, end))).map {
                min(1, max(0, ($0 - SpectrumBands.floor) / -SpectrumBands.floor))
            }
        } else {
            heights = WaveformProducer.peaks(try audio.samples((end - window)..<end), bars: plan.spec.bars).map { min(1, $0) }
        }
        return try draw(heights)
    }

    /// The largest magnitude in each of `bars` slices of `samples` (slice j: samples
    /// ⌊j·n/bars⌋ ..< ⌊(j+1)·n/bars⌋), oldest first.
    static func peaks(_ samples: [Double], bars: Int) -> [Double] {
        let n = samples.count
        return (0..<bars).map { j in
            let lo = j * n / bars, hi = (j + 1) * n / bars
            return samples[lo..<max(lo, hi)].reduce(0) { max($0, abs($1)) }
        }
    }

    private func draw(_ heights: [Double]) throws -> Frame {
        let (raster, content, offset) = (plan.grid.raster, plan.grid.content, plan.grid.offset)
        let spec = WaveformGeometry.shape(heights, style: plan.spec.style, width: Double(content.width), height: Double(content.height),
                                          offset: (Double(offset.x), Double(offset.y)), color: plan.spec.color)
        // The geometry always has its baseline: an outline exists.
        let outline = ShapeOutline(spec.geometry, canvasWidth: Double(raster.width), canvasHeight: Double(raster.height))!
        return try ShapeLayer.draw(ShapePicture(spec, outline: outline, raster: PixelRect(x: 0, y: 0, width: raster.width, height: raster.height)),
                                   color: color, depth: depth)
    }
}
