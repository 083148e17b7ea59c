import ReelEngine
import ReelHTTP
import ReelSpec

extension APIHandler {
    /// `POST /v1/validate`: a spec (or `{"template", "merge"}`) judged exactly as `POST /v1/jobs`
    /// would judge it — every problem at once, sources resolved and probed, the server's own rules
    /// and cost limit — without queueing anything: the same 422 (or 503) a submit would get, or
    /// 200 `{"valid": true, "errors": [], "duration", "frames", "output": {…}}` (`PlanSummary`).
    func validate(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let json = try jsonDocument(r).json
        let plan: RenderPlan
        if case .object(let members) = json, members.contains(where: { $0.key == "template" }) {
            let (merged, id) = try mergedTemplate(members, key: key)
            plan = try inMergedSpec(id) { try accepted(merged, key: key).plan }
        } else {
            plan = try accepted(json, key: key).plan
        }
        return .json(200, Array(PlanSummary.valid(plan).serialized.utf8))
    }
}
