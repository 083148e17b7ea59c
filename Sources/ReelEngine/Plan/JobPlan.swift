import ReelSpec

/// The plans of every output a spec asks for (its one `output`, or each of `outputs`). Each output
/// is planned as the spec with that output alone (`JobSpec.alone(_:)`), so a many-output render can
/// be held to what the output would be if rendered by itself, and the planner has one way in.
public struct JobPlan: Sendable {
    /// One output's plan; `name` nil for the one `output`.
    public struct Output: Sendable {
        public let name: String?
        /// Where the output's settings are in the spec (`/output`, `/outputs/i`).
        public let pointer: String
        public let plan: RenderPlan
    }

    public let outputs: [Output]
}

extension RenderPlanner {
    /// The plan of each of the spec's outputs, or `RenderError.invalid` with the problems of all of
    /// them at once, each at its output's own pointer (`/outputs/2/time`); a problem of the timeline
    /// is reported once, not once per output.
    public func planOutputs(_ spec: JobSpec) throws -> JobPlan {
        guard spec.outputs != nil else {
            return JobPlan(outputs: [JobPlan.Output(name: nil, pointer: "/output", plan: try plan(spec))])
        }
        var problems = SupportCheck.unsupported(spec)
        var outputs: [JobPlan.Output] = []
        for (i, o) in spec.renderedOutputs.enumerated() {
            do {
                outputs.append(JobPlan.Output(name: o.name, pointer: o.pointer, plan: try plan(spec.alone(i))))
            } catch RenderError.invalid(let found) {
                for p in found.map({ SpecProblem(pointer: JobPlan.repoint($0.pointer, to: o.pointer), message: $0.message) })
                where !problems.contains(p) {
                    problems.append(p)
                }
            }
        }
        guard problems.isEmpty else { throw RenderError.invalid(problems) }
        return JobPlan(outputs: outputs)
    }
}

extension JobPlan {
    /// A problem's pointer in the spec with one output alone, moved to that output's place among
    /// `outputs`: `/output/…` becomes `/outputs/i/…`; pointers elsewhere stay.
    static func repoint(_ pointer: String, to outputPointer: String) -> String {
        guard pointer == "/output" || pointer.hasPrefix("/output/") else { return pointer }
        return outputPointer + pointer.dropFirst("/output".count)
    }
}
