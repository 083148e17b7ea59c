/// Turns job-spec JSON into a `JobSpec`, or into every problem the spec has, each with its JSON
/// pointer (docs/SPEC.md). Validation happens here, before a job is queued, so the
/// engine can trust what it is given; what the engine cannot render yet is `SupportCheck`'s business.
public enum SpecDecoder {
    /// Parses and decodes a spec file or request body. A JSON syntax error is a single problem at
    /// the root; otherwise every problem in the document is reported.
    public static func decode(_ bytes: [UInt8]) -> Result<JobSpec, SpecProblems> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            let message = (error as? JSONParser.SyntaxError)?.description ?? "invalid JSON: \(error)"
            return .failure(SpecProblems([SpecProblem(pointer: "", message: message)]))
        }
        return decode(json: json)
    }

    /// Decodes an already parsed document (the server parses request bodies itself).
    public static func decode(json: JSONValue) -> Result<JobSpec, SpecProblems> {
        let problems = ProblemCollector()
        let spec = Field(value: json, pointer: "", problems: problems).object(jobSpec)
        if problems.isEmpty, let spec { return .success(spec) }
        return .failure(SpecProblems(problems.problems))
    }

    private static func jobSpec(_ r: ObjectReader) -> JobSpec? {
        if let f = r.required("version"), let v = f.int(), v != 1 { f.report("must be 1") }
        // The JSON Schema an editor checks the spec against (docs/SPEC.md): for editors only.
        _ = r.field("$schema")?.string(maxLength: 2048)
        var output = DecodedOutput()
        var named: [DecodedNamedOutput]?
        var outputsPointer = "/outputs"
        if let f = r.field("outputs") {
            if r.has("output") { f.report("cannot be given together with output: give that output's settings as one of outputs") }
            named = outputs(f)
        } else if let f = savedOutputs(r) {
            named = outputs(f)
            outputsPointer = f.pointer
        } else if let f = outputField(r), let o = f.object({ Optional(SpecDecoder.output($0)) }) {
            output = o
        }
        if let first = named?.first { output = first.output }
        r.skip(["output"])
        let webhook = r.field("webhook")?.object(SpecDecoder.webhook)
        let metadata = r.field("metadata").flatMap(SpecDecoder.metadata)
        let priority = r.field("priority")?.enumCase(JobPriority.self) ?? .normal
        let outputs = named?.map { NamedOutput(name: $0.name ?? "", spec: $0.output.spec) }
        var spec = decodeTimeline(r, output: output, outputs: outputs, videoFormat: videoFormat(named?.map(\.output) ?? [output]),
                                  webhook: webhook)
        spec?.metadata = metadata
        spec?.priority = priority
        spec?.outputsPointer = outputsPointer
        return spec
    }

    /// The format whose needs decide whether the timeline must have videos: the first output that
    /// is not audio-only, else m4a when every output is; nil when a format was invalid, so the check
    /// is skipped rather than guessed.
    private static func videoFormat(_ outputs: [DecodedOutput]) -> OutputFormat? {
        let formats = outputs.map(\.format)
        if let moving = formats.first(where: { $0.map { !$0.isAudioOnly } ?? false }) { return moving }
        return formats.contains(where: { $0 == nil }) ? nil : .m4a
    }

    /// The spec's `output`; for an OTIO timeline Reel wrote, with the settings its
    /// `metadata.reel.output` keeps (size, rate, format…) under each member the spec gives itself,
    /// so a `.otio` file renders at its own size through the API as through `reel render`.
    private static func outputField(_ r: ObjectReader) -> Field? {
        let own = r.field("output")
        guard case .object(let saved)? = r.peek("otio")?.member("metadata")?.member("reel")?.member("output") else { return own }
        guard let own else { return Field(value: .object(saved), pointer: "/otio/metadata/reel/output", problems: r.problems) }
        guard case .object(let members) = own.value else { return own }
        let merged = saved.filter { s in !members.contains { $0.key == s.key } } + members
        return Field(value: .object(merged), pointer: own.pointer, problems: r.problems)
    }

    /// An OTIO timeline Reel wrote for a job with `outputs` keeps them in `metadata.reel.outputs`: the
    /// outputs of a spec that gives neither `output` nor `outputs` itself.
    private static func savedOutputs(_ r: ObjectReader) -> Field? {
        guard !r.has("output"), let saved = r.peek("otio")?.member("metadata")?.member("reel")?.member("outputs") else { return nil }
        return Field(value: saved, pointer: "/otio/metadata/reel/outputs", problems: r.problems)
    }

    /// The spec's `metadata`: an object of any JSON, bounded.
    private static func metadata(_ f: Field) -> JSONValue? {
        guard case .object = f.value else {
            f.report("must be an object (any JSON inside, up to \(JobSpec.metadataBytes) bytes)")
            return nil
        }
        let size = f.value.serialized.utf8.count
        guard size <= JobSpec.metadataBytes else {
            f.report("is \(size) bytes as compact JSON; at most \(JobSpec.metadataBytes)")
            return nil
        }
        return f.value
    }

    /// The timeline, Reel's own or read from `otio`, with the output and webhook decoded before.
    /// `outputs`: the named outputs, when the spec gives them (`output` is then the first).
    private static func decodeTimeline(_ r: ObjectReader, output: DecodedOutput, outputs: [NamedOutput]?, videoFormat: OutputFormat?,
                                       webhook: WebhookSpec?) -> JobSpec? {
        if r.has("otio") {
            // An OpenTimelineIO timeline stands in for Reel's own (docs/API.md (OpenTimelineIO)).
            r.reject("timeline", "cannot be given together with otio")
            let relink = r.field("relink")?.object { m -> [String: String]? in
                var map: [String: String] = [:]
                for (key, f) in m.remainingFields() { if let src = f.string(maxLength: 4096) { map[key] = src } }
                return map
            } ?? [:]
            guard let otio = r.field("otio").flatMap({ otio($0, relink: relink, background: output.spec.background ?? .black) }) else {
                return nil
            }
            var spec = JobSpec(version: 1, output: output.spec, timeline: otio.timeline, webhook: webhook)
            spec.outputs = outputs
            // The timeline's markers become chapters (of every output that gives none) and its
            // start the files' start timecode.
            func place(_ o: inout OutputSpec) {
                if o.chapters.isEmpty { o.chapters = otio.chapters }
                o.startTimecode = otio.start
            }
            place(&spec.output)
            for i in spec.outputs?.indices ?? 0..<0 { place(&spec.outputs![i].spec) }
            spec.timelinePointers = otio.pointers
            return spec
        }
        r.reject("relink", "is only used with otio")
        guard let timeline = r.required("timeline")?.object({ timeline($0, format: videoFormat) }) else {
            return nil
        }
        var spec = JobSpec(version: 1, output: output.spec, timeline: timeline, webhook: webhook)
        spec.outputs = outputs
        return spec
    }

    /// The timeline; `format` is the output format when known, since an m4a output needs no videos.
    private static func timeline(_ r: ObjectReader, format: OutputFormat?) -> TimelineSpec? {
        var t = TimelineSpec()
        // Items stay aligned with their indices (nil where invalid) for the transition checks.
        var videos: [VideoItem?]?
        if let f = r.field("videos") {
            videos = f.array()?.map(videoItem)
        } else {
            videos = []
        }
        if let videos, videos.isEmpty, let format, !format.isAudioOnly {
            r.report("videos", "needs at least one video item")
        }
        if let f = r.field("transitions"), let items = f.array() {
            let transitions = items.map { $0.value == .null ? nil : transition($0) }
            if let videos {
                checkTransitions(transitions, fields: items, videos: videos, at: f)
            }
            t.transitions = transitions
        }
        t.overlays = r.field("overlays")?.array()?.compactMap(overlay) ?? []
        let voiceOvers = r.field("voiceOvers")?.array() ?? []
        let music = r.field("music")?.array() ?? []
        t.voiceOvers = voiceOvers.compactMap { audioItem($0, isMusic: false) }
        let musicItems = music.map { audioItem($0, isMusic: true) }
        t.music = musicItems.compactMap { $0 }
        // A looping music item plays to the end of the timeline, so nothing after it could be heard.
        if let firstLoop = musicItems.firstIndex(where: { $0?.loop == true }), firstLoop + 1 < music.count {
            for later in music[(firstLoop + 1)...] {
                later.report("follows the looping music item \(firstLoop), which plays to the end of the timeline")
            }
        }
        if format == .m4a, videos?.isEmpty == true, voiceOvers.isEmpty, music.isEmpty {
            r.reportHere("needs at least one video or audio item")
        } else if videos?.isEmpty == true, voiceOvers.isEmpty, !music.isEmpty, musicItems.allSatisfy({ $0?.loop == true }) {
            r.report("music", "loops with nothing to end the timeline: add a voice-over, a video, or a music item without loop")
        }
        t.videos = videos?.compactMap { $0 } ?? []
        return t
    }
}
