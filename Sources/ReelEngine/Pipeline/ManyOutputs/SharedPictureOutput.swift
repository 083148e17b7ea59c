/// An output written from the canvas's pictures whose video encoders may be shared with other
/// outputs drawing the same pictures (`MultiRenderer`): the encoders its video streams take
/// packets from, and its audio, which is its own.
protocol SharedPictureOutput: AnyObject {
    /// Each video stream's encoder and the way into the stream.
    var videoInputs: [(encoder: PictureEncoder, write: (Packet) throws -> Void)] { get }
    /// Writes the audio before output frame `frame`.
    func writeAudio(before frame: Int64) throws
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
