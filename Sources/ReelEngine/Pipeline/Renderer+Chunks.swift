import CFFmpeg
import Foundation
import ReelSpec
import ReelBasics

/// A render cut into chunks that several workers (on several machines) render at once: each
/// chunk's video (`renderVideoChunk`) and audio (`renderAudioChunk`) on their own, then
/// `joinChunks` copies the packets into the output without re-encoding. Nothing of the output is
/// rendered whole, so no part of it bounds how many workers help (a loudness target's levels aside,
/// measured once over the whole mix).
///
/// A chunk starts at a multiple of the GOP size, where a render of the whole output puts an IDR
/// frame too (`OutputEncoders.video` turns scene-cut keyframes off), and its frames keep their
/// output numbers as pts: the joined file has the frame count, timestamps and keyframe positions of
/// a render by one worker, its pictures differing only by the encoder's rate control near the cuts.
extension Renderer {
    /// Whether the plan can be cut: MP4, MOV or M4V with H.264, HEVC or ProRes video, and HLS
    /// (cut on segment starts: `Renderer+HLSChunks`). Not VP9 (libvpx places keyframes of its
    /// own), GIF, stills or audio-only outputs.
    public var canRenderInChunks: Bool {
        switch plan.format {
        case .mp4, .mov, .m4v: return plan.videoEncoding.codec != .vp9 && plan.frameCount > 0 && !plan.passthrough && !plan.keepsAlpha
        case .hls: return plan.frameCount > 0
        default: return false
        }
    }

