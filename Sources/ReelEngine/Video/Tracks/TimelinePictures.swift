import CFFmpeg
import ReelSpec

/// The output pictures of a plan, frame by frame: `VideoTrack`'s composited picture, or, when the
/// output keeps alpha (a transparent background in ProRes 4444 or PNG), a straight-alpha YUVA
/// picture that `DifferenceMatte` pulls from two renders of the videos, over black and over white,
/// with the overlays drawn once onto both as onto a group's canvas (`OverlayTrack.Canvas.plates`):
/// each overlay's picture is made once, and one with a blend mode blends with the translucent
/// canvas beneath it by the W3C formula with a backdrop alpha.
/// What the picture stage, still outputs and GIFs draw from.
struct TimelinePictures {
    private var track: VideoTrack
    private var overWhite: VideoTrack?
    private let matte: DifferenceMatte?
    /// A transparent output's overlays, drawn on the two plates.
    private let overlays: OverlayTrack?
    private var plates: (black: Frame, white: Frame)?

    /// `prefetching`: see `VideoTrack` (off when only some frames are asked for); `seat`: the
    /// track's place among canvases whose video sources are decoded once (`SharedDecodes`), for an
    /// opaque output only (a transparent one draws its videos twice, over black and over white).
    init(plan: RenderPlan, stop: CancellationToken = CancellationToken(), prefetching: Bool = true, seat: SharedDecodes.Seat? = nil) {
        precondition(seat == nil || !plan.keepsAlpha, "a transparent output's pictures decode their own clips")
        if plan.keepsAlpha {
            var videos = plan
            videos.overlays = []
            track = VideoTrack(plan: videos.over(.black), stop: stop, prefetching: prefetching)
            overWhite = VideoTrack(plan: videos.over(.white), stop: stop, prefetching: prefetching)
            matte = DifferenceMatte(canvas: plan.canvasColor)
            overlays = plan.overlays.isEmpty ? nil : OverlayTrack(plan: plan, compositor: LayerCompositor(), stop: stop)
        } else {
            track = VideoTrack(plan: plan, stop: stop, prefetching: prefetching, seat: seat)
            overWhite = nil
            matte = nil
            overlays = nil
        }
    }

    /// The picture at timeline time `t`: in increasing times for a render, any order for a preview.
    mutating func picture(at t: Time) throws -> Frame {
        let picture = try track.picture(at: t)
        guard let matte, overWhite != nil else { return picture }
        let white = try overWhite!.picture(at: t)
        guard let overlays, overlays.overlays.contains(where: { $0.range.contains(t) }) else {
            try overlays?.draw(at: t, onto: .none)
            return try matte.extract(black: picture, white: white)
        }
        // The videos' pictures may be cached or a decoder's: the overlays are drawn on copies.
        if plates == nil {
            plates = (try Frame.video(width: picture.width, height: picture.height, format: picture.pixelFormat),
                      try Frame.video(width: white.width, height: white.height, format: white.pixelFormat))
        }
        let (black, whitePlate) = plates!
        for (plate, source) in [(black, picture), (whitePlate, white)] {
            try plate.makeWritable()
            try FFmpegError.check(av_frame_copy(plate.pointer, source.pointer), "av_frame_copy", "transparent canvas")
        }
        try overlays.draw(at: t, onto: .plates(black: black, white: whitePlate))
        return try matte.extract(black: black, white: whitePlate)
    }

    /// Lets go of the sources' recent frames (a preview context not in use).
    func dropRecentFrames() {
        track.dropRecentFrames()
        overWhite?.dropRecentFrames()
        overlays?.dropRecentFrames()
    }

    /// Releases every source.
    mutating func close() {
        track.close()
        overWhite?.close()
    }
}
