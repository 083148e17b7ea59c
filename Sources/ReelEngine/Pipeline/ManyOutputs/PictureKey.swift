import ReelSpec

/// What an output's canvas pictures depend on besides the timeline: two outputs of one spec with
/// equal keys draw identical pictures frame for frame, so one picture stage serves both. The size,
/// rate and range; the fit, blur bars and background of the output (its segments' placement);
/// the colour space and the depth it composites at (the encoder's bits, alpha). An output's
/// encoder, container, audio, metadata and draft scaling (drawn at the canvas's size, scaled
/// at the encoder) do not enter it.
struct PictureKey: Equatable {
    private(set) var width: Int
    private(set) var height: Int
    let frameRate: Rational
    let range: TimeRange
    let fit: FitMode
    let blurFill: BlurFill
    let background: Color
    let canvasColor: CanvasColor
    let sampleDepth: SampleDepth
    let keepsAlpha: Bool

    /// The same key at another size.
    func resized(width: Int, height: Int) -> PictureKey {
        var k = self
        k.width = width
        k.height = height
        return k
    }

    init(output: OutputSpec, plan: RenderPlan) {
        width = plan.width
        height = plan.height
        frameRate = plan.frameRate
        range = plan.outputRange
        fit = output.fit
        blurFill = output.blurFill
        background = plan.background
        canvasColor = plan.canvasColor
        sampleDepth = plan.sampleDepth
        keepsAlpha = plan.keepsAlpha
    }
}
