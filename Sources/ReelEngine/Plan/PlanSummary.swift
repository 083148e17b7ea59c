import ReelSpec

/// The verdict on a spec, for `POST /v1/validate` and `reel validate --json`: valid, with the
/// output's length, frame count and parameters as planned (defaults filled in from the sources), or
/// invalid with every problem at its pointer.
public enum PlanSummary {
    public static func valid(_ plan: RenderPlan) -> JSONValue {
        .object([("valid", .bool(true)), ("errors", .array([]))] + json(plan))
    }

    /// Every output's: the first's as for one output, then, for a spec with `outputs`, each of them
    /// with its name.
    public static func valid(_ plans: JobPlan) -> JSONValue {
        let first = plans.outputs[0]
        guard first.name != nil else { return valid(first.plan) }
        let each = plans.outputs.map { JSONValue.object([("name", .string($0.name ?? ""))] + json($0.plan)) }
        return .object([("valid", .bool(true)), ("errors", .array([]))] + json(first.plan) + [("outputs", .array(each))])
    }

    public static func invalid(_ problems: [SpecProblem]) -> JSONValue {
        let errors = problems.map { JSONValue.object([("pointer", .string($0.pointer)), ("message", .string($0.message))]) }
        return .object([("valid", .bool(false)), ("errors", .array(errors))])
    }

    static func json(_ plan: RenderPlan) -> [(key: String, value: JSONValue)] {
        var output: [(key: String, value: JSONValue)] = [("format", .string(plan.format.rawValue))]
        if !plan.format.isAudioOnly {
            output += [("width", .number(String(plan.encodedWidth))), ("height", .number(String(plan.encodedHeight))),
                       ("frameRate", plan.frameRate.jsonNumber), ("videoCodec", .string(plan.videoEncoding.codec.rawValue)),
                       ("color", .string(plan.color.rawValue))]
        }
        if !plan.format.isPicture {
            output += [("audioCodec", .string(plan.audioEncoding.codec.rawValue)),
                       ("sampleRate", .number(String(plan.audioEncoding.sampleRate))),
                       ("channels", .number(String(plan.audioEncoding.channels)))]
        }
        if plan.isDraft { output.append(("draft", .bool(true))) }
        return [("duration", Rational(plan.outputRange.duration).jsonNumber),
                ("frames", .number(String(plan.format.isAudioOnly ? 0 : plan.frameCount))),
                ("output", .object(output))]
    }
}
