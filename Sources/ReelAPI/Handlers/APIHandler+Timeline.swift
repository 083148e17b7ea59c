import ReelEngine
import ReelHTTP
import ReelSpec

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
        switch SpecPlanning(resolver: resolver(for: key)).plan(json: json) {
        case .success(let planned):
            let output = job.status == .succeeded ? "/v1/jobs/\(id)/output" : nil
            let otio = OTIOWriter.timeline(planned.plan, spec: json, name: id, outputURL: output)
            return .json(200, Array(otio.serialized.utf8))
        case .failure(let failure):
            let names = pool.sourceNames(of: json.serialized)
            throw ProblemError(.conflict("timeline-unavailable", "job \(id)'s timeline cannot be written now: \(names.clientFacing("\(failure)"))"))
        }
    }
}
