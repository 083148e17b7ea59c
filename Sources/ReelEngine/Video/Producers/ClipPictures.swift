import ReelSpec

/// The fitted pictures of one video source, asked for by source time: what `VideoTrack` draws a
/// plain clip from, and `LayerProducer` and `MatteProducer` a clip, a mask or a matte. A
/// `ClipProducer` decodes its own; a `SharedClipView` fits frames that
/// one decoder shares among the canvases of a render drawn in lockstep.
protocol ClipPictures: AnyObject {
    /// The picture for source time `t`, fitted to the canvas (see `ClipProducer.picture(at:)`).
    func picture(at t: Time) throws -> Frame
    /// Lets go of the recent frames a preview keeps.
    func dropRecentFrames()
}

extension ClipProducer: ClipPictures {}
