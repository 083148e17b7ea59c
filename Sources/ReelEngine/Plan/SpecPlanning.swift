import ReelSpec
import ReelStorage

/// A job's spec turned into what renders it: decoded (every structural problem at its pointer),
/// then planned (every source resolved and probed). The API at submit, a job's run and a chunk's
/// run all come through here, so the spec the API accepted is read the same way when it renders.
public struct SpecPlanning: Sendable {
    public let resolver: SourceResolver

    public init(resolver: SourceResolver) { self.resolver = resolver }

    /// A spec with its plans: `plan` is the first (the one) output's, `outputs` every output's.
    public struct Planned: Sendable {
        public let spec: JobSpec
        public let plan: RenderPlan
        public let outputs: JobPlan
    }

    /// Why a spec has no plan.
    public enum Failure: Error, CustomStringConvertible {
        /// The structure is not valid; nothing was planned.
        case undecodable(SpecProblems)
        /// It decoded but cannot be planned: a `RenderError` (invalid, or a source unreachable
        /// for a reason that may pass) or another error of the planner's.
        case unplannable(spec: JobSpec, error: Error)

        /// Worth trying again later: a source that could not be reached for a passing reason.
        public var isRetryable: Bool {
            guard case .unplannable(_, let e) = self else { return false }
            return (e as? RenderError)?.isRetryable ?? false
        }

        public var description: String {
            switch self {
            case .undecodable(let p): return "\(p)"
            case .unplannable(_, let e): return "\(e)"
            }
        }
    }

    public func plan(json: JSONValue) -> Result<Planned, Failure> {
        plan(decoded: SpecDecoder.decode(json: json))
    }

    /// Every problem of a spec that has no plan, at once: its structure's and, since the planner
    /// needs a valid structure, its sources' too, checked from the JSON (`SourceCheck`); or what
    /// planning found. Nil when the failure is not the spec's (a source that may be reached later,
    /// or another error).
    public func problems(of failure: Failure, json: JSONValue) -> [SpecProblem]? {
        switch failure {
        case .undecodable(let p):
            return p.problems + SourceCheck.problems(in: json, resolver: resolver, skipping: p.problems)
        case .unplannable(_, RenderError.invalid(let problems)):
            return problems
        case .unplannable:
            return nil
        }
    }

    /// From the spec's stored text (UTF-8 JSON).
    public func plan(text: String) -> Result<Planned, Failure> {
        plan(decoded: SpecDecoder.decode(Array(text.utf8)))
    }

    /// From a spec already decoded (a run that read its sources from it first).
    public func plan(decoded: Result<JobSpec, SpecProblems>) -> Result<Planned, Failure> {
        switch decoded {
        case .failure(let p):
            return .failure(.undecodable(p))
        case .success(let spec):
            do {
                let outputs = try RenderPlanner(resolver: resolver).planOutputs(spec)
                return .success(Planned(spec: spec, plan: outputs.outputs[0].plan, outputs: outputs))
            } catch {
                return .failure(.unplannable(spec: spec, error: error))
            }
        }
    }
}

/// What stopped the planning: the storage rules see a bucket's outage through it.
extension SpecPlanning.Failure: CarriesCause {
    public var cause: (any Error)? {
        guard case .unplannable(_, let e) = self else { return nil }
        return e
    }
}
