import Foundation
import ReelBasics
import ReelSpec

/// A job with `outputs` cut into chunks that several workers render at once. Every chunk renders
/// every moving output's piece from shared pictures (`encode`, as a whole render shares them: one
/// picture stage per drawn canvas, one encoder per distinct settings), each output's video packets
/// in a packet file of its own and its audio in another, exactly the pieces that output's chunk
/// alone would have; the join copies each output's pieces into its file (`Renderer.joinChunks`)
/// and renders the stills, one picture each. So every output is what a chunked render of it
/// alone gives.
///
/// A job is cut only where every moving output can be cut alone (`Renderer.canRenderInChunks`), over
/// one range, and only at instants that are a frame of every output (of any frame rates: 25 and 50
/// fps meet every 1/25 s, 24 and 30 every 1/6 s, 25 and 29.97 only at 0) where each may start a
/// chunk: a multiple of each file's GOP, a segment start of each HLS output. Chunks are numbered in
/// the frames of the first cut output (the lead); each output renders the same instants in its
/// own. A progressive HLS output among them is joined as the chunks are done (`OutputsChunkJoin`),
/// its first two chunks a segment each.
/// An output with a loudness target carries the levels solved once for its whole mix
/// (`loudnessLevels`) in every chunk, as a chunked output alone does.
extension MultiRenderer {
    /// Whether a chunk renders a piece of this output: all but the stills, which the join renders.
    public static func isCut(_ output: OutputSpec) -> Bool { !output.format.isStill }
    /// The outputs a chunk renders a piece of.
    public var cutMembers: [Member] { members.filter { Self.isCut($0.output) } }
    /// The outputs the join renders whole: the stills (a picture each).
    var stillMembers: [Member] { members.filter { !Self.isCut($0.output) } }

    /// Whether the outputs can be cut into chunks (above).
    public var canRenderInChunks: Bool {
        let cut = cutMembers
        guard let lead = cut.first?.plan else { return false }
        return cut.allSatisfy { m in
            Renderer(plan: m.plan, logger: logger).canRenderInChunks && m.plan.outputRange == lead.outputRange
        }
    }

    /// The lead's frames where every cut output may start a chunk: instants that are a frame of
    /// each output and, in its own frames, a multiple of a file's GOP size or a segment start of an
    /// HLS output; 0 always.
    func chunkStarts() -> [Int64] {
        guard let lead = cutMembers.first?.plan else { return [0] }
        var common: Set<Int64>?
        for m in cutMembers {
            let own: [Int64]
            if let hls = m.plan.hls {
                own = m.plan.segmentStarts(hls.segmentDuration)
            } else {
                let gop = Int64(max(1, m.plan.videoEncoding.gopSize))
                own = (0..<((m.plan.frameCount + gop - 1) / gop)).map { $0 * gop }
            }
            let starts = Set(own.compactMap { Self.frame($0, of: m.plan, in: lead) })
            common = common.map { $0.intersection(starts) } ?? starts
        }
        return (common ?? [0]).union([0]).sorted()
    }

    /// Frame `n` of `plan` as a frame of `other` (the same range): n / r = k / r′, so
    /// k = n · r′ / r, exactly; nil where that instant is no frame of `other`.
    static func frame(_ n: Int64, of plan: RenderPlan, in other: RenderPlan) -> Int64? {
        let num = Int128(n) * Int128(other.frameRate.numerator) * Int128(plan.frameRate.denominator)
        let den = Int128(other.frameRate.denominator) * Int128(plan.frameRate.numerator)
        guard den > 0, num % den == 0 else { return nil }
        return Int64(num / den)
    }

