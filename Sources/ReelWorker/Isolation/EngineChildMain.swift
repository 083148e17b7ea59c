import Foundation
import Logging
import ReelEngine
import ReelSpec

/// A warm engine child (`reel child engine`, started by `EngineChildren`): sandboxed once, then it
/// serves one request after another from its parent: a spec planned (a submit's, a validate's, a
/// batch row's judgement), a preview frame drawn from the preview contexts it keeps open, a job's
/// timeline written as OTIO. Whatever the planner or the engine does with a hostile spec happens
/// here; a crash, a stall or a memory limit ends this process and its parent says so.
public enum EngineChildMain {
    private static let watch = AllocationWatch()

    public static func run() -> Int32 {
        var input = LineReader(fd: 0)
        guard let first = input.next(), let hello = try? JSONDecoder().decode(EngineHello.self, from: Data(first.utf8)) else { return 2 }
        do {
            _ = try ChildSandbox.apply(hello.sandbox, limits: hello.limits, access: hello.access)
        } catch {
            reply(EngineReply(failure: "\(error)"))
            return 3
        }
        watch.start(jobID: "")
        let contexts = PreviewContexts(capacity: 8)
        reply(EngineReply())  // ready
        while let line = input.next() {
            guard let request = try? JSONDecoder().decode(EngineRequest.self, from: Data(line.utf8)) else {
                reply(EngineReply(failure: "the engine process got a request it could not read"))
                continue
            }
            let resolver = ResolvedSource.resolver(mediaRoot: hello.mediaRoot, sources: request.sources)
            FFmpegLog.whileHandling(request: request.requestID ?? "engine") {
                switch request.kind {
                case .plan: plan(request, resolver)
                case .preview: preview(request, resolver, contexts)
                case .timeline: timeline(request, resolver)
                case .probe, .waveform, .examine: file(request)
                case .thumbnail: thumbnail(request)
                }
            }
        }
        return 0
    }

    /// What planning found, as a reply: the plan, the spec's problems, or a source unavailable.
    private enum Verdict {
        /// The first (the one) output's plan, and every output's.
        case planned(RenderPlan, JobPlan)
        case refused(EngineReply)
    }

    private static func judge(_ text: String, _ resolver: SourceResolver) -> Verdict {
        let json: JSONValue
        do { json = try JSONParser.parse(Array(text.utf8)) } catch { return .refused(EngineReply(failure: "the spec is not JSON: \(error)")) }
        let planning = SpecPlanning(resolver: resolver)
        switch planning.plan(json: json) {
        case .success(let planned): return .planned(planned.plan, planned.outputs)
        case .failure(let failure):
            if let problems = planning.problems(of: failure, json: json) {
                return .refused(EngineReply(problems: problems.map { [$0.pointer, $0.message] }))
            }
            if case .unplannable(_, let e as RenderError) = failure, e.isRetryable {
                if case .source(let pointer, _, _) = e { return .refused(EngineReply(unavailable: pointer)) }
                return .refused(EngineReply(unavailable: ""))
            }
            return .refused(EngineReply(failure: "\(failure)"))
        }
    }

    /// The facts the API judges a spec by: its first output's size and length, each other
    /// output's (the cost limit counts every output's pixels), and the summary of them all.
    private static func facts(_ outputs: JobPlan) -> PlanFacts {
        var first = facts(outputs.outputs[0].plan, summary: PlanSummary.valid(outputs))
        // A spec with `outputs` (one or more) says so by `others`, so a problem is put at `/outputs`.
        if outputs.outputs[0].name != nil { first.others = outputs.outputs.dropFirst().map { facts($0.plan, summary: .null) } }
        return first
    }

    /// One plan's facts, with `summary` (default: the plan's own as the one output).
    private static func facts(_ plan: RenderPlan, summary: JSONValue? = nil) -> PlanFacts {
        PlanFacts(width: plan.width, height: plan.height, frameCount: plan.frameCount, audioOnly: plan.format.isAudioOnly,
                  summary: (summary ?? PlanSummary.valid(plan)).serialized)
    }

