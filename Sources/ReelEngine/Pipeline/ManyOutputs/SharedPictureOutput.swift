/// An output written from the canvas's pictures whose encoders may be shared with other outputs
/// (`MultiRenderer`): the encoders its video streams take packets from, and the way into its
/// audio stream, which takes the packets of the audio encoder it was opened with (`SharedAudio`).
protocol SharedPictureOutput: AnyObject {
    /// Each video stream's encoder and the way into the stream.
    var videoInputs: [(encoder: PictureEncoder, write: (Packet) throws -> Void)] { get }
    /// The way into its audio stream; nil for an output without one (a chunk's video piece).
    var audioStream: ((Packet) throws -> Void)? { get }
    /// Makes what is finished visible, for an output published as it grows (a progressive HLS
    /// folder); called after each frame's packets and audio are written.
    func publish() throws
    /// Finishes the output once its encoders are drained (by whoever encodes for them).
    func finishAfterVideo() throws
    /// Stops what still runs after a failure or a cancel; idempotent.
    func stop()
}

extension SharedPictureOutput {
    func publish() throws {}
}
