/// What a valid spec asks for that the engine cannot render yet, so a job is refused up front with a
/// pointer to the feature ("is not supported yet") instead of failing, or silently dropping it, mid-render.
///
/// Each feature is one entry of `gaps`; when the engine learns a feature, delete its entry.
public enum SupportCheck {
    /// Every unsupported feature the spec uses, each at its JSON pointer.
    public static func unsupported(_ spec: JobSpec) -> [SpecProblem] {
        gaps.flatMap { $0.pointers(spec) }.map { SpecProblem(pointer: $0, message: "is not supported yet") }
    }

    /// One not-yet-rendered feature: a name for readers, and where a spec uses it.
    struct Gap: Sendable {
        let feature: String
        let pointers: @Sendable (JobSpec) -> [String]
    }

    static let gaps: [Gap] = []
}