    private static func plan(_ request: EngineRequest, _ resolver: SourceResolver) {
        switch judge(request.spec, resolver) {
        case .planned(_, let outputs): reply(EngineReply(planned: facts(outputs)))
        case .refused(let answer): reply(answer)
        }
    }

    /// A refusal carried out of `PreviewContexts.context(for:make:)`.
    private struct Refused: Error { let answer: EngineReply }

    private static func preview(_ request: EngineRequest, _ resolver: SourceResolver, _ contexts: PreviewContexts) {
        guard let key = request.context, let format = request.format.flatMap(PreviewFormat.init(rawValue:)),
              let value = request.timeValue, let scale = request.timeScale, scale > 0 else {
            return reply(EngineReply(failure: "a preview request without its context, format or time"))
        }
        let started = ContinuousClock.now
        let context: PreviewContext, reused: Bool
        do {
            (context, reused) = try contexts.context(for: key) {
                switch judge(request.spec, resolver) {
                case .planned(let plan, let plans):
                    guard let name = request.output else { return PreviewContext(plan: plan, format: format) }
                    let named = plans.outputs.compactMap(\.name)
                    guard let chosen = plans.outputs.first(where: { $0.name == name }) else {
                        var answer = EngineReply(planned: facts(plan))
                        answer.problems = [["/output", named.isEmpty ? "is for a spec with outputs; this one has one output"
                                                                     : "names no output of the spec (its outputs: \(named.joined(separator: ", ")))"]]
                        throw Refused(answer: answer)
                    }
                    return PreviewContext(plan: chosen.plan, format: format)
                case .refused(let answer): throw Refused(answer: answer)
                }
            }
        } catch let e as Refused {
            return reply(e.answer)
        } catch {
            return reply(EngineReply(failure: "\(error)"))
        }
        let planned = ContinuousClock.now
        var answer = EngineReply(planned: facts(context.plan))
        let time = Time(value: value, timescale: scale)
        var problems: [[String]] = []
        if !(time < context.duration) {
            problems.append(["/time", "is at or after the timeline's end (\(context.duration.description) s)"])
        }
        if let w = request.width, w > context.plan.width {
            problems.append(["/width", "is wider than the output (\(context.plan.width) px); a preview is scaled down only"])
        }
        if !problems.isEmpty {
            answer.problems = problems
            return reply(answer)
        }
        do {
            let image = try context.image(at: time, width: request.width)
            answer.bytes = image.bytes.count
            answer.image = PreviewFacts(frameValue: image.frameTime.value, frameScale: image.frameTime.timescale, draw: image.timing.draw,
                                        encode: image.timing.encode, reused: reused, plan: (planned - started).seconds)
            reply(answer, bytes: image.bytes)
        } catch {
            answer.failure = "\(error)"
            answer.retryable = (error as? RenderError)?.isRetryable ?? true
            reply(answer)
        }
    }

    private static func timeline(_ request: EngineRequest, _ resolver: SourceResolver) {
        switch judge(request.spec, resolver) {
        case .planned(let plan, let plans):
            guard let json = try? JSONParser.parse(Array(request.spec.utf8)) else { return reply(EngineReply(failure: "the spec is not JSON")) }
            // A job with `outputs`: `outputURL` is the folder each is at, as `/{name}`.
            let media = request.outputURL.map { url in
                plans.outputs.map { OTIOWriter.OutputMedia(name: $0.name, url: $0.name.map { url + "/" + $0 } ?? url, plan: $0.plan) }
            } ?? []
            let otio = Array(OTIOWriter.timeline(plan, spec: json, name: request.name ?? "", outputs: media).serialized.utf8)
            reply(EngineReply(bytes: otio.count), bytes: otio)
        case .refused(let answer): reply(answer)
        }
    }