    /// Chunk `frames` (the lead's, bounded by `chunkStarts` or the end) as frames of `plan`: the
    /// same instants, the lead's end the output's end.
    func frames(_ frames: Range<Int64>, of plan: RenderPlan) -> Range<Int64> {
        guard let lead = cutMembers.first?.plan, lead.frameRate != plan.frameRate else { return frames }
        let end = frames.upperBound >= lead.frameCount ? plan.frameCount : Self.frame(frames.upperBound, of: lead, in: plan)
        guard let start = Self.frame(frames.lowerBound, of: lead, in: plan), let end else {
            preconditionFailure("chunk \(frames) does not start and end on frames of every output")
        }
        return start..<end
    }

    /// Chunk ranges of about `seconds` each, as an HLS output alone is cut (`ChunkBoundaries`), on
    /// the frames where every output may start a chunk (`chunkStarts`), with a progressive output
    /// the first two chunks one boundary each; one range (the whole output) when the outputs cannot
    /// be cut, are not longer than that, or `seconds` is 0.
    public func chunkRanges(seconds: Int) -> [Range<Int64>] {
        guard let lead = cutMembers.first?.plan else { return [] }
        let frames = lead.frameCount
        guard canRenderInChunks, seconds > 0 else { return [0..<frames] }
        let wanted = ChunkBoundaries.frames(seconds: seconds, rate: lead.frameRate)
        guard frames > wanted else { return [0..<frames] }
        return ChunkBoundaries.ranges(frames: frames, wanted: wanted, starts: chunkStarts(), progressive: isProgressive)
    }

    /// Where one output's pieces of a chunk go (or, joining, are read from, in chunk order).
    public struct Pieces: Sendable {
        public var video: String
        public var audio: String

        public init(video: String, audio: String) {
            self.video = video
            self.audio = audio
        }
    }

    /// Whether a cut output is progressive: the chunks are then joined as they are done.
    public var isProgressive: Bool { cutMembers.contains { $0.plan.isProgressive } }

    /// The cut outputs with a loudness target, whose chunks need the levels of their whole mix.
    public var loudnessTargeted: [Member] { cutMembers.filter { $0.plan.audioEncoding.loudness != nil } }

    /// The levels of output `name`'s whole mix for its target (`Renderer.loudnessLevels`); nil
    /// for an output without one, or a name it has not.
    public func loudnessLevels(of name: String) throws -> LoudnessLevels? {
        guard let m = members.first(where: { $0.name == name }) else { return nil }
        return try Renderer(plan: m.plan, logger: logger).loudnessLevels()
    }

