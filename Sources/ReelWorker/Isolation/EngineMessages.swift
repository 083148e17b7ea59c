import Foundation

/// The first line an engine child reads: what every request it serves shares.
struct EngineHello: Codable, Sendable {
    var mediaRoot: String
    var limits: ChildLimits
    var sandbox: SandboxMode
    /// What an engine child may open: every file a request may name (`EngineChildren.access`).
    var access: ChildAccess
}

/// One request to a warm engine child (`EngineChildMain`): plan a spec (what a submit, a validate
/// and a batch row ask), draw a preview frame, write a job's timeline as OTIO, probe a source, read
/// its waveform, examine an upload, or draw a finished output's thumbnail. The spec is the client's JSON text; its `upload:` and web
/// sources come resolved by the parent, with the key's project's uploads only; a probe's, a
/// waveform's, an examination's and a thumbnail's file comes as a path the parent resolved.
struct EngineRequest: Codable, Sendable {
    enum Kind: String, Codable, Sendable { case plan, preview, timeline, probe, waveform, examine, thumbnail }

    var kind: Kind
    /// The HTTP request it serves: FFmpeg's messages in the child name it, as they would here.
    var requestID: String?
    var spec: String
    var sources: [String: ResolvedSource]
    /// A preview's context (the key, format and spec it was planned for), its time and format; a
    /// thumbnail's time and width.
    var context: String?
    var format: String?
    var timeValue: Int64?
    var timeScale: Int32?
    var width: Int?
    /// A timeline's job id and output link (for a job with `outputs`, the folder each is at as `/{name}`).
    var name: String?
    var outputURL: String?
    /// A probe's, a waveform's or an examination's file, the `src` the client named it by, and a
    /// waveform's points per second.
    var path: String?
    var src: String?
    var pointsPerSecond: Int?
    /// A preview of a spec with `outputs`: the one drawn (nil: the first).
    var output: String? = nil
}

/// The answer, one line; a preview's or a timeline's bytes follow it (`bytes` of them).
public struct EngineReply: Codable, Sendable {
    /// A spec that planned: the facts a submit needs, and the validate verdict's text.
    public var planned: PlanFacts?
    /// The spec's problems (each `[pointer, message]`), as the planner or the source check found them.
    public var problems: [[String]]?
    /// A source that could not be reached for a reason that may pass, at its pointer.
    public var unavailable: String?
    /// A preview drawn (or a timeline written): its bytes follow the line.
    public var bytes: Int?
    public var image: PreviewFacts?
    /// A failure that is not the spec's problem (a frame that could not be drawn, say), and whether
    /// the same request could succeed later.
    public var failure: String?
    public var retryable = false
    /// An upload's kind (`AssetKind`), its probe as the reply's bytes; or why it was refused
    /// (`[type, title, detail]` of the API's problem).
    public var kind: String?
    /// The upload's media type as its examination found it (`AssetContentType`).
    public var contentType: String?
    public var refusal: [String]?

    public init(planned: PlanFacts? = nil, problems: [[String]]? = nil, unavailable: String? = nil, bytes: Int? = nil,
                image: PreviewFacts? = nil, failure: String? = nil, retryable: Bool = false, kind: String? = nil, refusal: [String]? = nil) {
        self.kind = kind
        self.refusal = refusal
        self.planned = planned
        self.problems = problems
        self.unavailable = unavailable
        self.bytes = bytes
        self.image = image
        self.failure = failure
        self.retryable = retryable
    }
}

/// What the API needs of a plan without holding it: the cost check's numbers and the verdict.
public struct PlanFacts: Codable, Sendable {
    public var width: Int
    public var height: Int
    public var frameCount: Int64
    public var audioOnly: Bool
    /// `PlanSummary.valid`'s JSON text.
    public var summary: String
    /// A job with `outputs`: the facts of each output after the first (these are the first's); nil
    /// for a job with one `output`.
    public var others: [PlanFacts]?

    /// This output's and every other's.
    public var all: [PlanFacts] { [self] + (others ?? []) }
}

/// A drawn preview's facts, beside its bytes.
public struct PreviewFacts: Codable, Sendable {
    public var frameValue: Int64
    public var frameScale: Int32
    public var draw: Double
    public var encode: Double
    /// Whether the child's context for the spec was open already.
    public var reused: Bool
    public var plan: Double
}
