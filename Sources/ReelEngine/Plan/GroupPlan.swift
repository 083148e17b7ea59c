/// A group's items, planned like the timeline's overlays with times from the group's start, and
/// its canvas (`width`×`height`, the output's unless the spec gives one; set by
/// `RenderPlanner.placeOnCanvas` once the output's size is known).
struct GroupPlan: Sendable {
    var overlays: [OverlayPlan]
    var width: Int?
    var height: Int?
}
