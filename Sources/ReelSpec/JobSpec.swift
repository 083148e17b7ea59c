/// A version-1 job: what to render (`timeline`) and how to write it (`output`, or several named
/// `outputs` from one render). docs/SPEC.md.
public struct JobSpec: Sendable, Equatable {
    public var version: Int
    /// The one output; for a spec with `outputs`, the first of them (what code that knows one
    /// output reads; `renderedOutputs` is the list).
    public var output: OutputSpec
    /// The named outputs (1–8) when the spec gives `outputs`; nil for the one-`output` form.
    public var outputs: [NamedOutput]?
    /// Where `outputs` is in the job: `/outputs`, or the OTIO file's `metadata.reel.outputs` they
    /// were read from, so a problem of one is put where the user wrote it.
    public var outputsPointer = "/outputs"
    public var timeline: TimelineSpec
    /// Where the server reports the job's events; ignored by the CLI.
    public var webhook: WebhookSpec?
    /// The caller's own context (any JSON object, at most `metadataBytes` compact), kept with the
    /// job and echoed in its JSON and every webhook; Reel never reads it.
    public var metadata: JSONValue?
    public static let metadataBytes = 16_384
    /// Where the job goes among its key's queued jobs (docs/API.md (batches)): `high` before `normal`
    /// before `low`, oldest first within each; keys take turns whatever their jobs' priorities.
    public var priority: JobPriority = .normal
    /// For a timeline read from OpenTimelineIO, where each of its parts came from in the job, so
    /// problems found while planning name the user's place; nil for Reel's own timelines.
    public var timelinePointers: PointerMap?

    public init(version: Int = 1, output: OutputSpec = OutputSpec(), timeline: TimelineSpec = TimelineSpec(),
                webhook: WebhookSpec? = nil) {
        self.version = version
        self.output = output
        self.timeline = timeline
        self.webhook = webhook
    }

    /// Every output the spec asks for, each with its name (nil for the one `output`) and the JSON
    /// pointer of its settings, in spec order.
    public var renderedOutputs: [(name: String?, spec: OutputSpec, pointer: String)] {
        guard let outputs else { return [(nil, output, "/output")] }
        return outputs.enumerated().map { i, o in (o.name, o.spec, "\(outputsPointer)/\(i)") }
    }

    /// The spec with its `i`-th output alone, as the one `output`: what that output of a
    /// many-output job must look like (the contract's equality bar), and how it is planned.
    public func alone(_ i: Int) -> JobSpec {
        guard let outputs else { return self }
        var spec = self
        spec.output = outputs[i].spec
        spec.outputs = nil
        return spec
    }
}

/// The timeline in AVFoundation's editing model: sequential videos joined by transitions, overlays
/// above them, and audio items mixed beneath.
public struct TimelineSpec: Sendable, Equatable {
    public var videos: [VideoItem] = []
    /// `transitions[i]` joins `videos[i]` and `videos[i+1]`; nil is a cut.
    public var transitions: [TransitionSpec?] = []
    public var overlays: [OverlaySpec] = []
    public var voiceOvers: [AudioItem] = []
    public var music: [AudioItem] = []

    public init() {}

    /// The JSON pointer of the first item that reads `src` (an item inside a group included).
    public func pointer(ofSource src: String) -> String? {
        if let i = videos.firstIndex(where: { if case .media(src) = $0.content { return true } else { return false } }) {
            return "/timeline/videos/\(i)/src"
        }
        var found: String?
        for (i, overlay) in overlays.enumerated() where found == nil {
            overlay.walk(pointer: "/timeline/overlays/\(i)") { o, ptr in
                guard found == nil else { return }
                switch o.content {
                case .image(let s), .video(let s, _, _, _): if s == src { found = ptr + "/src" }
                case .lottie(let l): if l.src == src { found = ptr + "/src" }
                case .text, .captions, .shape, .group, .waveform: break
                }
                if found == nil, o.mask?.src == src { found = ptr + "/mask/src" }
            }
        }
        if let found { return found }
        if let i = videos.firstIndex(where: { $0.mask?.src == src }) { return "/timeline/videos/\(i)/mask/src" }
        if let i = transitions.firstIndex(where: { $0?.matte?.src == src }) { return "/timeline/transitions/\(i)/src" }
        if let i = voiceOvers.firstIndex(where: { $0.src == src }) { return "/timeline/voiceOvers/\(i)/src" }
        if let i = music.firstIndex(where: { $0.src == src }) { return "/timeline/music/\(i)/src" }
        return nil
    }

    /// Every media `src` the timeline names, in spec order, each once: what a renderer must resolve
    /// and probe before it can plan.
    public var mediaSources: [String] {
        var all: [String] = []
        for v in videos { if case .media(let src) = v.content { all.append(src) } }
        var overlaySources: [String] = [], maskSources: [String] = []
        for (i, overlay) in overlays.enumerated() {
            overlay.walk(pointer: "/timeline/overlays/\(i)") { o, _ in
                switch o.content {
                case .image(let src), .video(let src, _, _, _): overlaySources.append(src)
                case .text, .captions, .shape, .group, .waveform, .lottie: break
                }
                if let m = o.mask?.src { maskSources.append(m) }
            }
        }
        all += overlaySources
        all += videos.compactMap { $0.mask?.src } + maskSources
        all += transitions.compactMap { $0?.matte?.src }
        all += voiceOvers.map(\.src) + music.map(\.src)
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }

    /// The media sources a node fetches before it renders (web and bucket URLs), in spec order.
    public var remoteSources: [String] { mediaSources.filter { SourceScheme($0).isRemote } }
}
