import Foundation
import ReelEngine
import ReelSpec

/// What a render child is asked to do: one line of JSON on its standard input. Everything it needs
/// is in it, since the child reaches no store, no bucket and no network: sources that live
/// elsewhere (uploads, web copies) were made local by the parent and are named here by path.
struct RenderChildRequest: Codable, Sendable {
    /// What the child renders once it planned: the job's whole output, one chunk of it, the
    /// loudness levels every chunk of it carries, or the output joined from its chunks' pieces
    /// (all at once, or a progressive output's chunk by chunk as `JoinStep`s arrive).
    enum Task: String, Codable, Sendable { case job, chunk, levels, join }

    var task = Task.job
    var jobID: String
    /// The spec's stored text, planned again in the child (its geometry is untrusted work).
    var spec: String
    var mediaRoot: String
    /// `upload:ID`, http(s) and `s3://` sources as the parent resolved them.
    var sources: [String: ResolvedSource]
    /// The cores this render may use (`CodecThreading.forRender`).
    var cores: Int
    /// The pool's `chunkSeconds` (the longest chunk) and the live workers of the cluster: the child
    /// chooses the chunk length from them and its plan's length (`ChunkLength`) and says how many
    /// chunks its plan would be cut into.
    var chunkSeconds: Int
    var workers = 1
    var limits: ChildLimits
    var sandbox: SandboxMode
    /// What the child may open: its sources, the media root, where its task writes.
    var access = ChildAccess()
    /// A chunk's frames (`[lower, upper)`), where its video and audio pieces go, and the levels its
    /// audio carries (nil with a loudness target: the child solves them, as the shared piece would).
    var frames: [Int64]?
    var video: String?
    var audio: String?
    var levels: LoudnessLevels?
    /// A chunk of a job with `outputs`: its pieces as `ChunkPiece.pieces(ofChunk:outputs:)` lists
    /// them, and the shared levels of the outputs with a loudness target (the child solves those
    /// not there, as above).
    var outputPieces: [String]?
    var outputLevels: [String: LoudnessLevels]?
    /// A `levels` task of a job with `outputs`: the output whose levels to solve.
    var levelsOutput: String?
    /// A join's pieces, each chunk's `[video, audio]` in order (a job with `outputs`: each cut
    /// output's two in turn, `ChunkPiece.pieces(ofChunk:outputs:)`); nil for a progressive join,
    /// whose pieces come as `JoinStep`s.
    var pieces: [[String]]?
    /// When the job's render began (`DispatchTime`'s nanoseconds, one clock for every process of
    /// the machine): a progressive join's `firstSegmentSeconds` counts from it.
    var startedNanoseconds: UInt64?
}

/// A progressive join's next line: append a chunk's pieces, or finish the output.
struct JoinStep: Codable, Sendable {
    var video: String?
    var audio: String?
    var finish = false
    /// A job with `outputs`: the chunk's pieces as `ChunkPiece.pieces(ofChunk:outputs:)` lists them.
    var pieces: [String]?
}

/// A source resolved by the parent: its local path, or why it cannot be used.
public struct ResolvedSource: Codable, Sendable, Equatable {
    var path: String?
    /// A refusal (the source may never be used) or, with `passing`, a reason that may pass.
    var reason: String?
    var passing = false

    /// `src` resolved by `resolver` (in the parent, which may fetch it): its path, or its refusal.
    public static func resolving(_ src: String, with resolver: SourceResolver) -> ResolvedSource {
        do {
            return ResolvedSource(path: try resolver.resolve(src))
        } catch let e as SourceResolver.Refusal {
            return ResolvedSource(reason: e.reason)
        } catch let e as SourceResolver.Unavailable {
            return ResolvedSource(reason: e.reason, passing: true)
        } catch {
            return ResolvedSource(reason: "cannot be read now (\(error))", passing: true)
        }
    }

    /// The resolver a child plans with: relative paths under `mediaRoot` as the server resolves
    /// them, `upload:` and web sources only as the parent resolved them in `sources`.
    static func resolver(mediaRoot: String, sources: [String: ResolvedSource]) -> SourceResolver {
        SourceResolver(mediaRoot: mediaRoot, uploads: { id in
            try sources[SourceScheme.upload(id)]?.resolved(src: SourceScheme.upload(id))
        }, web: { src in
            guard let path = try sources[src]?.resolved(src: src) else {
                throw SourceResolver.Refusal(src: src, reason: "was not fetched for this render")
            }
            return path
        })
    }

    /// The path, or the refusal again.
    func resolved(src: String) throws -> String {
        if let path { return path }
        if passing { throw SourceResolver.Unavailable(src: src, reason: reason ?? "cannot be read now") }
        throw SourceResolver.Refusal(src: src, reason: reason ?? "cannot be read")
    }
}