    /// The frame ranges of chunks of about `seconds` each, every boundary a multiple of the GOP
    /// size; one range (the whole output) when the output is not longer than that, `seconds` is 0,
    /// or the plan cannot be cut.
    public func chunkRanges(seconds: Int) -> [Range<Int64>] {
        let frames = plan.frameCount
        guard canRenderInChunks, seconds > 0 else { return [0..<frames] }
        if plan.format == .hls { return hlsChunkRanges(seconds: seconds) }
        let gop = Int64(max(1, plan.videoEncoding.gopSize))
        let rate = plan.frameRate
        let wanted = ChunkBoundaries.frames(seconds: seconds, rate: rate)
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

    /// Renders chunk `frames` whole: its video (`renderVideoChunk`) to `video` and, on a thread of
    /// its own meanwhile, its audio (`renderAudioChunk`) to `audio`, so the audio (a tenth of a
    /// chunk's work at 640x360) is not added to the chunk's time, which bounds how fast many
    /// workers finish a job. `progress` follows the video. Returns once both have stopped; an
    /// error of either is thrown, the video's first (a failure of one does not stop the other:
    /// failures are rare and the chunk's cancellation token belongs to its caller).
    public func renderChunk(_ frames: Range<Int64>, video: String, audio: String, levels: LoudnessLevels? = nil,
                            cancel: CancellationToken = CancellationToken(), progress: (Double) -> Void = { _ in }) throws {
        // An audiogram of the mix in the chunk's pictures draws it at these levels too.
        if let levels { LoudnessSolver.remember(levels, for: plan) }
        let audioError = Guarded<(any Error)?>(nil)
        let audioDone = StageThread.start("reel-chunk-audio") {
            do { try self.renderAudioChunk(frames, levels: levels, to: audio, cancel: cancel) } catch { audioError.withLock { $0 = error } }
        }
        do {
            if plan.format == .hls {
                try renderHLSVideoChunk(frames, to: video, cancel: cancel, progress: progress)
            } else {
                try renderVideoChunk(frames, to: video, cancel: cancel, progress: progress)
            }
        } catch {
            audioDone.wait()
            throw error
        }
        audioDone.wait()
        if let e = audioError.withLock({ $0 }) { throw e }
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
            let encoder = try PictureEncoder(plan: plan, globalHeader: OutputEncoders.wantsGlobalHeader(plan.format))
            let file = try PacketFileWriter(path: path)
            let sink = { (p: Packet) throws in try file.write(p) }
            for i in frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                try encoder.encode(try pictures.next(i), index: i, sink: sink)
                progress(Double(i + 1 - frames.lowerBound) / Double(frames.count))
            }
            try encoder.finish(sink: sink)
            try file.finish()
            logger.info("rendered chunk", metadata: ["firstFrame": .stringConvertible(frames.lowerBound),
                                                     "frames": .stringConvertible(frames.upperBound - frames.lowerBound)])
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Encoder frames mixed and encoded before a chunk's first packet (`renderAudioChunk`), so the
    /// packet that starts it is coded from the same signal around it as in a render of the whole
    /// output: its transform window and the one before it (from the chunk before) then overlap on
    /// the same sound, and their aliasing cancels up to the coder's own quantization noise. 16
    /// (a third of a second at 48 kHz), because a fresh FFmpeg AAC encoder codes its first frames
    /// coarsely while its rate control settles: with 4, a 1 kHz tone's residual after a join was
    /// 30 times the whole render's for 3,000 samples; with 16 it is the whole render's.
    static let audioPreroll: Int64 = 16
    /// Encoder frames encoded past a chunk's last packet, for the encoder's delay (AAC's priming).
    static let audioPostroll: Int64 = 2

    /// The output samples whose packets chunk `frames` carries: from its first frame's time, down to
    /// the audio encoder's frame grid (the first chunk from 0, the priming included), to the next
    /// chunk's start (the last chunk to the end of the track).
    public func audioSamples(forChunk frames: Range<Int64>, frameSize: Int) -> Range<Int64> {
        let fs = Int64(max(1, frameSize))
        let rate = Int128(plan.audioEncoding.sampleRate), fps = plan.frameRate
        func boundary(_ frame: Int64) -> Int64 {
            let sample = Time.divide(Int128(frame) * Int128(fps.denominator) * rate, Int128(fps.numerator), rounding: .down)
            return Int64(clamping: sample) / fs * fs
        }
        let lower = frames.lowerBound == 0 ? 0 : boundary(frames.lowerBound)
        let upper = frames.upperBound >= plan.frameCount ? plan.sampleCount : boundary(frames.upperBound)
        return lower..<max(lower, upper)
    }

    /// Mixes and encodes the audio packets of chunk `frames` to a packet file at `path`: those whose
    /// pts lie in `audioSamples(forChunk:)` (the first chunk's priming packets too, the last chunk's
    /// final ones). The chunks' files joined in order are the track of a whole render, packet for
    /// packet in timestamps and durations: each chunk mixes from `audioPreroll` frames before its
    /// first packet (the mix itself equal to the whole render's, `Mixdown`) to `audioPostroll` after
    /// its last. `levels`: a loudness target's levels, solved once for the whole output
    /// (`loudnessLevels()`), so every chunk carries the same gain.
    public func renderAudioChunk(_ frames: Range<Int64>, levels: LoudnessLevels? = nil, to path: String,
                                 cancel: CancellationToken = CancellationToken(), progress: (Double) -> Void = { _ in }) throws {
        precondition(frames.lowerBound >= 0 && frames.upperBound <= plan.frameCount && !frames.isEmpty, "frames outside the output")
        precondition(levels != nil || plan.audioEncoding.loudness == nil || plan.frameCount == frames.count,
                     "a chunk's audio with a loudness target needs the whole output's levels")
        let started = DispatchTime.now()
        do {
            let encoder = try OutputEncoders.audio(plan, globalHeader: OutputEncoders.wantsGlobalHeader(plan.format))
            let frameSize = Int64(encoder.context.pointee.frame_size > 0 ? encoder.context.pointee.frame_size : 1024)
            let kept = audioSamples(forChunk: frames, frameSize: Int(frameSize))
            let first = frames.lowerBound == 0
            let last = frames.upperBound >= plan.frameCount
            let from = max(0, kept.lowerBound - Renderer.audioPreroll * frameSize)
            let to = last ? plan.sampleCount : min(plan.sampleCount, kept.upperBound + Renderer.audioPostroll * frameSize)
            let file = try PacketFileWriter(path: path)
            let sink = { (p: Packet) throws in
                let pts = p.pts
                if (first || pts >= kept.lowerBound) && (last || pts < kept.upperBound) { try file.write(p) }
            }
            let audio = AudioTrackEncoder(plan: plan, encoder: encoder,
                                          mixdown: Mixdown(plan: plan, levels: levels, startingAt: from), range: from..<to)
            let rate = Int64(plan.audioEncoding.sampleRate)
            while audio.encoded < audio.total {
                if cancel.isCancelled { throw RenderError.cancelled }
                try audio.encode(upTo: min(audio.total, audio.encoded + rate), sink: sink)
                progress(Double(audio.encoded - from) / Double(max(1, to - from)))
            }
            try audio.finish(sink: sink)
            try file.finish()
            // Its time beside the chunk's, for `make bench-cluster`'s account of the critical path.
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            logger.info("rendered chunk audio", metadata: ["firstSample": .stringConvertible(kept.lowerBound),
                                                           "samples": .stringConvertible(kept.count),
                                                           "seconds": .stringConvertible((seconds * 1000).rounded() / 1000)])
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }

    /// Whether the output's audio has a loudness target (whose levels its chunks share).
    public var hasLoudnessTarget: Bool { plan.audioEncoding.loudness != nil }

    /// A loudness target's levels for the whole output (`LoudnessSolver`: measuring passes over
    /// the whole mix), which every chunk's audio then carries; nil without a target.
    public func loudnessLevels() throws -> LoudnessLevels? {
        guard let loudness = plan.audioEncoding.loudness else { return nil }
        do {
            return try LoudnessSolver.memoized(plan, loudness).levels
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: "the loudness measurement", cause: error)
        }
    }

    /// Joins the chunks' video and audio (in order) into the output at `path`, copying packets;
    /// metadata, chapters, subtitles and faststart as in `render`. The file appears whole.
    public func joinChunks(_ chunks: [String], audio: [String], to path: String,
                           cancel: CancellationToken = CancellationToken()) throws {
        precondition(canRenderInChunks, "joining chunks of a plan that cannot be cut")
        if plan.format == .hls {
            return try Renderer.writeAtomically(to: path, folder: true) { folder in
                let join = try HLSChunkJoin(self, folder: folder, live: nil)
                for (video, audio) in zip(chunks, audio) {
                    if cancel.isCancelled { throw RenderError.cancelled }
                    try join.append(video: video, audio: audio)
                }
                try join.finish()
            }
        }
        try Renderer.writeAtomically(to: path, folder: false) { try join(chunks, audio: audio, to: $0, cancel: cancel) }
    }

    private func join(_ chunks: [String], audio: [String], to temp: String, cancel: CancellationToken) throws {
        precondition(audio.count == chunks.count, "one audio piece per chunk")
        // The encoders, opened with the chunks' settings, give the streams their parameters;
        // they encode nothing here.
        let opened = try openOutput(temp)
        let (output, videoStream, audioStream) = (opened.file, opened.video, opened.audio)
        let audioPackets = try AudioPieces(audio)
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

/// The chunks' audio packet files read as one track, each packet checked to follow the one before
/// (its pts the last one's pts plus duration): a gap or an overlap would be a click, never written.
/// A join that takes chunks as they are done `append`s each file, then reads to its end.
final class AudioPieces {
    private var paths: [String]
    private var index = 0
    private var reader: PacketFileReader?
    private var expected: Int64?

    init(_ paths: [String]) throws {
        self.paths = paths
        reader = try paths.first.map { try PacketFileReader(path: $0) }
    }

    /// One more chunk's audio, read after those before it.
    func append(_ path: String) throws {
        paths.append(path)
        if reader == nil { reader = try PacketFileReader(path: path) }
    }

    func next() throws -> Packet? {
        while let r = reader {
            if let p = try r.next() {
                if let e = expected, p.pts != e {
                    throw ChunkJoinError(chunk: paths[index], reason: "has audio from sample \(p.pts) where sample \(e) comes next")
                }
                expected = p.pts + p.pointer.pointee.duration
                return p
            }
            index += 1
            reader = index < paths.count ? try PacketFileReader(path: paths[index]) : nil
        }
        return nil
    }
}

/// Chunks that do not join into the output the plan describes.
public struct ChunkJoinError: Error, CustomStringConvertible, RetryClassifiable {
    public let chunk: String
    public let reason: String
    public var isTransient: Bool { false }
    public var description: String { "chunk \(chunk) \(reason)" }
}
