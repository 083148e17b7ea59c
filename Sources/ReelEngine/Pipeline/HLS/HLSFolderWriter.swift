import CFFmpeg
import Dispatch
import Foundation
import ReelSpec
import ReelStorage

/// An `hls` output's folder as it is written: a muxer per video rendition and one for the audio
/// (`HLSMuxer`), the subtitles written first (their segments follow the video's, whose starts the
/// plan fixes: `RenderPlan.segmentStarts`), then `master.m3u8`. A progressive output (`live`) has
/// EVENT playlists that `HLSLivePublisher` makes visible as they grow (`poke` after each frame or
/// chunk written), its master playlist as soon as every rendition has a segment. The whole render
/// encodes pictures into it; a chunked render's join copies the chunks' packets into it.
final class HLSFolderWriter {
    let renditions: [HLSRenditionWriter]
    let audioEncoder: Encoder
    private let audioOutput: OutputFile
    private let audioStream: MuxerStream
    private let publisher: HLSLivePublisher?
    private let writeMaster: @Sendable () throws -> Void
    private let started: DispatchTime

    /// Creates `folder` (or writes in an empty one made for it) and opens the muxers. `started`: when the render
    /// began, for `firstSegmentSeconds`; `sources`: the renditions' encoders when shared with other
    /// outputs (one per rendition, in order), else each rendition has its own; `audio`: the audio
    /// encoder when shared, else one of its own.
    init(plan: RenderPlan, starts: [Int64], folder: String, live: (any LiveOutput)?, started: DispatchTime = .now(),
         sources: [PictureEncoder]? = nil, audio: Encoder? = nil) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        self.started = started
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        precondition(sources.map { $0.count == hls.renditions.count } ?? true, "an encoder for each rendition")
        renditions = try hls.renditions.enumerated().map { i, r in
            try HLSRenditionWriter(plan: plan, rendition: r, hls: hls, folder: folder, source: sources?[i])
        }
        audioOutput = try OutputFile(path: folder + "/audio.m3u8", formatName: "hls")
        audioEncoder = try audio ?? OutputEncoders.audio(plan, globalHeader: audioOutput.needsGlobalHeader)
        precondition(audioEncoder.hasGlobalHeader == audioOutput.needsGlobalHeader, "a shared audio encoder set up for another muxer")
        audioStream = try audioOutput.addStream(for: audioEncoder)
        try audioOutput.writeHeader(options: HLSMuxer.options(name: "audio", folder: folder, hls: hls, video: false))
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
        writeMaster = {
            try HLSMasterPlaylist.write(folder: folder, variants: variants, audioPlaylist: "audio.m3u8", audioCodec: "mp4a.40.2",
                                        subtitles: subtitles, frameRate: frameRate)
        }
        publisher = live.map { [writeMaster] in
            HLSLivePublisher(folder: folder, playlists: variants.map(\.playlist) + ["audio.m3u8"] + subtitles.map(\.playlist), live: $0,
                             writeMaster: writeMaster)
        }
    }

    /// Writes an audio packet into the audio rendition.
    func writeAudio(_ p: Packet) throws { try audioStream.write(p) }

    /// Lets a progressive output publish what is finished; throws the publisher's first failure.
    func poke() throws {
        guard let publisher else { return }
        if let failure = publisher.failure { throw failure }
        publisher.poke()
    }

    /// Makes what is finished visible now and waits for it (`HLSLivePublisher.settle`).
    func settle() throws {
        try publisher?.settle()
    }

    /// Ends every playlist (draining the renditions' encoders when they encoded) and writes the
    /// master playlist (a progressive output's last puts); returns the seconds from `started`
    /// until the output could be played, for a progressive output.
    func finish(drain: Bool) throws -> Double? {
        for r in renditions { try r.finish(drain: drain) }
        try audioOutput.finish()
        guard let publisher else {
            try writeMaster()
            return nil
        }
        try publisher.finish()
        return publisher.firstSegment.map { Double($0.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 }
    }
}