/// The second line a child reads once it has said what it planned: render to `output`, or stop.
struct RenderChildGo: Codable, Sendable {
    var output: String?
    /// A job with `outputs`: where each of them goes, by name (then `output` is nil).
    var outputs: [String: String]?
    /// A progressive output kept elsewhere (a bucket): its files are put by the parent, which holds
    /// the account, each as the child reports it (`RelayedLiveOutput`).
    var relay = false
    /// A job with `outputs`: the progressive ones kept elsewhere, by name, whose files are relayed so.
    var relayedOutputs: [String]?
}

/// The parent's answer to a relayed put: done, or why not.
struct RenderChildAck: Codable, Sendable {
    var error: String?
}

/// One line a child writes on its standard output.
struct RenderChildReport: Codable, Sendable {
    /// What the sandbox holds (the first line).
    var sandbox: SandboxReport?
    /// The plan's facts the parent needs before the render (its output's name, whether it is cut
    /// into chunks).
    var planned: PlannedOutput?
    var progress: Double?
    /// A sign of life while a task without frames works (solving levels): the watchdog's, not progress.
    var alive: Bool?
    var done: RenderedSummary?
    /// A progressive join is ready for its next step: it began its output, or appended the chunk
    /// it was given (a put of its files is answered before this, never mistaken for a step).
    var ready: Bool?
    var failure: ReportedFailure?
    /// A progressive output's file to make visible (`RelayedLiveOutput`): as it is in the output's
    /// folder, or, with `bytes` (base64), as the child read it.
    var put: String?
    var bytes: String?
    /// The named output (of a job with `outputs`) whose file `put` is.
    var output: String?
}

struct SandboxReport: Codable, Sendable, Equatable, CustomStringConvertible {
    var noNewPrivileges = false
    var seccomp = false
    var network = false
    var memoryLimit = false
    /// Only the files its `ChildAccess` names can be opened (Landlock).
    var landlock = false

    /// What holds, for the job's log lines (`none` for a child with `sandbox: off` and no limit).
    var description: String {
        let held = [(noNewPrivileges, "no-new-privs"), (seccomp, "seccomp"), (landlock, "landlock"), (network, "netns"),
                    (memoryLimit, "memory-limit")]
            .filter(\.0).map(\.1)
        return held.isEmpty ? "none" : held.joined(separator: ",")
    }
}

struct PlannedOutput: Codable, Sendable {
    /// `OutputFormat`'s raw value.
    var format: String
    var progressive: Bool
    /// The output's duration as `Time` prints it (what a job's output records).
    var duration: String
    /// How many chunks the render would be cut into (asked of the planner), at `chunkSeconds` each.
    var chunks: Int
    var chunkSeconds: Int?
    /// With more than one: each chunk's frames (`[lower, upper)`), the output's frame count, and
    /// whether a loudness target needs levels solved first: what the job's own worker cuts and
    /// joins by without planning the spec itself.
    var ranges: [[Int64]]?
    var frames: Int64?
    var loudnessTarget: Bool?
    /// A job with `outputs`: each one's name, format and duration, in the spec's order (the
    /// members above are then the first output's; such a job is not cut).
    var outputs: [PlannedNamedOutput]?
}

/// One of a job's named outputs as the child planned it.
struct PlannedNamedOutput: Codable, Sendable, Equatable {
    var name: String
    /// `OutputFormat`'s raw value.
    var format: String
    var duration: String
}

/// What a finished render reports for the job's output record.
struct RenderedSummary: Codable, Sendable {
    /// The levels a `levels` task solved.
    var levels: LoudnessLevels?
    var copiedFrames: Int64?
    var encodedFrames: Int64?
    var firstSegmentSeconds: Double?
    var loudness: [Double?]?
    /// A job with `outputs`: each one's summary, by name.
    var outputs: [String: RenderedSummary]?
}

/// A failure the child caught itself: how the run's outcome is decided (`RunOutcome` in the
/// child), and its text.
struct ReportedFailure: Codable, Sendable {
    var code: String
    var retry: Bool
    var message: String
    /// The failure was an allocation refused (the memory limit reached).
    var memory = false
}

/// The limits of one child, from `limits` in the configuration.
public struct ChildLimits: Codable, Sendable, Equatable {
    /// Private writable memory (RLIMIT_DATA), MiB; 0: none.
    public var memoryMiB: Int
    /// No progress for this long stops the child.
    public var stallSeconds: Double

    public init(memoryMiB: Int = 2048, stallSeconds: Double = 60) {
        self.memoryMiB = memoryMiB
        self.stallSeconds = stallSeconds
    }
}

/// How much of the sandbox a child must have: `auto` what the kernel offers (said in the log at
/// start), `required` refuses to start without no-new-privileges and the seccomp filter, `off`
/// none (limits still apply).
public enum SandboxMode: String, Codable, Sendable, CaseIterable {
    case auto, required, off
}

extension JSONEncoder {
    /// One report or request as one line.
    static func line<T: Encodable>(_ value: T) -> String {
        (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? "{}"
    }
}
