import Foundation
import ReelEngine
import ReelHTTP
import ReelSpec
import ReelWorker

extension APIHandler {
    /// `POST /v1/preview` `{spec | template + merge, time, format, width}` (docs/API.md (previews)): the
    /// output frame whose interval holds `time`, drawn by the render engine (`PreviewContext`) as a
    /// PNG or JPEG. The spec is judged as `POST /v1/jobs` judges it (its problems at pointers under
    /// `/spec`, or into the merged spec for a template); the request's own members at theirs.
    /// Previews of one spec in a row share a context (`previews`): planned once, decoders kept open.
    /// `Server-Timing` says where the time went (plan, draw, encode); `Reel-Frame-Time` gives the
    /// frame's time in seconds.
    func preview(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let request = try PreviewRequest(try jsonObject(r))
        let started = ContinuousClock.now
        let spec: JSONValue
        var templateID: String?
        if let tpl = request.template {
            let merged = try mergedTemplate([("template", .string(tpl))] + (request.merge.map { [("merge", $0)] } ?? []), key: key)
            spec = merged.spec
            templateID = merged.templateID
        } else {
            spec = request.spec!
        }
        let contextKey = "\(key)\u{0}\(request.format.rawValue)\u{0}\(APIHandler.bodyHash(spec))"
        // Judged as a submit judges it (the server's own rules here, the plan in an engine child,
        // which keeps the context open for the next frame), drawn there too.
        let decoded = SpecDecoder.decode(json: spec)
        let (reply, bytes) = try engineAnswer {
            try engine.preview(spec: spec.serialized, sources: sources(of: spec, key: key), context: contextKey, format: request.format.rawValue,
                               timeValue: request.time.value, timeScale: request.time.timescale, width: request.width)
        }
        // The request's own members (`/time`, `/width`) are refused at theirs; the spec's under `/spec`.
        if let problems = reply.problems, reply.planned != nil {
            throw ProblemError(.validation(problems.map { SpecProblem(pointer: $0.first ?? "", message: $0.dropFirst().first ?? "") }))
        }
        _ = try templateID.map { id in try inMergedSpec(id) { try judged(reply, decoded, spec) } } ?? underSpec { try judged(reply, decoded, spec) }
        guard let image = reply.image else {
            let message = pool.sourceNames(of: spec.serialized).clientFacing(reply.failure ?? "the frame could not be drawn")
            if reply.retryable {
                throw ProblemError(Problem(status: 503, type: "preview-unavailable", title: "The frame cannot be drawn now", detail: message,
                                           headers: [("Retry-After", "5")]))
            }
            throw ProblemError(Problem(status: 422, type: "preview-failed", title: "The frame could not be drawn", detail: message))
        }
        var h = HTTPHeaders()
        h.set("Content-Type", request.format == .png ? "image/png" : "image/jpeg")
        h.set("Cache-Control", "no-store")
        h.set("Reel-Frame-Time", Time(value: image.frameValue, timescale: image.frameScale).description)
        h.set("Server-Timing", "plan;dur=\(Self.ms(image.plan));desc=\"\(image.reused ? "context reused" : "planned")\", "
              + "draw;dur=\(Self.ms(image.draw)), encode;dur=\(Self.ms(image.encode)), "
              + "total;dur=\(Self.ms((ContinuousClock.now - started).seconds));desc=\"in the server, with the engine process's\"")
        return HTTPResponse(status: 200, headers: h, body: .bytes(bytes))
    }

    /// `body`, whose validation problems are at pointers into the request's `spec` member.
    private func underSpec<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as ProblemError where e.problem.type == "validation" {
            throw ProblemError(.validation(e.problem.errors.map { SpecProblem(pointer: "/spec" + $0.pointer, message: $0.message) },
                                           detail: e.problem.detail))
        }
    }

    /// Milliseconds to a tenth, as `Server-Timing` writes them.
    private static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// The members of a `POST /v1/preview` body, each checked at its pointer.
struct PreviewRequest {
    var spec: JSONValue?
    var template: String?
    var merge: JSONValue?
    var time: Time
    var format: PreviewFormat
    var width: Int?

    init(_ members: [(key: String, value: JSONValue)]) throws {
        var problems: [SpecProblem] = []
        let known: Set = ["spec", "template", "merge", "time", "format", "width"]
        problems += members.filter { !known.contains($0.key) }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        let value = { (name: String) in members.first(where: { $0.key == name })?.value }
        switch (value("spec"), value("template")) {
        case (.object?, nil): spec = value("spec")
        case (let s?, nil): problems.append(SpecProblem(pointer: "/spec", message: "must be a job spec object, found \(s.typeName)"))
        case (nil, .string(let id)?): template = id
        case (nil, _?): problems.append(SpecProblem(pointer: "/template", message: "must be a template id"))
        case (nil, nil): problems.append(SpecProblem(pointer: "", message: "needs a spec, or a template (with merge values)"))
        case (_?, _?): problems.append(SpecProblem(pointer: "/template", message: "cannot be given with spec; give one of them"))
        }
        merge = value("merge")
        if merge != nil && template == nil && value("template") == nil {
            problems.append(SpecProblem(pointer: "/merge", message: "goes with template; a spec has its values written in"))
        }
        time = .zero
        switch value("time") {
        case nil: problems.append(SpecProblem(pointer: "/time", message: "is required: the timeline time in seconds, or \"N/D\""))
        case .number(let text)?:
            switch TimeParser.parseDecimal(PreviewRequest.nanosecondsAtMost(text)) {
            case .success(let t) where !t.isNegative: time = t
            case .success: problems.append(SpecProblem(pointer: "/time", message: "must not be negative"))
            case .failure(let f): problems.append(SpecProblem(pointer: "/time", message: f.message))
            }
        case .string(let text)?:
            switch TimeParser.parseString(text) {
            case .success(let t) where !t.isNegative: time = t
            case .success: problems.append(SpecProblem(pointer: "/time", message: "must not be negative"))
            case .failure(let f): problems.append(SpecProblem(pointer: "/time", message: f.message))
            }
        case let v?: problems.append(SpecProblem(pointer: "/time", message: "must be a number of seconds or a string \"N/D\", found \(v.typeName)"))
        }
        format = .png
        switch value("format") {
        case nil: break
        case .string(let f)? where PreviewFormat(rawValue: f) != nil: format = PreviewFormat(rawValue: f)!
        case _?: problems.append(SpecProblem(pointer: "/format", message: "must be png or jpeg"))
        }
        switch value("width") {
        case nil: break
        case .number(let text)? where Int(text).map({ (16...7680).contains($0) }) == true: width = Int(text)
        case _?: problems.append(SpecProblem(pointer: "/width", message: "must be a whole number from 16 to 7680"))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
    }

    /// A plain decimal `text` cut to 9 decimal places: a playhead's time computed in floating point
    /// (`0.1 + 0.2` is written 0.30000000000000004) names the frame it lies in all the same, which
    /// the cut changes only within a nanosecond of a frame's start.
    static func nanosecondsAtMost(_ text: String) -> String {
        guard let dot = text.firstIndex(of: "."), !text.contains(where: { $0 == "e" || $0 == "E" }) else { return text }
        let digits = text[text.index(after: dot)...]
        return digits.count > 9 ? String(text[..<dot]) + "." + digits.prefix(9) : text
    }
}
