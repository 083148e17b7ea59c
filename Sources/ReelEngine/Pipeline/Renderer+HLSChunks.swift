import CFFmpeg
import Dispatch
import Foundation
import ReelSpec
import ReelStorage

/// An `hls` output cut into chunks: every chunk starts on a segment start (an IDR frame in every
/// rendition, as in a render of the whole output), its video is every rendition's packets in one
/// packet file (the stream index says which), its audio a chunk's like any other, and the join
/// (`HLSChunkJoin`) copies the packets into the renditions' and the audio's muxers in order. A
/// progressive output is joined chunk by chunk as the chunks are done, in timeline order, so its
/// playlists grow while later chunks still render. A muxer ends a segment only when the next one's
/// first packet arrives, so a chunk's last segment appears once the next chunk is joined: a
/// progressive output's first two chunks are one segment each, and it can be played once two
/// segments are rendered (at once on two workers, since chunks are claimed in timeline order).
extension Renderer {
    /// Chunk ranges of about `seconds`, each boundary the first segment start at or after it (a
    /// progressive output's first two chunks one segment each); the whole output when it is not
    /// longer than that.
    func hlsChunkRanges(seconds: Int) -> [Range<Int64>] {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        let frames = plan.frameCount
        let wanted = ChunkBoundaries.frames(seconds: seconds, rate: plan.frameRate)
        guard frames > wanted else { return [0..<frames] }
        return ChunkBoundaries.ranges(frames: frames, wanted: wanted, starts: plan.segmentStarts(hls.segmentDuration),
                                      smallAfter: hls.progressive ? [0] : [])
    }

    /// Renders the video of chunk `frames` of an `hls` output (which must start on a segment start)
    /// to a packet file at `path`: every rendition's packets, each with its rendition's index as
    /// its stream index.
    public func renderHLSVideoChunk(_ frames: Range<Int64>, to path: String, cancel: CancellationToken = CancellationToken(),
                                    progress: (Double) -> Void = { _ in }) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        let starts = Set(plan.segmentStarts(hls.segmentDuration))
        precondition(starts.contains(frames.lowerBound) && frames.upperBound <= plan.frameCount, "a chunk starting off the segment grid")
        do {
            let pictures = RenditionPictures(plan: plan, ranges: [frames])
            defer { pictures.stop() }
            let globalHeader = OutputEncoders.wantsGlobalHeader(.hls)
            let encoders = try hls.renditions.map { try PictureEncoder(plan: plan, globalHeader: globalHeader, rendition: $0) }
            let file = try PacketFileWriter(path: path)
            func sink(_ r: Int) -> (Packet) throws -> Void {
                { p in
                    p.pointer.pointee.stream_index = Int32(r)
                    try file.write(p)
                }
            }
            for i in frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                let drawn = try pictures.next(i)
                for (r, e) in encoders.enumerated() { try e.encode(drawn[r], index: i, sink: sink(r)) }
                progress(Double(i + 1 - frames.lowerBound) / Double(frames.count))
            }
            for (r, e) in encoders.enumerated() { try e.finish(sink: sink(r)) }
            try file.finish()
            logger.info("rendered chunk", metadata: ["firstFrame": .stringConvertible(frames.lowerBound),
                                                     "frames": .stringConvertible(frames.count)])
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, cause: error)
        }
    }
}

/// The join of an `hls` output's chunks into its folder (`HLSFolderWriter`), fed chunk by chunk
/// in timeline order: the whole list at once (`Renderer.joinChunks`), or, for a progressive output,
/// each chunk as soon as it and those before it are done, the playlists growing meanwhile. Each
/// rendition's packets must start every chunk with a keyframe and follow the chunk before; the
/// audio must follow sample for sample (`AudioPieces`); at the end every rendition holds every frame.
public final class HLSChunkJoin {
    private let renderer: Renderer
    private let writer: HLSFolderWriter
    private let audio: AudioPieces
    private var lastDTS: [Int64]
    private var frames: [Int64]
    private var chunks = 0

    /// Creates `folder` and opens its muxers; `live` publishes a progressive output as it grows.
    /// `started`: when the job's render began, for `firstSegmentSeconds`.
    public init(_ renderer: Renderer, folder: String, live: (any LiveOutput)?, started: DispatchTime = .now()) throws {
        guard let hls = renderer.plan.hls else { preconditionFailure("an hls output without its plan") }
        self.renderer = renderer
        writer = try HLSFolderWriter(plan: renderer.plan, starts: renderer.plan.segmentStarts(hls.segmentDuration), folder: folder, live: live,
                                     started: started)
        audio = try AudioPieces([])
        lastDTS = Array(repeating: .min, count: hls.renditions.count)
        frames = Array(repeating: 0, count: hls.renditions.count)
    }

    /// Copies the next chunk's packets: `video` (every rendition's) and `audio`.
    public func append(video: String, audio path: String) throws {
        let reader = try PacketFileReader(path: video)
        var started = Set<Int>()
        while let p = try reader.next() {
            let r = Int(p.pointer.pointee.stream_index)
            guard r < writer.renditions.count else {
                throw ChunkJoinError(chunk: video, reason: "has packets of rendition \(r), the output \(writer.renditions.count)")
            }
            let dts = p.pointer.pointee.dts
            let first = started.insert(r).inserted
            guard !first || p.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else {
                throw ChunkJoinError(chunk: video, reason: "does not start with a keyframe")
            }
            guard dts > lastDTS[r] else { throw ChunkJoinError(chunk: video, reason: "has timestamps that overlap the chunk before") }
            lastDTS[r] = dts
            frames[r] += 1
            try writer.renditions[r].write(p)
        }
        try audio.append(path)
        while let a = try audio.next() { try writer.writeAudio(a) }
        chunks += 1
        // Visible before the next chunk is asked for: the chunk's segments are whole now.
        try writer.settle()
    }

    /// Ends the playlists and writes the master playlist, once every rendition holds every frame;
    /// a progressive output's `firstSegmentSeconds` is then the renderer's.
    public func finish() throws {
        let expected = renderer.plan.frameCount
        if let short = frames.firstIndex(where: { $0 != expected }) {
            throw ChunkJoinError(chunk: "\(chunks) chunks", reason: "hold \(frames[short]) frames of rendition \(short), the output \(expected)")
        }
        renderer.firstSegmentSeconds = try writer.finish(drain: false)
        renderer.frameCounts = FrameCounts(copied: 0, encoded: expected)
        renderer.logger.info("joined chunks", metadata: ["chunks": .stringConvertible(chunks), "frames": .stringConvertible(expected)])
    }
}
