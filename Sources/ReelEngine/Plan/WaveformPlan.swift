import ReelSpec

/// An audiogram overlay's plan: what it draws, from which sound, and where its picture lies.
struct WaveformPlan: Sendable {
    var spec: WaveformSpec
    /// The overlay's start on the timeline (a group's items are timed from the group's start):
    /// the audio of output frame `t` is the mix's samples at timeline time `timelineStart + t`.
    var timelineStart: Time
    /// The clips it listens to: every clip of the mix, or those of the one item `spec.audio`
    /// names (set once the timeline's audio is planned: `RenderPlanner.resolveWaveformAudio`).
    var clips: [AudioClip] = []
    /// Where its picture lies in canvas pixels (set by `placeOnCanvas`), drawn 1:1 onto the canvas.
    var grid = PixelGrid.unplaced
}
