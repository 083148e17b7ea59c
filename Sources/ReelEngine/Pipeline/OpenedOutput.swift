/// A video-and-audio output file opened for writing, its header written: the muxer, the plan's
/// encoders and their streams. A whole render encodes through the encoders; a join of chunks
/// only copies packets, and opens them for the streams' parameters (global header, B-frame delay,
/// AAC priming), so both set the file up here, the same way.
struct OpenedOutput {
    let file: OutputFile
    let videoEncoder: PictureEncoder
    let audioEncoder: Encoder
    let video: MuxerStream
    let audio: MuxerStream
}

extension Renderer {
    /// Opens `temp` in the plan's container with the plan's video and audio encoders (HEVC tagged
    /// `hvc1`, HDR metadata declared on the video stream), its subtitle tracks, metadata and
    /// chapters, and writes the header. `video`, `audio`: encoders of the plan's settings shared
    /// with other outputs (`MultiRenderer`), else the file has its own.
    func openOutput(_ temp: String, video shared: PictureEncoder? = nil, audio sharedAudio: Encoder? = nil) throws -> OpenedOutput {
        let file = try OutputFile(path: temp, formatName: OutputEncoders.muxerName(plan.format))
        let videoEncoder = try shared ?? PictureEncoder(plan: plan, globalHeader: file.needsGlobalHeader)
        precondition(videoEncoder.settings.globalHeader == file.needsGlobalHeader, "a shared encoder set up for another muxer")
        let audioEncoder = try sharedAudio ?? OutputEncoders.audio(plan, globalHeader: file.needsGlobalHeader)
        precondition(audioEncoder.hasGlobalHeader == file.needsGlobalHeader, "a shared audio encoder set up for another muxer")
        let video = try file.addStream(for: videoEncoder.encoder, codecTag: videoCodecTag)
        if let hdr = plan.hdrMetadata { try file.declare(hdr, on: video) }
        let audio = try file.addStream(for: audioEncoder)
        try writeHeaderAndSubtitles(file)
        return OpenedOutput(file: file, videoEncoder: videoEncoder, audioEncoder: audioEncoder, video: video, audio: audio)
    }
}
