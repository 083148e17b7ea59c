import ReelSpec

/// The output pictures of a plan, frame by frame: `VideoTrack`'s composited picture, or, when the
/// output keeps alpha (a transparent background in ProRes 4444 or PNG), a straight-alpha YUVA
/// picture that `DifferenceMatte` pulls from two renders of the timeline, over black and over white.
/// What the picture stage, still outputs and GIFs draw from.
struct TimelinePictures {
    private var track: VideoTrack
    private var overWhite: VideoTrack?
    private let matte: DifferenceMatte?

    /// `prefetching`: see `VideoTrack` (off when only some frames are asked for).
    init(plan: RenderPlan, stop: CancellationToken = CancellationToken(), prefetching: Bool = true) {
        if plan.keepsAlpha {
            track = VideoTrack(plan: plan.over(.black), stop: stop, prefetching: prefetching)
            overWhite = VideoTrack(plan: plan.over(.white), stop: stop, prefetching: prefetching)
            matte = DifferenceMatte(canvas: plan.canvasColor)
        } else {
            track = VideoTrack(plan: plan, stop: stop, prefetching: prefetching)
            overWhite = nil
            matte = nil
        }
    }

    /// The picture at timeline time `t`: in increasing times for a render, any order for a preview.
    mutating func picture(at t: Time) throws -> Frame {
        let picture = try track.picture(at: t)
        guard let matte, overWhite != nil else { return picture }
        return try matte.extract(black: picture, white: try overWhite!.picture(at: t))
    }

    /// Lets go of the sources' recent frames (a preview context not in use).
    func dropRecentFrames() {
        track.dropRecentFrames()
        overWhite?.dropRecentFrames()
    }

    /// Releases every source.
    mutating func close() {
        track.close()
        overWhite?.close()
    }
}
