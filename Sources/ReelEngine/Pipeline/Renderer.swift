import CFFmpeg
import Foundation
import Logging
import ReelSpec
import ReelStorage

/// Renders a `RenderPlan` into a file, frame by frame, in constant memory.
///
/// A picture thread produces output frame `i` at time `i/fps` (the video segments under that time,
/// composited) into a queue bounded by bytes (`pictureQueueDepth`); an audio thread mixes and encodes
/// the audio track (`AudioEncodingStage`). The calling thread encodes each picture, then writes the
/// audio packets up to the next frame's time, so both tracks advance together and the muxer
/// interleaves them with small buffers. The file is written
/// under a temporary name beside the target and renamed only when complete.
public final class Renderer {
    public let plan: RenderPlan
    let logger: Logger
    /// How the finished output's video frames were made; nil before a render and for audio-only
    /// outputs.
    public internal(set) var frameCounts: FrameCounts?
    /// Seconds from the start of a progressive output's render until it could be played (its
    /// master playlist put, every rendition with a segment); nil for any other output.
    public internal(set) var firstSegmentSeconds: Double?

    public init(plan: RenderPlan, logger: Logger = Logger(label: "reel.render")) {
        self.plan = plan
        self.logger = logger
    }

    /// Renders to `path` (a folder for `hls`). `progress` receives 0…1 by output time; `cancel` is
    /// checked every frame. A progressive `hls` output is written in place, its files made visible
    /// through `live` as they finish (an earlier folder at `path` is deleted first, and the folder
    /// is deleted if the render fails); every other output appears whole or not at all.
    public func render(to path: String, cancel: CancellationToken = CancellationToken(), live: (any LiveOutput)? = nil,
                       progress: (Double) -> Void = { _ in }) throws {
        if plan.isProgressive {
            try Renderer.writeInPlace(to: path) {
                try writeHLS(to: $0, live: live ?? LocalLiveOutput(location: $0), cancel: cancel, progress: progress)
            }
            frameCounts = FrameCounts(copied: 0, encoded: plan.frameCount)
        } else {
            try Renderer.writeAtomically(to: path, folder: plan.format == .hls) { try write(to: $0, cancel: cancel, progress: progress) }
        }
        progress(1)
    }

