import CFFmpeg
import Foundation
import ReelSpec

/// A render cut into chunks that several workers (on several machines) render at once: each
/// chunk's video on its own (`renderVideoChunk`), the audio of the whole output once
/// (`renderAudioTrack`, so it stays sample-exact), then `joinChunks` copies the packets into the
/// output without re-encoding.
///
/// A chunk starts at a multiple of the GOP size, where a render of the whole output puts an IDR
/// frame too (`OutputEncoders.video` turns scene-cut keyframes off), and its frames keep their
/// output numbers as pts: the joined file has the frame count, timestamps and keyframe positions of
/// a render by one worker, its pictures differing only by the encoder's rate control near the cuts.
extension Renderer {
    /// Whether the plan can be cut: MP4, MOV or M4V with H.264, HEVC or ProRes video. Not VP9
    /// (libvpx places keyframes of its own), GIF, HLS, stills or audio-only outputs.
    public var canRenderInChunks: Bool {
        switch plan.format {
        case .mp4, .mov, .m4v: return plan.videoEncoding.codec != .vp9 && plan.frameCount > 0 && !plan.passthrough && !plan.keepsAlpha
        default: return false
        }
    }

    /// The frame ranges of chunks of about `seconds` each, every boundary a multiple of the GOP
    /// size; one range (the whole output) when the output is not longer than that, `seconds` is 0,
    /// or the plan cannot be cut.
    public func chunkRanges(seconds: Int) -> [Range<Int64>] {
        let frames = plan.frameCount
        guard canRenderInChunks, seconds > 0 else { return [0..<frames] }
        let gop = Int64(max(1, plan.videoEncoding.gopSize))
        let rate = plan.frameRate
        let wanted = Int64(seconds) * Int64(rate.numerator) / max(1, Int64(rate.denominator))
        let step = max(gop, (wanted + gop / 2) / gop * gop)
        guard frames > step else { return [0..<frames] }
        var ranges: [Range<Int64>] = []
        var start: Int64 = 0
        while start < frames {
            // A last piece shorter than one GOP joins the chunk before it.
            let end = frames - (start + step) < gop ? frames : start + step
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// Renders the video of output frames `frames` (which must start at a multiple of the GOP
    /// size) to a packet file at `path`, with the output's codec settings.
    public func renderVideoChunk(_ frames: Range<Int64>, to path: String, cancel: CancellationToken = CancellationToken(),
                                 progress: (Double) -> Void = { _ in }) throws {
        precondition(canRenderInChunks, "a chunk of a plan that cannot be cut")
        precondition(frames.lowerBound >= 0 && frames.upperBound <= plan.frameCount && !frames.isEmpty, "frames outside the output")
        precondition(frames.lowerBound % Int64(max(1, plan.videoEncoding.gopSize)) == 0, "a chunk starting off the GOP grid")
        do {
            let pictures = PictureStage(plan: plan, ranges: [frames])
            defer { pictures.stop() }
            let encoder = try OutputEncoders.video(plan, globalHeader: OutputEncoders.wantsGlobalHeader(plan.format))
            let file = try PacketFileWriter(path: path)
            let sink = { (p: Packet) throws in try file.write(p) }
            let converter = FrameConverter(for: encoder)
            let matrix = plan.canvasColor
            for i in frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                let frame = try pictures.next(i)
                try encoder.encode(try converter.convert(frame, matrix: matrix), sink: sink)
                progress(Double(i + 1 - frames.lowerBound) / Double(frames.count))
            }
            try encoder.encode(nil, sink: sink)
            try file.finish()
            logger.info("rendered chunk", metadata: ["firstFrame": .stringConvertible(frames.lowerBound),
                                                     "frames": .stringConvertible(frames.upperBound - frames.lowerBound)])
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Mixes and encodes the audio of the whole output to a packet file at `path`.
    public func renderAudioTrack(to path: String, cancel: CancellationToken = CancellationToken(),
                                 progress: (Double) -> Void = { _ in }) throws {
        do {
            let encoder = try OutputEncoders.audio(plan, globalHeader: OutputEncoders.wantsGlobalHeader(plan.format))
            let file = try PacketFileWriter(path: path)
            let sink = { (p: Packet) throws in try file.write(p) }
            let audio = AudioTrackEncoder(plan: plan, encoder: encoder)
            let rate = Int64(plan.audioEncoding.sampleRate)
            while audio.encoded < audio.total {
                if cancel.isCancelled { throw RenderError.cancelled }
                try audio.encode(upTo: min(audio.total, audio.encoded + rate), sink: sink)
                progress(Double(audio.encoded) / Double(max(1, audio.total)))
            }
            try audio.finish(sink: sink)
            try file.finish()
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Joins the chunks' video (in order) and the audio track into the output at `path`, copying
    /// packets; metadata, chapters, subtitles and faststart as in `render`. The file appears whole.
    public func joinChunks(_ chunks: [String], audio: String, to path: String,
                           cancel: CancellationToken = CancellationToken()) throws {
        precondition(canRenderInChunks, "joining chunks of a plan that cannot be cut")
        try Renderer.writeAtomically(to: path, folder: false) { try join(chunks, audio: audio, to: $0, cancel: cancel) }
    }

    private func join(_ chunks: [String], audio: String, to temp: String, cancel: CancellationToken) throws {
        let output = try OutputFile(path: temp, formatName: OutputEncoders.muxerName(plan.format))
        // Encoders opened with the chunks' settings give the streams their parameters (global
        // header, B-frame delay, AAC priming); they encode nothing.
        let videoEncoder = try OutputEncoders.video(plan, globalHeader: output.needsGlobalHeader)
        let audioEncoder = try OutputEncoders.audio(plan, globalHeader: output.needsGlobalHeader)
        let videoStream = try output.addStream(for: videoEncoder, codecTag: videoCodecTag)
        if let hdr = plan.hdrMetadata { try output.declare(hdr, on: videoStream) }
        let audioStream = try output.addStream(for: audioEncoder)
        try writeHeaderAndSubtitles(output)
        let audioPackets = try PacketFileReader(path: audio)
        var nextAudio = try audioPackets.next()
        let rate = Int64(plan.audioEncoding.sampleRate)
        let fps = plan.frameRate
        var lastDTS = Int64.min
        var frames: Int64 = 0
        for chunk in chunks {
            if cancel.isCancelled { throw RenderError.cancelled }
            let reader = try PacketFileReader(path: chunk)
            var first = true
            while let p = try reader.next() {
                let dts = p.pointer.pointee.dts
                // A chunk that starts without a keyframe, or overlaps the one before, would play
                // wrongly: a broken contract, never written.
                guard !first || p.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0, dts > lastDTS else {
                    throw ChunkJoinError(chunk: chunk, reason: first ? "does not start with a keyframe" : "has timestamps that overlap the chunk before")
                }
                first = false
                lastDTS = dts
                frames += 1
                // Audio up to this frame's decoding time, so the muxer interleaves with small buffers.
                let sample = Time.divide(Int128(dts) * Int128(fps.denominator) * Int128(rate), Int128(fps.numerator), rounding: .down)
                while let a = nextAudio, a.pts < Int64(clamping: sample) {
                    try audioStream.write(a)
                    nextAudio = try audioPackets.next()
                }
                try videoStream.write(p)
            }
        }
        guard frames == plan.frameCount else {
            throw ChunkJoinError(chunk: chunks.last ?? "", reason: "the chunks hold \(frames) frames, the output \(plan.frameCount)")
        }
        while let a = nextAudio {
            try audioStream.write(a)
            nextAudio = try audioPackets.next()
        }
        try output.finish()
        logger.info("joined chunks", metadata: ["chunks": .stringConvertible(chunks.count), "frames": .stringConvertible(frames)])
    }
}

/// Chunks that do not join into the output the plan describes.
public struct ChunkJoinError: Error, CustomStringConvertible, RetryClassifiable {
    public let chunk: String
    public let reason: String
    public var isTransient: Bool { false }
    public var description: String { "chunk \(chunk) \(reason)" }
}
