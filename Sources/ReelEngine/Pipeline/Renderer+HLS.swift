import CFFmpeg
import Foundation
import ReelSpec

extension Renderer {
    /// An `hls` output into the folder `folder`: the picture stage as for video, every picture
    /// encoded once per rendition (segment starts forced to IDR frames, the same frames in each),
    /// the audio mixed once into its own media playlist, then `master.m3u8`.
    func writeHLS(to folder: String, cancel: CancellationToken, progress: (Double) -> Void) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let frames = plan.frameCount
        let pictures = PictureStage(plan: plan)
        defer { pictures.stop() }
        let renditions = try hls.renditions.map { try HLSRenditionWriter(plan: plan, rendition: $0, hls: hls, folder: folder) }
        let audioOutput = try OutputFile(path: folder + "/audio.m3u8", formatName: "hls")
        let audioEncoder = try OutputEncoders.audio(plan, globalHeader: audioOutput.needsGlobalHeader)
        let audioStream = try audioOutput.addStream(for: audioEncoder)
        try audioOutput.writeHeader(options: HLSMuxer.options(name: "audio", folder: folder, segmentDuration: hls.segmentDuration))
        let writeAudio = { (p: Packet) throws in try audioStream.write(p) }
        let audioStage = AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: audioEncoder))
        defer { audioStage.stop() }
        let rate = Int64(plan.audioEncoding.sampleRate)
        var nextSegment = Time.zero
        var boundaries: [Time] = []
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            let frame = try pictures.next(i)
            // The first frame at or after each multiple of the segment duration starts a segment.
            let time = plan.frameTime(i)
            let startsSegment = !(time < nextSegment)
            if startsSegment {
                boundaries.append(time)
                while !(time < nextSegment) { nextSegment = nextSegment + hls.segmentDuration }
            }
            for r in renditions { try r.encode(frame, index: i, startsSegment: startsSegment) }
            try audioStage.writePackets(before: plan.frameTime(i + 1).ticks(in: rate, rounding: .nearest), sink: writeAudio)
            progress(Double(i + 1) / Double(frames))
        }
        for r in renditions { try r.finish() }
        try audioStage.writeRemainingPackets(sink: writeAudio)
        try audioOutput.finish()
        let variants = renditions.map { r in
            HLSMasterPlaylist.Variant(playlist: r.rendition.name + ".m3u8", width: r.rendition.width, height: r.rendition.height,
                                      videoCodec: HLSMasterPlaylist.avc1(r.encoder.extradata))
        }
        boundaries.append(plan.outputRange.duration)
        let subtitles = try plan.subtitles.enumerated().map { i, track in
            HLSMasterPlaylist.Subtitles(playlist: try HLSSubtitleWriter.write(track, index: i, boundaries: boundaries, folder: folder),
                                        language: track.language, name: track.title ?? track.language ?? "Subtitles \(i + 1)",
                                        isDefault: track.isDefault)
        }
        try HLSMasterPlaylist.write(folder: folder, variants: variants, audioPlaylist: "audio.m3u8", audioCodec: "mp4a.40.2",
                                    subtitles: subtitles, frameRate: plan.frameRate)
    }
}
