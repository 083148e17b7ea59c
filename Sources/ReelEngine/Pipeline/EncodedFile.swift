import CFFmpeg

/// One video-and-audio file being written from the canvas's pictures: its muxer, encoders and
/// streams (`Renderer.openOutput`) and its audio stage (mixing and encoding on a thread of its
/// own). `add` encodes picture `i`, then writes the audio up to the next frame's time, so both
/// tracks advance together and the muxer interleaves them with small buffers. A whole render
/// writes one; a render of many outputs (`MultiRenderer`) one per output, each given the same
/// pictures, its video encoder perhaps shared with other outputs (which then encodes for all, the
/// file taking its packets through `writeVideo`), its audio encoded for it (`SharedAudio`, the
/// packets coming through `audioStream`) instead of by a stage of its own.
final class EncodedFile: SharedPictureOutput {
    let plan: RenderPlan
    private let opened: OpenedOutput
    /// Its own audio stage; nil where another encodes its audio (`audio` given).
    private let audioStage: AudioEncodingStage?
    private let sampleRate: Int64
    let writeVideo: (Packet) throws -> Void
    private let writeAudio: (Packet) throws -> Void

    /// Opens `path` for `renderer`'s plan and starts its audio stage, but where `audio` is given;
    /// `video`, `audio`: encoders shared with other outputs (`Renderer.openOutput`), which feed it
    /// from outside.
    init(_ renderer: Renderer, path: String, video: PictureEncoder? = nil, audio: Encoder? = nil) throws {
        plan = renderer.plan
        opened = try renderer.openOutput(path, video: video, audio: audio)
        sampleRate = Int64(plan.audioEncoding.sampleRate)
        // With a loudness target the audio stage measures the whole mix before its first packet;
        // the video goes on for up to 8 s meanwhile (the muxer interleaves within 10 s).
        audioStage = audio != nil ? nil
            : AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: opened.audioEncoder), startupLead: AudioEncodingStage.startupLead(plan))
        let (videoStream, audioStream) = (opened.video, opened.audio)
        writeVideo = { try videoStream.write($0) }
        writeAudio = { try audioStream.write($0) }
    }

    var videoInputs: [(encoder: PictureEncoder, write: (Packet) throws -> Void)] { [(opened.videoEncoder, writeVideo)] }
    var audioStream: ((Packet) throws -> Void)? { writeAudio }

    /// Encodes output frame `i` (a canvas picture; not changed) and the audio before frame `i + 1`.
    func add(_ picture: Frame, index i: Int64) throws {
        precondition(audioStage != nil, "an output whose audio another encodes is fed from outside")
        try opened.videoEncoder.encode(picture, index: i, sink: writeVideo)
        try writeAudio(before: i + 1)
    }

    /// Writes the audio before output frame `frame` (from its own stage).
    func writeAudio(before frame: Int64) throws {
        try audioStage?.writePackets(before: plan.frameTime(frame).ticks(in: sampleRate, rounding: .nearest), sink: writeAudio)
    }

    /// Drains the video encoder and the audio stage, and writes the file's trailer.
    func finish() throws {
        try opened.videoEncoder.finish(sink: writeVideo)
        try finishAfterVideo()
    }

    /// Drains its audio stage and writes the trailer, the video encoder (and a shared audio
    /// encoder) drained by its owner.
    func finishAfterVideo() throws {
        try audioStage?.writeRemainingPackets(sink: writeAudio)
        try opened.file.finish()
    }

    /// Stops the audio stage if it still runs (after a failure or a cancel); idempotent.
    func stop() { audioStage?.stop() }

    deinit { stop() }
}
