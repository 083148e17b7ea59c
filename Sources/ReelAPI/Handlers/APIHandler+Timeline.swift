import ReelEngine
import ReelHTTP
import ReelSpec
import ReelWorker

extension APIHandler {
    /// `GET /v1/jobs/{id}/timeline.otio`: the job's timeline as OpenTimelineIO (`OTIOWriter`),
    /// planned again from its spec (its sources probed for their ranges); the output, once there,
    /// as the media of a disabled track. A job whose sources are gone cannot be written: 409.
    func timeline(_ id: String, key: String) throws -> HTTPResponse {
        guard let job = try store.job(id, keyID: key) else { throw ProblemError(.notFound("no job \(id)")) }
        let json: JSONValue
        do { json = try JSONParser.parse(Array(job.spec.utf8)) } catch {
            throw ProblemError(.conflict("timeline-unavailable", "job \(id)'s spec cannot be read: \(error)"))
        }
        // A job with `outputs`: the folder each is at (`/{name}`), one track each.
        let output = job.status == .succeeded ? (job.outputs.isEmpty ? "/v1/jobs/\(id)/output" : "/v1/jobs/\(id)/outputs") : nil
        let (reply, bytes) = try engineAnswer {
            try engine.timeline(spec: job.spec, sources: sources(of: json, key: key), name: id, outputURL: output)
        }
        guard reply.bytes != nil else {
            let names = pool.naming.names(of: json)
            let why = reply.problems.map { $0.map { "\($0.first ?? ""): \($0.dropFirst().first ?? "")" }.joined(separator: "; ") }
                ?? reply.unavailable.map { "\($0): a source could not be read for now" } ?? reply.failure ?? "it cannot be planned"
            throw ProblemError(.conflict("timeline-unavailable", "job \(id)'s timeline cannot be written now: \(names.clientFacing(why))"))
        }
        return .json(200, bytes)
    }
}
