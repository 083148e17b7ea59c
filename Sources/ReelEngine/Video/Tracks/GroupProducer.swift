import CFFmpeg
import ReelSpec

/// A group's picture at a time into it (docs/API.md (compositing)): its items drawn by an
/// `OverlayTrack` of their own on the group's canvas, flattened into one straight-alpha layer, so
/// the group's opacity, blend, mask and keyframes then act on the whole (two overlapping opaque
/// squares under opacity 0.5 show their overlap at 0.5).
///
/// The canvas has no alpha plane to draw on, so, as a transparent output does (`DifferenceMatte`),
/// the items are drawn over black and over white and the matte pulled from the two; each item's
/// picture is made once and drawn on both. An item with a blend mode blends with what the group
/// holds beneath it, by the W3C formula with a backdrop alpha (`BlendModeCompositor+Plates`).
final class GroupProducer {
    private let track: OverlayTrack
    private let matte: DifferenceMatte
    private let black: Frame, white: Frame
    private let overBlack: Frame, overWhite: Frame

    /// `seat`: the group's place among canvases whose video sources are decoded once (`SharedDecodes`).
    init(_ group: GroupPlan, plan: RenderPlan, stop: CancellationToken, seat: SharedDecodes.Seat? = nil) throws {
        let (w, h) = (group.width ?? plan.width, group.height ?? plan.height)
        track = OverlayTrack(overlays: group.overlays, width: w, height: h, plan: plan, compositor: LayerCompositor(), stop: stop, seat: seat)
        matte = DifferenceMatte(canvas: plan.canvasColor)
        let fitter = FrameFitter(width: w, height: h, background: .black, color: plan.canvasColor, depth: plan.sampleDepth)
        black = try fitter.solid(YUVColor(.black, matrix: plan.canvasColor))
        white = try fitter.solid(YUVColor(.white, matrix: plan.canvasColor))
        overBlack = try Frame.video(width: w, height: h, format: plan.sampleDepth.format(alpha: false))
        overWhite = try Frame.video(width: w, height: h, format: plan.sampleDepth.format(alpha: false))
    }

    /// The flattened group `into` it (reused by the next call: draw it before asking again).
    func picture(at into: Time) throws -> Frame {
        for (canvas, plate) in [(overBlack, black), (overWhite, white)] {
            try canvas.makeWritable()
            try FFmpegError.check(av_frame_copy(canvas.pointer, plate.pointer), "av_frame_copy", "group canvas")
        }
        try track.draw(at: into, onto: .plates(black: overBlack, white: overWhite))
        return try matte.extract(black: overBlack, white: overWhite)
    }
}
