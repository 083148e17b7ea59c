import Dispatch
import ReelStorage

/// An `hls` output being written from pictures: its folder (`HLSFolderWriter`: a muxer per
/// rendition and one for the audio) and its audio stage (mixing and encoding on a thread of its
/// own). `add` encodes each rendition's picture `i` (`RenditionPictures`), then writes the audio up
/// to the next frame's time. A whole render writes one (`Renderer.writeHLS`); a render of many outputs
/// (`MultiRenderer`) may share a rendition's encoder with an output of its settings, and encodes
/// its audio for it (`SharedAudio`, through `audioStream`).
final class HLSFile: SharedPictureOutput {
    let plan: RenderPlan
    let writer: HLSFolderWriter
    /// Its own audio stage; nil where another encodes its audio (`audio` given).
    private let audioStage: AudioEncodingStage?
    private let sampleRate: Int64
    private let writeAudioPacket: (Packet) throws -> Void

    /// Opens `folder` for the plan's HLS output; `sources`: the renditions' encoders when shared,
    /// `audio`: the audio encoder when shared (which feeds it from outside).
    init(plan: RenderPlan, folder: String, live: (any LiveOutput)? = nil, started: DispatchTime = .now(),
         sources: [PictureEncoder]? = nil, audio: Encoder? = nil) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        self.plan = plan
        writer = try HLSFolderWriter(plan: plan, starts: plan.segmentStarts(hls.segmentDuration), folder: folder, live: live,
                                     started: started, sources: sources, audio: audio)
        sampleRate = Int64(plan.audioEncoding.sampleRate)
        audioStage = audio != nil ? nil : AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: writer.audioEncoder))
        writeAudioPacket = { [writer] in try writer.writeAudio($0) }
    }

    var videoInputs: [(encoder: PictureEncoder, write: (Packet) throws -> Void)] {
        writer.renditions.map { r in (r.source, { try r.write($0) }) }
    }
    var audioStream: ((Packet) throws -> Void)? { writeAudioPacket }

    /// Encodes output frame `i` into every rendition (`pictures`: each rendition's, in order,
    /// `RenditionPictures`), writes the audio before frame `i + 1`, and lets a progressive output
    /// publish what is finished.
    func add(_ pictures: [Frame], index i: Int64) throws {
        precondition(pictures.count == writer.renditions.count, "a picture for each rendition")
        precondition(audioStage != nil, "an output whose audio another encodes is fed from outside")
        for (r, picture) in zip(writer.renditions, pictures) { try r.encode(picture, index: i) }
        try writeAudio(before: i + 1)
        try publish()
    }

    func writeAudio(before frame: Int64) throws {
        try audioStage?.writePackets(before: plan.frameTime(frame).ticks(in: sampleRate, rounding: .nearest), sink: writeAudioPacket)
    }

    /// Drains the renditions' encoders and the audio stage and ends every playlist; returns the
    /// seconds until a progressive output could be played (`HLSFolderWriter.finish`).
    func finish() throws -> Double? {
        try audioStage?.writeRemainingPackets(sink: writeAudioPacket)
        return try writer.finish(drain: true)
    }

    func publish() throws { try writer.poke() }

    /// After `finishAfterVideo`, for a progressive output: the seconds from the render's start
    /// until it could be played.
    private(set) var firstSegmentSeconds: Double?

    func finishAfterVideo() throws {
        try audioStage?.writeRemainingPackets(sink: writeAudioPacket)
        firstSegmentSeconds = try writer.finish(drain: false)
    }

    func stop() { audioStage?.stop() }

    deinit { stop() }
}
