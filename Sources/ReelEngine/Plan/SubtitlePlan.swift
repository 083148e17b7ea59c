/// A soft subtitle track of the output: its cues on the output's own timeline (0 is the output
/// range's start), sorted, clipped to the output, overlaps ended where the next cue begins.
struct SubtitlePlan: Sendable {
    var pointer: String
    var language: String?
    var title: String?
    var isDefault: Bool
    var cues: [Cue]
}
