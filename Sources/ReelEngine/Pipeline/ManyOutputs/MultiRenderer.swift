import Foundation
import Logging
import ReelSpec
import ReelStorage

/// Renders one timeline into several outputs (one plan per output, each planned from the same
/// spec with that output alone), compositing once per distinct picture: the outputs whose canvases
/// draw the same pictures (`PictureKey`) share one picture stage; the stages of one frame rate and
/// range are drawn together, frame by frame (a pass, `passes`), their video sources (clips, plain
/// or drawn as layers, overlays, masks, mattes) demuxed and decoded once for all of them
/// (`SharedDecodes`), each fitted to its own canvas. Among a pass's
/// outputs, the video streams whose encoders have equal settings and pictures
/// (`VideoEncoderSettings`: an MP4 and the HLS rendition of its size, two files differing only in
/// container or audio) share one encoder, whose packets are muxed into each; the outputs of alike
/// audio settings share one audio encode (`SharedAudio`). Each output is what its plan renders alone: the same pictures into the same encoder
/// settings (ManyOutputsTests compares them).
///
/// Video files (mp4, mov, m4v, webm) and HLS folders share; the other kinds (stills, GIF,
/// audio-only, a passthrough) are rendered by a `Renderer` of their own, after the shared groups.
/// A progressive HLS folder is written in place, published through its `LiveOutput` as it grows;
/// its group is drawn first, in a pass of the progressive groups alone, so it is playable as soon
/// as an output alone would be (the other outputs decode their clips again in a pass of their own).
/// Every output appears whole or none does: a failure or a cancel removes what was already moved
/// into place, and a progressive folder (a file an output replaced is not restored).
public final class MultiRenderer {
    /// One output: its name, its `output` object and the plan of the spec with it alone.
    public struct Member: Sendable {
        public let name: String
        public let output: OutputSpec
        public let plan: RenderPlan

        public init(name: String, output: OutputSpec, plan: RenderPlan) {
            self.name = name
            self.output = output
            self.plan = plan
        }
    }

    public let members: [Member]
    let logger: Logger

    /// The members of a spec with `outputs` from its plans (`RenderPlanner.planOutputs`), each plan
    /// given `threading` when set.
    public static func members(_ plans: JobPlan, spec: JobSpec, threading: CodecThreading? = nil) -> [Member] {
        zip(plans.outputs, spec.outputs ?? []).map { o, named in
            var plan = o.plan
            if let threading { plan.codecThreading = threading }
            return Member(name: named.name, output: named.spec, plan: plan)
        }
    }
    /// How each output's video frames were made, by name, after a render.
    public internal(set) var frameCounts: [String: FrameCounts] = [:]
    /// Each progressive output's seconds from the render's start until it could be played, by name.
    public internal(set) var firstSegmentSeconds: [String: Double] = [:]
    /// Picture stages the last render (or chunk) started: one per canvas drawn (`PassCanvases`: a
    /// group's of outputs drawing the same pictures, an HLS rendition's drawn at its own size).
    var pictureStagesStarted = 0
    /// The last render's (or chunk's) shared video decoders, and the canvases that decoded a source
    /// alone although their pass shared its decodes (`SharedDecodes.counts`, summed over passes).
    var clipDecoders = (shared: 0, alone: 0)
    /// Video encoders the last render's shared groups opened: one per distinct settings among the
    /// streams drawn from one canvas.
    private(set) var videoEncodersOpened = 0
    /// Audio tracks the last render's shared groups encoded (`SharedAudio`: one per distinct audio
    /// in a pass), or the last chunk's outputs (one per distinct audio among them).
    var audioEncodersOpened = 0

    public init(members: [Member], logger: Logger = Logger(label: "reel.render")) {
        self.members = members
        self.logger = logger
    }

    /// The members that share picture stages, grouped by `PictureKey` in the order first named.
    var sharedGroups: [[Member]] {
        var groups: [(key: PictureKey, members: [Member])] = []
        for m in members where Self.sharesPictures(m.plan) {
            let key = PictureKey(output: m.output, plan: m.plan)
            if let i = groups.firstIndex(where: { $0.key == key }) {
                groups[i].members.append(m)
            } else {
                groups.append((key, [m]))
            }
        }
        return groups.map(\.members)
    }