    /// Has `body` write the folder `path` itself, after deleting what an earlier render left in it
    /// (the folder itself stays: a sandboxed render child may write in the folder its parent made
    /// for it and nowhere beside it); the folder is deleted when `body` fails (by the parent, for a
    /// child). Errors are mapped as `writeAtomically` maps them.
    static func writeInPlace(to path: String, _ body: (String) throws -> Void) throws {
        do {
            try clearInPlace(path)
            try body(path)
        } catch let e as RenderError {
            try? FileManager.default.removeItem(atPath: path)
            throw e
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Deletes what an earlier render left in the folder `path` (a file there goes), keeping the
    /// folder itself: an output written in place starts empty.
    static func clearInPlace(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { return try FileManager.default.removeItem(atPath: path) }
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }

    /// Has `body` write the output under a hidden partial name beside `path`, then moves it into
    /// place (`moveIntoPlace`); the partial is removed whatever happens. Errors that are not
    /// already a `RenderError` become `RenderError.output` for `path`.
    static func writeAtomically(to path: String, folder: Bool, _ body: (String) throws -> Void) throws {
        let temp = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: temp) }
        do {
            try body(temp)
            try moveIntoPlace(temp, path, folder: folder)
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Moves a finished output into place, so a reader never sees part of one. A file replaces a
    /// file in one step (rename's own guarantee). A folder cannot replace a folder in one rename:
    /// the earlier one is moved aside under a hidden partial name (which the service's start-up
    /// sweep removes if this process dies), the new one moved in, the earlier one deleted; between
    /// the two renames a reader finds no folder, never a mixed one.
    public static func moveIntoPlace(_ temp: String, _ path: String, folder: Bool) throws {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        if folder, exists {
            guard isDir.boolValue else {
                throw SystemCallError(call: "rename", errno: ENOTDIR, doing: "replacing the file \(path) with an HLS folder")
            }
            let old = PartialName.path(beside: path, old: true)
            guard rename(path, old) == 0 else { throw SystemCallError(call: "rename", errno: errno, doing: "moving the earlier output aside") }
            guard rename(temp, path) == 0 else {
                let code = errno
                // Put the earlier output back; only if that fails too is it left aside, not deleted.
                if rename(old, path) != 0 { throw SystemCallError(call: "rename", errno: code, doing: "moving the folder into place (the earlier one is at \(old))") }
                throw SystemCallError(call: "rename", errno: code, doing: "moving the finished folder into place")
            }
            try? FileManager.default.removeItem(atPath: old)
            return
        }
        guard rename(temp, path) == 0 else {
            throw SystemCallError(call: "rename", errno: errno, doing: "moving the finished file into place")
        }
    }

    /// Bytes of queued pictures the renderer allows itself.
    static let pictureQueueBudget = 12 << 20

    /// How many pictures of `frameBytes` each to queue: as many as the budget holds, 2 to 16. The
    /// queue lets the picture stage run ahead while it is cheap, so the encoder does not wait when a
    /// segment opens (a seek and a keyframe to decode). At 720p that is 9: on the benchmark 4 was
    /// about 1 % slower (within noise), and 16 no faster but 20 MiB larger (queued frames keep their
    /// decoder's buffer pool alive). The byte budget keeps memory flat at larger sizes: 4 at 1080p,
    /// 2 at 4K.
    static func pictureQueueDepth(frameBytes: Int) -> Int {
        min(16, max(2, pictureQueueBudget / max(1, frameBytes)))
    }

    private func write(to temp: String, cancel: CancellationToken, progress: (Double) -> Void) throws {
        if plan.format.isStill {
            try writeStill(to: temp, stop: cancel)
            frameCounts = FrameCounts(copied: 0, encoded: 1)
            return
        }
        if plan.format == .gif || plan.format == .hls {
            try plan.format == .gif ? writeGIF(to: temp, cancel: cancel, progress: progress) : writeHLS(to: temp, live: nil, cancel: cancel, progress: progress)
            frameCounts = FrameCounts(copied: 0, encoded: plan.frameCount)
            return
        }
        let rate = Int64(plan.audioEncoding.sampleRate)
        guard !plan.format.isAudioOnly else {
            let output = try OutputFile(path: temp, formatName: OutputEncoders.muxerName(plan.format))
            let audioEncoder = try OutputEncoders.audio(plan, globalHeader: output.needsGlobalHeader)
            let audioStream = try output.addStream(for: audioEncoder)
            try writeHeader(output)
            let audio = AudioTrackEncoder(plan: plan, encoder: audioEncoder)
            let sink = { (p: Packet) throws in try audioStream.write(p) }
            // Audio only: a tenth of a second at a time.
            while audio.encoded < audio.total {
                if cancel.isCancelled { throw RenderError.cancelled }
                try audio.encode(upTo: min(audio.total, audio.encoded + rate / 10), sink: sink)
                progress(Double(audio.encoded) / Double(max(1, audio.total)))
            }
            try audio.finish(sink: sink)
            try output.finish()
            logger.info("rendered", metadata: ["frames": .stringConvertible(0), "samples": .stringConvertible(audio.total)])
            return
        }
        if plan.passthrough, try writeSpliced(to: temp, cancel: cancel, progress: progress) { return }
        let frames = plan.frameCount
        // The picture stage starts first, so the first segment opens and decodes while the encoders
        // are set up.
        let pictures = PictureStage(plan: plan)
        defer { pictures.stop() }
        let file = try EncodedFile(self, path: temp)
        defer { file.stop() }
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            try file.add(try pictures.next(i), index: i)
            progress(Double(i + 1) / Double(frames))
        }
        try file.finish()
        frameCounts = FrameCounts(copied: 0, encoded: frames)
        logger.info("rendered", metadata: ["frames": .stringConvertible(frames), "samples": .stringConvertible(plan.sampleCount)])
    }

    /// Adds the plan's subtitle tracks, writes the header (metadata, chapters), then the tracks'
    /// cues: a few packets a track, all handed to the muxer now, which interleaves them by time.
    /// Called once the video and audio streams are added.
    func writeHeaderAndSubtitles(_ output: OutputFile) throws {
        let subtitles = try subtitleStreams(in: output)
        try writeHeader(output)
        for (stream, packets) in subtitles { for p in packets { try stream.write(p) } }
    }

    /// A stream and its encoded cues for each of the plan's subtitle tracks.
    private func subtitleStreams(in output: OutputFile) throws -> [(MuxerStream, [Packet])] {
        try plan.subtitles.map { track in
            let encoder = try SubtitleTrackEncoder(format: plan.format, globalHeader: output.needsGlobalHeader)
            let stream = try output.addStream(for: encoder.encoder)
            output.describe(stream, language: track.language, title: track.title, isDefault: track.isDefault)
            return (stream, try encoder.packets(for: track.cues))
        }
    }

    /// HEVC is tagged `hvc1` (parameter sets in the sample description), which QuickTime and
    /// Safari require; other codecs keep the muxer's default tag.
    var videoCodecTag: UInt32 {
        plan.videoEncoding.codec == .hevc ? UInt32(reel_mktag(0x68, 0x76, 0x63, 0x31)) : 0
    }

    /// Adds metadata and chapters and writes the header, once every stream is added.
    func writeHeader(_ output: OutputFile) throws {
        output.setMetadata(plan.metadata)
        try output.setChapters(plan.chapters, end: plan.outputRange.duration)
        try output.writeHeader(options: muxerOptions)
    }

    /// The index first when `optimizeForNetwork` (the default), so a player can start before the
    /// whole file has arrived: MP4/MOV move the `moov` box to the front; WebM reserves room for
    /// its cues after the header (about 12 bytes a cue point, one per keyframe, and a margin).
    private var muxerOptions: [(String, String)] {
        guard plan.faststart else { return [] }
        switch plan.format {
        case .webm:
            let keyframes = plan.frameCount / Int64(max(1, plan.videoEncoding.gopSize)) + 1
            return [("reserve_index_space", String(1024 + 32 * keyframes))]
        case .mp4, .mov, .m4v, .m4a:
            return [("movflags", "+faststart")]
        case .gif, .jpg, .png, .hls:
            return []
        }
    }
}
