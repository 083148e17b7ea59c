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
/// A job is cut only where every moving output can be cut alone (`Renderer.canRenderInChunks`), and
/// only at instants where each output whose range goes on across the instant has a frame and may
/// start a chunk: a multiple of its file's GOP, a segment start of an HLS output (of any frame
/// rates: 25 and 50 fps meet every 1/25 s, 24 and 30 every 1/6 s, 25 and 29.97 only at 0). Chunks
/// are counted in ticks of a `ChunkClock`: the frames of the cut output of the longest range, the
/// first of them (the lead; the first cut output where all have one range), over the span from the earliest range's start to the latest one's end; each output renders the instants
/// of a chunk in its own frames, and an output whose range lies outside a chunk has empty pieces
/// there (a packet file of no packets each, which its join reads past), so a 15 s teaser and the
/// whole film are cut together. A chunk in which no output has a frame (between ranges that do not
/// meet) is joined to the next. A progressive HLS output among them is joined as the chunks are
/// done (`OutputsChunkJoin`), the first two chunks that hold its frames one boundary each.
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
        return !cut.isEmpty && cut.allSatisfy { Renderer(plan: $0.plan, logger: logger).canRenderInChunks }
    }

    /// The ticks chunks are counted in (`ChunkClock`): the lead's frames over the cut outputs' span.
    /// The lead is the output of the longest range: every instant inside it that a chunk may start
    /// at must be one of its frames anyway, where a shorter output's grid (a teaser at 0.55 s) could
    /// keep the clock off every frame of the longer one.
    var chunkClock: ChunkClock {
        let plans = cutMembers.map(\.plan)
        let longest = plans.map(\.outputRange.duration).max()
        guard let lead = plans.firstIndex(where: { $0.outputRange.duration == longest }) else { return ChunkClock(plans) }
        return ChunkClock([plans[lead]] + plans.indices.filter { $0 != lead }.map { plans[$0] })
    }

    /// How many ticks the chunks cover: the lead's frame count where every cut output has the
    /// lead's range, more where their ranges reach beyond it.
    public var chunkFrames: Int64 { cutMembers.isEmpty ? 0 : chunkClock.frames }

    /// The time from the earliest cut output's start to the latest one's end: what the chunks
    /// cover, which sizes them (`ChunkLength`).
    public var chunkSpan: Time {
        let ranges = cutMembers.map(\.plan.outputRange)
        guard let start = ranges.map(\.start).min(), let end = ranges.map(\.end).max() else { return .zero }
        return end - start
    }

    /// The ticks where every cut output may start a chunk: each output whose range goes on across
    /// the instant has a frame there that is a multiple of its file's GOP size or a segment start
    /// of an HLS output; 0 always.
    func chunkStarts() -> [Int64] {
        let cut = cutMembers
        guard !cut.isEmpty else { return [0] }
        let clock = chunkClock
        let allowed: [Set<Int64>] = cut.map { m in
            if let hls = m.plan.hls { return Set(m.plan.segmentStarts(hls.segmentDuration)) }
            let gop = Int64(max(1, m.plan.videoEncoding.gopSize))
            return Set((0..<((m.plan.frameCount + gop - 1) / gop)).map { $0 * gop })
        }
        return [0] + (1..<max(1, clock.frames)).filter { n in
            cut.indices.allSatisfy { i in
                guard case .frame(let k) = clock.position(n, in: cut[i].plan) else { return false }
                return k == 0 || k == cut[i].plan.frameCount || allowed[i].contains(k)
            }
        }
    }

    /// Chunk `ticks` (of `chunkClock`, bounded by `chunkStarts` or the end) as frames of `plan`: the
    /// same instants, empty where the chunk lies outside its range.
    func frames(_ ticks: Range<Int64>, of plan: RenderPlan) -> Range<Int64> {
        chunkClock.frames(ticks, of: plan)
    }

    /// Chunk ranges (of `chunkClock`'s ticks) of about `seconds` each, as an HLS output alone is cut
    /// (`ChunkBoundaries`), on the ticks where every output may start a chunk (`chunkStarts`), with
    /// each progressive output the first two chunks from its start one boundary each, and a chunk in
    /// which no output has a frame joined to the next; one range (the whole span) when the outputs
    /// cannot be cut, are not longer than that, or `seconds` is 0.
    public func chunkRanges(seconds: Int) -> [Range<Int64>] {
        guard !cutMembers.isEmpty else { return [] }
        let clock = chunkClock
        let frames = clock.frames
        guard canRenderInChunks, seconds > 0 else { return [0..<frames] }
        let wanted = ChunkBoundaries.frames(seconds: seconds, rate: clock.rate)
        guard frames > wanted else { return [0..<frames] }
        let cut = cutMembers
        let empty = { (r: Range<Int64>) in cut.allSatisfy { clock.frames(r, of: $0.plan).isEmpty } }
        var ranges: [Range<Int64>] = []
        // Each progressive output's first two pieces small, from where its range starts.
        let small = cut.filter(\.plan.isProgressive).map { clock.tick(atOrBefore: $0.plan.outputRange.start) }
        for r in ChunkBoundaries.ranges(frames: frames, wanted: wanted, starts: chunkStarts(), smallAfter: small) {
            if let last = ranges.last, empty(last) {
                ranges[ranges.count - 1] = last.lowerBound..<r.upperBound
            } else {
                ranges.append(r)
            }
        }
        if ranges.count > 1, let last = ranges.last, empty(last) {
            ranges.removeLast()
            ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<last.upperBound
        }
        return ranges
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

    /// Renders chunk `frames` (ticks of `chunkClock`; each output renders the same instants in its
    /// own frames, `frames(_:of:)`) of every cut output: its video packets to `pieces[name].video`
    /// (from pictures drawn once per canvas, the canvases of a rate and range in one pass from one
    /// decode of each clip, `encode`) and, on a thread of its own meanwhile, each output's audio to
    /// `pieces[name].audio`, at `levels[name]` for an output with a loudness target (its whole
    /// mix's, `Renderer.loudnessLevels`); an output with no frames in the chunk gets empty pieces.
    /// `progress` follows the video.
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
        audioEncodersOpened = cut.filter { copyOf[$0.name] == nil && !own[$0.name]!.isEmpty }.count
        let audioDone = StageThread.start("reel-chunk-audio") { [logger, copyOf] in
            do {
                for m in cut {
                    let path = pieces[m.name]!.audio
                    if let first = copyOf[m.name] {
                        try? FileManager.default.removeItem(atPath: path)
                        try FileManager.default.copyItem(atPath: pieces[first]!.audio, toPath: path)
                        continue
                    }
                    if own[m.name]!.isEmpty {
                        try PacketFileWriter.empty(at: path)
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
            // One pass per frame rate and range; each draws the chunk's instants in its own frames.
            let passes = Self.passes(try drawingGroups(cancel: cancel, progressiveFirst: false), progressiveFirst: false)
            let total = Double(max(1, passes.reduce(0) { $0 + own[$1[0][0].name]!.count }))
            var done = 0
            for pass in passes {
                let drawn = own[pass[0][0].name]!
                if drawn.isEmpty {
                    for m in pass.flatMap({ $0 }) { try PacketFileWriter.empty(at: pieces[m.name]!.video) }
                    continue
                }
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