    /// The groups each drawn by one picture stage: `sharedGroups`, then each group of a smaller
    /// canvas moved into the group of the largest canvas it may be scaled from (`ScaledPictures`:
    /// same pictures but for the size, same aspect), where its pictures measured at sample frames
    /// stay within the bar of the ones drawn at its own size; the larger group's members first, so
    /// its plan draws. A canvas an HLS rendition is drawn on at its own size anyway, in the same
    /// pass (`PassCanvases`; with `progressiveFirst`, as `passes` takes it, a progressive group's
    /// pass is its own), is not measured: scaling it would save no composite. `scaled` records each
    /// moved member's source group and the PSNR measured.
    func drawingGroups(cancel: CancellationToken, progressiveFirst: Bool = true) throws -> [[Member]] {
        let keyed = sharedGroups.map { (key: PictureKey(output: $0[0].output, plan: $0[0].plan), members: $0) }
        let apart = { (group: [Member]) in progressiveFirst && group.contains { $0.plan.isProgressive } }
        let drawnForRenditions = keyed.flatMap { g in
            g.members.flatMap { PassCanvases.renditionKeys($0).compactMap { $0?.1 } }.map { (key: $0, apart: apart(g.members)) }
        }
        var merged = keyed.map(\.members)
        var moved = Set<Int>()
        scaled = [:]
        for (g, group) in keyed.enumerated() where !drawnForRenditions.contains(where: { $0.key == group.key && $0.apart == apart(group.members) }) {
            let sources = keyed.indices.filter { $0 != g && !moved.contains($0) && ScaledPictures.mayScale(group.key, from: keyed[$0].key) }
            guard let large = sources.max(by: { keyed[$0].key.width < keyed[$1].key.width }) else { continue }
            let psnr = try ScaledPictures.lowestPSNR(small: group.members[0].plan, large: keyed[large].members[0].plan, stop: cancel)
            logger.info("scaled pictures measured", metadata: ["outputs": .string(group.members.map(\.name).joined(separator: ",")),
                                                               "from": .string(keyed[large].members[0].name),
                                                               "psnr": .stringConvertible(psnr)])
            guard psnr >= ScaledPictures.minimumPSNR else { continue }
            for m in merged[g] { scaled[m.name] = (keyed[large].members[0].name, psnr) }
            merged[large] += merged[g]
            merged[g] = []
            moved.insert(g)
        }
        return merged.filter { !$0.isEmpty }
    }

    /// The outputs the last render drew by scaling a larger canvas: the output whose canvas it was,
    /// and the lowest PSNR measured against the pictures drawn at their own size.
    private(set) var scaled: [String: (from: String, psnr: Double)] = [:]

    /// The members rendered by a renderer of their own.
    var renderedAlone: [Member] { members.filter { !Self.sharesPictures($0.plan) } }

    /// Whether an output of this plan is a video file drawn frame by frame from the canvas.
    static func sharesPictures(_ plan: RenderPlan) -> Bool {
        switch plan.format {
        case .mp4, .mov, .m4v, .webm: return !plan.passthrough
        case .hls: return true
        case .m4a, .gif, .jpg, .png: return false
        }
    }

