import Foundation
import Logging
import ReelSpec
import ReelStorage

/// Renders one timeline into several outputs (one plan per output, each planned from the same
/// spec with that output alone) in one pass per distinct picture: the outputs whose canvases draw
/// the same pictures (`PictureKey`) share one picture stage, so their sources are demuxed, decoded
/// and composited once, and each output encodes and muxes those pictures into a file of its own
/// (`EncodedFile`: its encoder, converter and audio stage). Each output is what its plan renders
/// alone: the same pictures into the same encoder settings (ManyOutputsTests compares them).
///
/// Video files (mp4, mov, m4v, webm) share; the other kinds (stills, GIF, HLS, audio-only, a
/// passthrough) are rendered by a `Renderer` of their own, after the shared groups. Every output
/// appears whole or none does: a failure or a cancel removes what was already moved into place
/// (a file an output replaced is not restored).
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
    public private(set) var frameCounts: [String: FrameCounts] = [:]
    /// Picture stages the last render started: one per group of outputs drawing the same pictures.
    private(set) var pictureStagesStarted = 0

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

    /// The members rendered by a renderer of their own.
    var renderedAlone: [Member] { members.filter { !Self.sharesPictures($0.plan) } }

    /// Whether an output of this plan is a video file drawn frame by frame from the canvas.
    static func sharesPictures(_ plan: RenderPlan) -> Bool {
        switch plan.format {
        case .mp4, .mov, .m4v, .webm: return !plan.passthrough
        case .m4a, .gif, .jpg, .png, .hls: return false
        }
    }

    /// Renders every member to `paths[member.name]` (one path each, no path twice). `progress`
    /// receives 0…1 by pictures drawn (a shared group's once, an output alone its own); `cancel`
    /// is checked every frame.
    public func render(to paths: [String: String], cancel: CancellationToken = CancellationToken(),
                       progress: (Double) -> Void = { _ in }) throws {
        var seen = Set<String>(), targets = Set<String>()
        for m in members {
            guard let path = paths[m.name], seen.insert(m.name).inserted, targets.insert(path).inserted else {
                throw RenderError.output(path: m.name, cause: PipelineError.noPath(output: m.name))
            }
        }
        frameCounts = [:]
        pictureStagesStarted = 0
        let groups = sharedGroups, alone = renderedAlone
        let total = Double(max(1, groups.reduce(Int64(0)) { $0 + $1[0].plan.frameCount } + alone.reduce(Int64(0)) { $0 + max(1, $1.plan.frameCount) }))
        var done: Int64 = 0
        var placed: [String] = []
        do {
            for group in groups {
                try renderShared(group, to: paths, placed: &placed, cancel: cancel) { progress((Double(done) + Double($0)) / total) }
                done += group[0].plan.frameCount
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

    /// One picture stage for the group (its first plan's: every plan of the group draws the same
    /// pictures), each picture handed to every member's file in turn; the files are written under
    /// partial names and moved into place once all are finished.
    private func renderShared(_ group: [Member], to paths: [String: String], placed: inout [String],
                              cancel: CancellationToken, progress: (Int64) -> Void) throws {
        let frames = group[0].plan.frameCount
        // The picture stage starts first, so the first segment opens and decodes while the encoders
        // are set up.
        let pictures = PictureStage(plan: group[0].plan)
        pictureStagesStarted += 1
        defer { pictures.stop() }
        let temps = group.map { PartialName.path(beside: paths[$0.name]!) }
        defer { for t in temps { try? FileManager.default.removeItem(atPath: t) } }
        var files: [EncodedFile] = []
        defer { for f in files { f.stop() } }
        var writing = 0   // the member whose file an error came from
        do {
            for (k, m) in group.enumerated() {
                writing = k
                files.append(try EncodedFile(Renderer(plan: m.plan, logger: logger), path: temps[k]))
            }
            for i in 0..<frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                writing = 0   // a picture that fails fails the group; named by its first output
                let picture = try pictures.next(i)
                for (k, file) in files.enumerated() {
                    writing = k
                    try file.add(picture, index: i)
                }
                progress(i + 1)
            }
            for (k, file) in files.enumerated() {
                writing = k
                try file.finish()
            }
            for (k, m) in group.enumerated() {
                writing = k
                try Renderer.moveIntoPlace(temps[k], paths[m.name]!, folder: false)
                placed.append(paths[m.name]!)
                frameCounts[m.name] = FrameCounts(copied: 0, encoded: frames)
            }
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: paths[group[writing].name]!, cause: error)
        }
        logger.info("rendered outputs", metadata: ["outputs": .string(group.map(\.name).joined(separator: ",")),
                                                   "frames": .stringConvertible(frames)])
    }
}