    /// Renders chunk `frames` (the lead's; each output renders the same instants in its own frames,
    /// `frames(_:of:)`) of every cut output: its video packets to `pieces[name].video` (from
    /// pictures drawn once per canvas, the canvases of a rate in one pass from one decode of each
    /// clip, `encode`) and, on a thread of its own meanwhile, each output's audio to
    /// `pieces[name].audio`, at `levels[name]` for an output with a loudness target (its whole
    /// mix's, `Renderer.loudnessLevels`). `progress` follows the video.
    public func renderChunk(_ frames: Range<Int64>, pieces: [String: Pieces], levels: [String: LoudnessLevels] = [:],
                            cancel: CancellationToken = CancellationToken(), progress: (Double) -> Void = { _ in }) throws {
        let cut = cutMembers
        precondition(canRenderInChunks && cut.allSatisfy { pieces[$0.name] != nil }, "a chunk of outputs that cannot be cut, or without their pieces")
        precondition(loudnessTargeted.allSatisfy { levels[$0.name] != nil }, "a chunk's audio with a loudness target needs its whole output's levels")
        // An audiogram of the mix in the chunk's pictures draws it at these levels too.
        for m in cut { if let l = levels[m.name] { LoudnessSolver.remember(l, for: m.plan) } }
        // Each output's frames of the chunk: the same instants at its own rate.
        let own = Dictionary(uniqueKeysWithValues: cut.map { ($0.name, self.frames(frames, of: $0.plan)) })
        let audioError = Guarded<(any Error)?>(nil)
        // An output whose audio is alike an earlier one's (`SharedAudio.alike`, at the same levels)
        // takes a copy of that one's piece.
        var copyOf: [String: String] = [:]
        for (i, m) in cut.enumerated() {
            let first = cut[..<i].first { copyOf[$0.name] == nil && SharedAudio.alike($0.plan, m.plan) && levels[$0.name] == levels[m.name] }
            copyOf[m.name] = first?.name
        }
        audioEncodersOpened = cut.count - copyOf.count
        let audioDone = StageThread.start("reel-chunk-audio") { [logger, copyOf] in
            do {
                for m in cut {
                    let path = pieces[m.name]!.audio
                    if let first = copyOf[m.name] {
                        try? FileManager.default.removeItem(atPath: path)
                        try FileManager.default.copyItem(atPath: pieces[first]!.audio, toPath: path)
                        continue
                    }
                    try Renderer(plan: m.plan, logger: logger).renderAudioChunk(own[m.name]!, levels: levels[m.name], to: path, cancel: cancel)
                }
            } catch {
                audioError.withLock { $0 = error }
            }
        }
        do {
            (pictureStagesStarted, clipDecoders) = (0, (0, 0))
            // One pass per frame rate; each draws the chunk's instants in its own frames.
            let passes = Self.passes(try drawingGroups(cancel: cancel, progressiveFirst: false), progressiveFirst: false)
            let total = Double(max(1, passes.reduce(0) { $0 + own[$1[0][0].name]!.count }))
            var done = 0
            for pass in passes {
                let drawn = own[pass[0][0].name]!
                let (pictures, decodes) = startStages(pass, ranges: [drawn])
                defer { for st in pictures { st.stop() } }
                defer { decodes?.stop.cancel() }
                let naming = pass.flatMap { $0 }.map { pieces[$0.name]!.video }
                _ = try encode(pass, frames: drawn, pictures: pictures, naming: naming, audio: false, cancel: cancel,
                               progress: { progress((Double(done) + Double($0)) / total) }) { k, _, encoders, _ in
                    try ChunkVideoPiece(path: naming[k], encoders: encoders)
                }
                countDecoders(decodes)
                done += drawn.count
            }
        } catch {
            audioDone.wait()
            throw error
        }
        audioDone.wait()
        if let e = audioError.withLock({ $0 }) { throw e }
        logger.info("rendered chunk", metadata: ["firstFrame": .stringConvertible(frames.lowerBound), "frames": .stringConvertible(frames.count),
                                                 "outputs": .string(cut.map(\.name).joined(separator: ","))])
    }

    /// Joins each cut output's chunk pieces (`pieces[name]`: every chunk's, in order) into its file
    /// at `paths[name]` and renders each still there; every output appears whole or none does. A
    /// progressive output is not joined here (`OutputsChunkJoin` joins it as the chunks come).
    public func joinChunks(_ pieces: [String: [Pieces]], to paths: [String: String], cancel: CancellationToken = CancellationToken()) throws {
        var placed: [String] = []
        do {
            for m in cutMembers where !m.plan.isProgressive {
                guard let mine = pieces[m.name], let path = paths[m.name] else {
                    throw RenderError.output(path: m.name, cause: PipelineError.noPath(output: m.name))
                }
                try Renderer(plan: m.plan, logger: logger).joinChunks(mine.map(\.video), audio: mine.map(\.audio), to: path, cancel: cancel)
                placed.append(path)
                frameCounts[m.name] = FrameCounts(copied: 0, encoded: m.plan.frameCount)
            }
            for m in stillMembers {
                guard let path = paths[m.name] else { throw RenderError.output(path: m.name, cause: PipelineError.noPath(output: m.name)) }
                let renderer = Renderer(plan: m.plan, logger: logger)
                try renderer.render(to: path, cancel: cancel)
                placed.append(path)
                frameCounts[m.name] = renderer.frameCounts
            }
        } catch {
            for path in placed { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
    }
}
