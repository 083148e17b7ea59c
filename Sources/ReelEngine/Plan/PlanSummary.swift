import ReelSpec

/// What a valid spec will make, for `POST /v1/validate` and `reel validate --json`: the output's
/// length, frame count and parameters, as planned (defaults filled in from the sources).
public enum PlanSummary {
    public static func json(_ plan: RenderPlan) -> [(key: String, value: JSONValue)] {
        var output: [(key: String, value: JSONValue)] = [("format", .string(plan.format.rawValue))]
        if !plan.format.isAudioOnly {
            output += [("width", .number(String(plan.width))), ("height", .number(String(plan.height))),
                       ("frameRate", plan.frameRate.jsonNumber), ("videoCodec", .string(plan.videoEncoding.codec.rawValue)),
                       ("color", .string(plan.color.rawValue))]
        }
        if !plan.format.isPicture {
            output += [("audioCodec", .string(plan.audioEncoding.codec.rawValue)),
                       ("sampleRate", .number(String(plan.audioEncoding.sampleRate))),
                       ("channels", .number(String(plan.audioEncoding.channels)))]
        }
        return [("duration", Rational(plan.outputRange.duration).jsonNumber),
                ("frames", .number(String(plan.format.isAudioOnly ? 0 : plan.frameCount))),
                ("output", .object(output))]
    }
}
