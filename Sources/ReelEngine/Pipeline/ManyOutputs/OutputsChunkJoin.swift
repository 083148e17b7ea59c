import Dispatch
import Foundation
import ReelStorage

/// A job with `outputs` joined as its chunks are done, in timeline order: each progressive HLS
/// output's piece of a chunk appended at once (`HLSChunkJoin`: its playlists grow while later chunks
/// render), the other outputs' pieces kept until the last chunk, then joined with the stills
/// (`MultiRenderer.joinChunks`).
public final class OutputsChunkJoin {
    private let renderer: MultiRenderer
    private let paths: [String: String]
    private let joins: [(name: String, renderer: Renderer, join: HLSChunkJoin)]
    private var kept: [String: [MultiRenderer.Pieces]] = [:]
    /// The outputs each chunk has pieces of, in order (`MultiRenderer.cutMembers`).
    public let outputs: [String]

    /// Opens each progressive output's folder at `paths[name]` (what an earlier render left in it
    /// deleted), published through `live[name]` (on this disk where absent); `started`: when the
    /// job's render began, for their `firstSegmentSeconds`.
    public init(_ renderer: MultiRenderer, paths: [String: String], live: [String: any LiveOutput], started: DispatchTime) throws {
        self.renderer = renderer
        self.paths = paths
        outputs = renderer.cutMembers.map(\.name)
        joins = try renderer.cutMembers.filter(\.plan.isProgressive).map { m in
            guard let path = paths[m.name] else { throw RenderError.output(path: m.name, cause: PipelineError.noPath(output: m.name)) }
            let alone = Renderer(plan: m.plan, logger: renderer.logger)
            do {
                try Renderer.clearInPlace(path)
                return (m.name, alone, try HLSChunkJoin(alone, folder: path, live: live[m.name] ?? LocalLiveOutput(location: path), started: started))
            } catch let e as RenderError {
                throw e
            } catch {
                throw RenderError.output(path: path, cause: error)
            }
        }
    }

    /// The next chunk's pieces, by output.
    public func append(_ pieces: [String: MultiRenderer.Pieces]) throws {
        for name in outputs {
            guard let p = pieces[name] else { throw RenderError.output(path: name, cause: PipelineError.noPath(output: name)) }
            if let j = joins.first(where: { $0.name == name }) {
                try j.join.append(video: p.video, audio: p.audio)
            } else {
                kept[name, default: []].append(p)
            }
        }
    }

    /// Joins the other outputs and renders the stills (`MultiRenderer.joinChunks`), then ends the
    /// progressive outputs' playlists; each output's frame counts (and a progressive one's
    /// `firstSegmentSeconds`) are then the renderer's.
    public func finish() throws {
        try renderer.joinChunks(kept, to: paths.filter { name, _ in !joins.contains { $0.name == name } })
        for j in joins {
            try j.join.finish()
            renderer.frameCounts[j.name] = j.renderer.frameCounts
            renderer.firstSegmentSeconds[j.name] = j.renderer.firstSegmentSeconds
        }
    }
}
