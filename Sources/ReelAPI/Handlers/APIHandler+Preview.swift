import Foundation
import ReelEngine
import ReelHTTP
import ReelSpec
import ReelWorker

extension APIHandler {
    /// `POST /v1/preview` `{spec | template + merge, time, format, width, output}` (docs/API.md
    /// (previews)): the output frame whose interval holds `time` (of the named one of a spec's
    /// `outputs`, else its first), drawn by the render engine (`PreviewContext`) as a
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
            let merged = try mergedTemplate([("template", .string(tpl))] + (request.merge.map { [("merge", $0)] } ?? []), key: key, preview: true)
            spec = merged.spec
            templateID = merged.templateID
        } else {
            spec = request.spec!
        }
        let contextKey = "\(key)\u{0}\(request.format.rawValue)\u{0}\(request.output ?? "")\u{0}\(APIHandler.bodyHash(spec))"
        // Judged as a submit judges it (the server's own rules here, the plan in an engine child,
        // which keeps the context open for the next frame), drawn there too.
        let decoded = SpecDecoder.decode(json: spec)
        let (reply, bytes) = try engineAnswer {
            try engine.preview(spec: spec.serialized, sources: sources(of: spec, key: key), context: contextKey, format: request.format.rawValue,
                               timeValue: request.time.value, timeScale: request.time.timescale, width: request.width, output: request.output)
        }
        // The request's own members (`/time`, `/width`, `/output`) are refused at theirs; the spec's under `/spec`.
        if let problems = reply.problems, reply.planned != nil {
            throw ProblemError(.validation(problems.map { SpecProblem(pointer: $0.first ?? "", message: $0.dropFirst().first ?? "") }))
        }
        _ = try templateID.map { id in try inMergedSpec(id) { try judged(reply, decoded, spec) } } ?? underSpec { try judged(reply, decoded, spec) }
        guard let image = reply.image else {
            let message = pool.naming.names(of: spec).clientFacing(reply.failure ?? "the frame could not be drawn")
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
