/// A nested composition (docs/API.md (compositing)): overlays of any type, groups included, timed
/// from the group's start and placed on the group's own canvas (lengths inside refer to it); the
/// group is flattened first and then drawn as one layer.
public struct GroupSpec: Sendable, Equatable {
    /// How deep groups may nest: a group in a group… eight levels.
    public static let maxDepth = 8

    public var items: [OverlaySpec]
    /// The canvas in pixels; nil: the output's size.
    public var width: Int?
    public var height: Int?

    public init(items: [OverlaySpec], width: Int? = nil, height: Int? = nil) {
        self.items = items
        self.width = width
        self.height = height
    }
}

extension OverlaySpec {
    /// The overlays of this one and, for a group, of every group inside it, each with its pointer
    /// below `pointer` (this overlay's), depth first in document order.
    public func walk(pointer: String, _ visit: (OverlaySpec, String) -> Void) {
        visit(self, pointer)
        guard case .group(let g) = content else { return }
        for (i, item) in g.items.enumerated() { item.walk(pointer: pointer + "/items/\(i)", visit) }
    }

    /// How long the overlay lasts when the spec says so: its `duration`, or for a group without one
    /// the latest end among its items that have one; nil when it lasts to the end of what holds it.
    public var knownLength: Time? {
        if let d = duration { return d }
        guard case .group(let g) = content else { return nil }
        var end: Time?
        for item in g.items { if let l = item.knownLength { end = Time.max(end ?? .zero, item.start + l) } }
        return end
    }
}