    /// A file's probe, waveform or examination (the parent resolved its path and checked its rules).
    private static func file(_ request: EngineRequest) {
        guard let path = request.path else { return reply(EngineReply(failure: "a request without its file")) }
        let src = request.src ?? "the file"
        do {
            switch request.kind {
            case .probe:
                let json = Array(try MediaProbe.probe(path: path).json.serialized.utf8)
                reply(EngineReply(bytes: json.count), bytes: json)
            case .waveform:
                let json = Array(try Waveform.read(path: path, pointsPerSecond: request.pointsPerSecond ?? 100).json.serialized.utf8)
                reply(EngineReply(bytes: json.count), bytes: json)
            default:
                examine(path)
            }
        } catch let f as FFmpegError {
            reply(EngineReply(problems: [["/src", "\"\(src)\" cannot be read as media: \(f.message)"]]))
        } catch let w as Waveform.Failure {
            reply(EngineReply(problems: [["/src", "\"\(src)\" \(w)"]]))
        } catch {
            reply(EngineReply(problems: [["/src", "\"\(src)\" cannot be read as media"]]))
        }
    }

    /// A finished output's picture at a time (its parent found the output and checked the query):
    /// Reel's own file, but one made from untrusted input, read with FFmpeg's demuxers and decoders.
    private static func thumbnail(_ request: EngineRequest) {
        guard let path = request.path, let value = request.timeValue, let scale = request.timeScale, scale > 0 else {
            return reply(EngineReply(failure: "a thumbnail request without its file or time"))
        }
        do {
            let jpeg = try ThumbnailGenerator.jpeg(path: path, at: Time(value: value, timescale: scale), width: request.width)
            reply(EngineReply(bytes: jpeg.count), bytes: jpeg)
        } catch MediaError.noPicture(_, let time) {
            reply(EngineReply(problems: [["/time", "the output shows no picture at \(time?.description ?? "that time") s"]]))
        } catch let f as FFmpegError {
            reply(EngineReply(failure: "the output cannot be read: \(f.message)"))
        } catch {
            reply(EngineReply(failure: "the thumbnail could not be made: \(error)"))
        }
    }

    /// What an upload is, told by its first bytes and checked by its kind's probe; a refusal says
    /// why in the probe's words (never a path).
    private static func examine(_ path: String) {
        let told = AssetKind.told(byFirstBytesOf: path)
        do {
            let probe: JSONValue, kind: AssetKind, type: String
            if let told {
                switch told {
                case .font: probe = try FontProbe.probe(path: path)
                case .captions: probe = try CaptionProbe.probe(path: path)
                default: probe = try LottieProbe.probe(path: path)
                }
                (kind, type) = (told, AssetContentType.of(file: path, kind: told))
            } else {
                let info = try MediaProbe.probe(path: path)
                (probe, kind) = (info.json, AssetKind.of(media: info))
                type = AssetContentType.of(media: info, kind: kind)
            }
            let json = Array(probe.serialized.utf8)
            var answer = EngineReply(bytes: json.count, kind: kind.rawValue)
            answer.contentType = type
            reply(answer, bytes: json)
        } catch let e as TextError {
            reply(EngineReply(refusal: ["not-a-font", "Not a readable font", "the upload looks like a font but \(e)"]))
        } catch let e as CaptionParseError {
            reply(EngineReply(refusal: ["not-captions", "Not a readable caption file", "the upload looks like SRT or WebVTT but does not parse: \(e)"]))
        } catch let e as LottieProbe.Failure {
            reply(EngineReply(refusal: ["not-lottie", "Not a readable Lottie file",
                                        "the upload is a JSON object but not a Lottie animation Reel can read: \(e)"]))
        } catch {
            // FFmpeg's words only: the error's own description names the file's path.
            let why = (error as? FFmpegError)?.message ?? "it holds no stream Reel can read"
            reply(EngineReply(refusal: ["not-media", "Not readable media",
                                        "the upload is not a media file, font, caption file or Lottie file Reel can read: \(why)"]))
        }
    }

    /// One reply line, then `bytes`.
    private static func reply(_ r: EngineReply, bytes: [UInt8] = []) {
        var out = Array(JSONEncoder.line(r).utf8)
        out.append(UInt8(ascii: "\n"))
        out += bytes
        var sent = 0
        while sent < out.count {
            let n = out[sent...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { exit(4) }  // the parent is gone
            sent += n
        }
    }
}