    /// Renders every member to `paths[member.name]` (one path each, no path twice). A progressive
    /// output's files are made visible through `live[name]` (on this disk where absent) as they
    /// finish. `progress` receives 0…1 by pictures drawn (a shared group's once, an output alone its
    /// own); `cancel` is checked every frame.
    public func render(to paths: [String: String], live: [String: any LiveOutput] = [:], cancel: CancellationToken = CancellationToken(),
                       progress: (Double) -> Void = { _ in }) throws {
        let started = DispatchTime.now()
        var seen = Set<String>(), targets = Set<String>()
        for m in members {
            guard let path = paths[m.name], seen.insert(m.name).inserted, targets.insert(path).inserted else {
                throw RenderError.output(path: m.name, cause: PipelineError.noPath(output: m.name))
            }
        }
        frameCounts = [:]
        firstSegmentSeconds = [:]
        pictureStagesStarted = 0
        videoEncodersOpened = 0
        audioEncodersOpened = 0
        clipDecoders = (0, 0)
        let passes = Self.passes(try drawingGroups(cancel: cancel))
        let alone = renderedAlone
        let total = Double(max(1, passes.reduce(Int64(0)) { $0 + $1[0][0].plan.frameCount } + alone.reduce(Int64(0)) { $0 + max(1, $1.plan.frameCount) }))
        var done: Int64 = 0
        var placed: [String] = []
        do {
            for pass in passes {
                try renderShared(pass, to: paths, live: live, started: started, placed: &placed, cancel: cancel) {
                    progress((Double(done) + Double($0)) / total)
                }
                done += pass[0][0].plan.frameCount
            }
            for m in alone {
                let weight = max(1, m.plan.frameCount)
                let renderer = Renderer(plan: m.plan, logger: logger)
                try renderer.render(to: paths[m.name]!, cancel: cancel) { progress((Double(done) + $0 * Double(weight)) / total) }
                placed.append(paths[m.name]!)
                frameCounts[m.name] = renderer.frameCounts
                done += weight
            }
        } catch {
            for path in placed { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        progress(1)
    }

    /// The drawing groups in the passes that draw them together, frame by frame, from one decode of
    /// each video source (`SharedDecodes`): the groups of one frame rate and range, those with a
    /// progressive output (`progressiveFirst`) in passes of their own, first (their first segment
    /// waits for no other canvas); a transparent canvas (its videos drawn twice, over black and
    /// white) in a pass alone.
    static func passes(_ groups: [[Member]], progressiveFirst: Bool = true) -> [[[Member]]] {
        var passes: [(progressive: Bool, alone: Bool, groups: [[Member]])] = []
        for g in groups {
            let plan = g[0].plan, progressive = progressiveFirst && g.contains { $0.plan.isProgressive }
            let joins = passes.firstIndex {
                !$0.alone && !plan.keepsAlpha && $0.progressive == progressive
                    && $0.groups[0][0].plan.frameRate == plan.frameRate && $0.groups[0][0].plan.outputRange == plan.outputRange
            }
            if let i = joins { passes[i].groups.append(g) } else { passes.append((progressive, plan.keepsAlpha, [g])) }
        }
        return passes.filter(\.progressive).map(\.groups) + passes.filter { !$0.progressive }.map(\.groups)
    }

    /// One picture stage for each canvas of the pass (`PassCanvases`: a group's is its first plan's,
    /// every plan of a group drawing the same pictures), their video sources decoded once for all, encoded
    /// into the outputs (`encode`);
    /// the outputs are written under partial names and moved into place once all are finished, but
    /// a progressive one, written in place and published after every frame (`started`: when the
    /// render began, for its `firstSegmentSeconds`).
    private func renderShared(_ pass: [[Member]], to paths: [String: String], live: [String: any LiveOutput], started: DispatchTime,
                              placed: inout [String], cancel: CancellationToken, progress: (Int64) -> Void) throws {
        let group = pass.flatMap { $0 }
        let frames = group[0].plan.frameCount
        // The picture stages start first, so the first segment opens and decodes while the encoders
        // are set up.
        let (pictures, decodes) = startStages(pass, ranges: nil)
        defer { for st in pictures { st.stop() } }
        defer { decodes?.stop.cancel() }   // first: a stage decoding for all toward a far trim stops at once
        let inPlace = group.map(\.plan.isProgressive)
        let temps = group.map { $0.plan.isProgressive ? paths[$0.name]! : PartialName.path(beside: paths[$0.name]!) }
        defer { for (k, t) in temps.enumerated() where !inPlace[k] { try? FileManager.default.removeItem(atPath: t) } }
        var live = live
        for (k, m) in group.enumerated() where inPlace[k] {
            // Gone with the render if it fails, as the files moved into place are.
            placed.append(temps[k])
            live[m.name] = live[m.name] ?? LocalLiveOutput(location: temps[k])
        }
        let outputs = try encode(pass, frames: 0..<frames, pictures: pictures, naming: group.map { paths[$0.name]! }, audio: true, cancel: cancel,
                                 progress: progress) { k, m, encoders, audio in
            if m.plan.hls != nil {
                if inPlace[k] { try Renderer.clearInPlace(temps[k]) }
                return try HLSFile(plan: m.plan, folder: temps[k], live: inPlace[k] ? live[m.name] : nil, started: started, sources: encoders,
                                   audio: audio)
            }
            return try EncodedFile(Renderer(plan: m.plan, logger: logger), path: temps[k], video: encoders[0], audio: audio)
        }
        for (k, m) in group.enumerated() {
            frameCounts[m.name] = FrameCounts(copied: 0, encoded: frames)
            if let first = (outputs[k] as? HLSFile)?.firstSegmentSeconds { firstSegmentSeconds[m.name] = first }
            if inPlace[k] { continue }
            do {
                try Renderer.moveIntoPlace(temps[k], paths[m.name]!, folder: m.plan.format == .hls)
            } catch {
                throw RenderError.output(path: paths[m.name]!, cause: error)
            }
            placed.append(paths[m.name]!)
        }
        let counts = countDecoders(decodes)
        logger.info("rendered outputs", metadata: ["outputs": .string(group.map(\.name).joined(separator: ",")),
                                                   "frames": .stringConvertible(frames),
                                                   "canvases": .stringConvertible(pictures.count),
                                                   "clipDecoders": .stringConvertible(counts.decoders),
                                                   "videoEncoders": .stringConvertible(videoEncodersOpened),
                                                   "audioEncoders": .stringConvertible(audioEncodersOpened)])
    }

    /// A picture stage for each canvas of the pass (`PassCanvases`: each group's, each HLS
    /// rendition's drawn at its own size), for `ranges` (nil: every frame), each with a seat among
    /// the pass's shared decodes when it has more than one canvas.
    func startStages(_ pass: [[Member]], ranges: [Range<Int64>]?) -> ([PictureStage], SharedDecodes?) {
        let plans = PassCanvases(pass).plans
        let decodes = plans.count > 1 ? SharedDecodes(readers: plans.count) : nil
        let stages = plans.indices.map { c in PictureStage(plan: plans[c], ranges: ranges, seat: decodes?.seats[c]) }
        pictureStagesStarted += stages.count
        return (stages, decodes)
    }

    /// Adds a finished pass's shared decodes to `clipDecoders`; its counts.
    @discardableResult
    func countDecoders(_ decodes: SharedDecodes?) -> (decoders: Int, alone: Int) {
        guard let counts = decodes?.counts else { return (0, 0) }
        clipDecoders = (clipDecoders.shared + counts.decoders, clipDecoders.alone + counts.alone)
        return counts
    }

    /// The video encoder settings of a member's streams: an HLS output's renditions in order, or
    /// the one video stream of a file.
    static func videoSettings(_ m: Member) -> [VideoEncoderSettings] {
        guard let hls = m.plan.hls else { return [VideoEncoderSettings(m.plan, globalHeader: OutputEncoders.wantsGlobalHeader(m.plan.format))] }
        return hls.renditions.map { VideoEncoderSettings(m.plan, globalHeader: OutputEncoders.wantsGlobalHeader(.hls), rendition: $0) }
    }

    /// Encodes `frames` of the pass's `pictures` (one stage per canvas, `startStages`) into its
    /// outputs, which `open` makes (member `k` of the pass's groups in order, given its streams'
    /// encoders in the order of `videoSettings`): one encoder per distinct settings (and forced
    /// frames) among the streams drawn from one canvas, each on a thread of its own
    /// (`EncoderStage`), each picture encoded once by each encoder and its packets written into
    /// every stream it feeds; what is finished published after each frame. Returns the outputs,
    /// finished. A failure is a `RenderError` naming `naming[k]` of the member it came from (a
    /// picture's, its canvas's owner). With `audio`, each output is also given an audio encoder:
    /// one per distinct audio among the pass's outputs (`SharedAudio`), its packets written into
    /// each up to each next frame.
    func encode(_ pass: [[Member]], frames: Range<Int64>, pictures: [PictureStage], naming: [String], audio withAudio: Bool,
                cancel: CancellationToken, progress: (Int64) -> Void,
                open: (Int, Member, [PictureEncoder], Encoder?) throws -> any SharedPictureOutput) throws -> [any SharedPictureOutput] {
        let group = pass.flatMap { $0 }
        let canvases = PassCanvases(pass)
        var outputs: [any SharedPictureOutput] = []
        defer { for o in outputs { o.stop() } }
        // Each output's audio track among `audios` (nil: none, without `audio`).
        var audios: [SharedAudio] = [], audioOf: [Int?] = []
        defer { for a in audios { a.stop() } }
        var writing = 0   // the member whose output an error came from
        do {
            var encoders: [PictureEncoder] = [], encoderStage: [Int] = []
            /// The encoder of these settings for `plan`'s pictures of canvas `g`: one already opened for them, or a new one.
            func encoder(_ settings: VideoEncoderSettings, plan: RenderPlan, stage g: Int) throws -> PictureEncoder {
                let candidate = settings.forcesKeyframes ? plan.forcedSegmentStarts : []
                if let e = encoders.indices.first(where: { encoders[$0].settings == settings && encoders[$0].forced == candidate && encoderStage[$0] == g }) {
                    return encoders[e]
                }
                let e = try PictureEncoder(settings, plan: plan)
                encoders.append(e)
                encoderStage.append(g)
                return e
            }
            /// The audio encoder of `m`'s audio: one already opened for the same, or a new one.
            func audio(_ m: Member) throws -> Int {
                if let a = audios.firstIndex(where: { SharedAudio.alike($0.plan, m.plan) }) { return a }
                audios.append(try SharedAudio(plan: m.plan))
                return audios.count - 1
            }
            for (k, m) in group.enumerated() {
                writing = k
                let videos = try zip(Self.videoSettings(m), canvases.streams[k]).map { try encoder($0, plan: m.plan, stage: $1) }
                let a = withAudio ? try audio(m) : nil
                outputs.append(try open(k, m, videos, a.map { audios[$0].encoder }))
                audioOf.append(a)
            }
            videoEncodersOpened += encoders.count
            audioEncodersOpened += audios.count
            // Each encoder on a thread of its own; its packets are written here, into every stream
            // it feeds, so each muxer is written by this thread alone.
            let stages = encoders.map { EncoderStage($0) }
            defer { for st in stages { st.stop() } }
            let sinks = encoders.map { e in
                outputs.enumerated().flatMap { k, o in o.videoInputs.filter { $0.encoder === e }.map { (owner: k, write: $0.write) } }
            }
            // Each audio track's streams: the outputs it was opened for.
            let audioSinks = audios.indices.map { a in
                outputs.indices.filter { audioOf[$0] == a }.compactMap { k in outputs[k].audioStream.map { (owner: k, write: $0) } }
            }
            func fanOut(_ sinks: [(owner: Int, write: (Packet) throws -> Void)]) -> (Packet) throws -> Void {
                { p in
                    // Each muxer takes its own reference (it rescales and consumes the packet).
                    for (n, s) in sinks.enumerated() {
                        writing = s.owner
                        try s.write(n == sinks.count - 1 ? p : try p.reference())
                    }
                }
            }
            for i in frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                let drawn = try pictures.indices.map { g in
                    writing = canvases.owners[g]   // a picture that fails fails the pass; named by its canvas's owner
                    return try pictures[g].next(i)
                }
                for (e, st) in stages.enumerated() {
                    writing = sinks[e][0].owner
                    try st.encode(drawn[encoderStage[e]], index: i)
                    try st.drain(sink: fanOut(sinks[e]))
                }
                for (a, track) in audios.enumerated() {
                    writing = audioSinks[a][0].owner
                    try track.write(before: i + 1, sink: fanOut(audioSinks[a]))
                }
                for (k, o) in outputs.enumerated() {
                    writing = k
                    try o.publish()
                }
                progress(i + 1 - frames.lowerBound)
            }
            for (e, st) in stages.enumerated() {
                writing = sinks[e][0].owner
                try st.finish(sink: fanOut(sinks[e]))
            }
            for (a, track) in audios.enumerated() {
                writing = audioSinks[a][0].owner
                try track.finish(sink: fanOut(audioSinks[a]))
            }
            for (k, o) in outputs.enumerated() {
                writing = k
                try o.finishAfterVideo()
            }
            return outputs
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: naming[writing], cause: error)
        }
    }
}
