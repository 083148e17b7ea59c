import CFFmpeg
import Dispatch
import Foundation
import ReelSpec
import ReelStorage

extension Renderer {
    /// An `hls` output into the folder `folder`: the picture stage as for video, every picture
    /// encoded once per rendition (segment starts forced to IDR frames, the same frames in each),
    /// the audio mixed once into its own media playlist, then `master.m3u8`. A progressive output
    /// (`live`) has EVENT playlists that `HLSLivePublisher` makes visible as they grow, its master
    /// playlist as soon as every rendition has a segment.
    func writeHLS(to folder: String, live: (any LiveOutput)?, cancel: CancellationToken, progress: (Double) -> Void) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let started = DispatchTime.now()
        let frames = plan.frameCount
        let pictures = PictureStage(plan: plan)
        defer { pictures.stop() }
        let renditions = try hls.renditions.map { try HLSRenditionWriter(plan: plan, rendition: $0, hls: hls, folder: folder) }
        let audioOutput = try OutputFile(path: folder + "/audio.m3u8", formatName: "hls")
        let audioEncoder = try OutputEncoders.audio(plan, globalHeader: audioOutput.needsGlobalHeader)
        let audioStream = try audioOutput.addStream(for: audioEncoder)
        try audioOutput.writeHeader(options: HLSMuxer.options(name: "audio", folder: folder, hls: hls))
        let writeAudio = { (p: Packet) throws in try audioStream.write(p) }
        let audioStage = AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: audioEncoder))
        defer { audioStage.stop() }
        let rate = Int64(plan.audioEncoding.sampleRate)
        let starts = segmentStarts(hls.segmentDuration)
        // The subtitles are whole from the start: their segments follow the video's, known in advance.
        let boundaries = starts.map { plan.frameTime($0) } + [plan.outputRange.duration]
        let subtitles = try plan.subtitles.enumerated().map { i, track in
            HLSMasterPlaylist.Subtitles(playlist: try HLSSubtitleWriter.write(track, index: i, boundaries: boundaries, folder: folder),
                                        language: track.language, name: track.title ?? track.language ?? "Subtitles \(i + 1)",
                                        isDefault: track.isDefault)
        }
        let variants = renditions.map { r in
            HLSMasterPlaylist.Variant(playlist: r.rendition.name + ".m3u8", width: r.rendition.width, height: r.rendition.height,
                                      videoCodec: HLSMasterPlaylist.avc1(r.encoder.extradata))
        }
        let frameRate = plan.frameRate
        let writeMaster: @Sendable () throws -> Void = {
            try HLSMasterPlaylist.write(folder: folder, variants: variants, audioPlaylist: "audio.m3u8", audioCodec: "mp4a.40.2",
                                        subtitles: subtitles, frameRate: frameRate)
        }
        let publisher = live.map {
            HLSLivePublisher(folder: folder, playlists: variants.map(\.playlist) + ["audio.m3u8"] + subtitles.map(\.playlist), live: $0,
                             writeMaster: writeMaster)
        }
        var nextStart = starts.startIndex
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            if let failure = publisher?.failure { throw failure }
            let frame = try pictures.next(i)
            let startsSegment = nextStart < starts.endIndex && starts[nextStart] == i
            if startsSegment { nextStart += 1 }
            for r in renditions { try r.encode(frame, index: i, startsSegment: startsSegment) }
            try audioStage.writePackets(before: plan.frameTime(i + 1).ticks(in: rate, rounding: .nearest), sink: writeAudio)
            publisher?.poke()
            progress(Double(i + 1) / Double(frames))
        }
        for r in renditions { try r.finish() }
        try audioStage.writeRemainingPackets(sink: writeAudio)
        try audioOutput.finish()
        if let publisher {
            try publisher.finish()
            firstSegmentSeconds = publisher.firstSegment.map { Double($0.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 }
        } else {
            try writeMaster()
        }
    }

    /// The frames that start a segment: the first frame at or after each multiple of `duration`.
    func segmentStarts(_ duration: Time) -> [Int64] {
        var starts: [Int64] = []
        var next = Time.zero
        for i in 0..<plan.frameCount {
            let time = plan.frameTime(i)
            guard !(time < next) else { continue }
            starts.append(i)
            while !(time < next) { next = next + duration }
        }
        return starts
    }
}
