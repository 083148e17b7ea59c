/// One audio track mixed and encoded once for every output of a render of many outputs whose audio
/// is alike (`MultiRenderer.encode`): the same encoding (codec, bitrate, sample rate, channels,
/// loudness target) and header form (global or in band). The outputs of a pass cover one range at
/// one frame rate, and a spec's mix depends on nothing else of its output, so each would encode
/// the same packets: an MP4 and an HLS folder of one audio setting encode it once. Its stage mixes
/// and encodes on a thread of its own; the render writes its packets into each output's stream.
final class SharedAudio {
    let plan: RenderPlan
    let encoder: Encoder
    /// Started by the first write, once every output has made its stream from the encoder.
    private var stage: AudioEncodingStage?
    private let sampleRate: Int64

    /// Opens the encoder of `plan`'s audio settings, with the header form its container takes.
    init(plan: RenderPlan) throws {
        self.plan = plan
        encoder = try OutputEncoders.audio(plan, globalHeader: OutputEncoders.wantsGlobalHeader(plan.format))
        sampleRate = Int64(plan.audioEncoding.sampleRate)
    }

    /// The stage mixing and encoding the track, started on first use.
    private var running: AudioEncodingStage {
        if let stage { return stage }
        let started = AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: encoder), startupLead: AudioEncodingStage.startupLead(plan))
        stage = started
        return started
    }

    /// Whether outputs of plans `a` and `b` (of one spec) encode the same audio packets: the same
    /// encoding, header form, range and frame rate (a chunk's samples follow its frames).
    static func alike(_ a: RenderPlan, _ b: RenderPlan) -> Bool {
        a.audioEncoding == b.audioEncoding && OutputEncoders.wantsGlobalHeader(a.format) == OutputEncoders.wantsGlobalHeader(b.format)
            && a.outputRange == b.outputRange && a.frameRate == b.frameRate
    }

    /// Hands `sink` the packets before output frame `frame`.
    func write(before frame: Int64, sink: (Packet) throws -> Void) throws {
        try running.writePackets(before: plan.frameTime(frame).ticks(in: sampleRate, rounding: .nearest), sink: sink)
    }

    /// Hands `sink` every remaining packet.
    func finish(sink: (Packet) throws -> Void) throws { try running.writeRemainingPackets(sink: sink) }

    /// Stops the stage if it still runs; idempotent.
    func stop() { stage?.stop() }
}
