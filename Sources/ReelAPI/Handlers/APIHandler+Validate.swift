import ReelEngine
import ReelHTTP
import ReelSpec
import ReelWorker

extension APIHandler {
    /// `POST /v1/validate`: a spec (or `{"template", "merge"}`) judged exactly as `POST /v1/jobs`
    /// would judge it — every problem at once, sources resolved and probed, the server's own rules
    /// and cost limit — without queueing anything. The request to judge a spec was a good one
    /// whatever the verdict, so the verdict is a 200: `{"valid": true, "errors": [], "duration",
    /// "frames", "output": {…}}` (`PlanSummary`), or `{"valid": false, "errors": [...]}` with every
    /// problem the submit's 422 would list (one judgement, answered two ways). What is not a verdict
    /// on a spec stays an error: a body that is not JSON at all (422, as any JSON route answers), a
    /// source that may be reached later (503), a key's limits.
    func validate(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let json = try jsonDocument(r).json
        do {
            let facts: PlanFacts
            if case .object(let members) = json, members.contains(where: { $0.key == "template" }) {
                let (merged, id) = try mergedTemplate(members, key: key)
                facts = try inMergedSpec(id) { try accepted(merged, key: key).facts }
            } else {
                facts = try accepted(json, key: key).facts
            }
            return .json(200, Array(facts.summary.utf8))
        } catch let refused as ProblemError where refused.problem.status == 422 {
            let p = refused.problem
            let errors = p.errors.isEmpty ? [SpecProblem(pointer: "", message: p.detail)] : p.errors
            return .json(200, Array(PlanSummary.invalid(errors).serialized.utf8))
        }
    }
}
