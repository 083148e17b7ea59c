/// Where the parts of a timeline that was given in another form (OpenTimelineIO) came from: each
/// entry maps a pointer into Reel's own timeline (`/timeline/videos/3`) to the place in the job it
/// was read from (`/otio/tracks/children/0/children/5`), so a problem found while planning names
/// the place the user wrote.
public struct PointerMap: Sendable, Equatable {
    public private(set) var entries: [(from: String, to: String)] = []

    public init() {}

    mutating func map(_ from: String, to: String) { entries.append((from, to)) }

    /// The place `pointer` was read from: the entry with the longest prefix of it (whole segments);
    /// `pointer` itself when none has one.
    public func callerPointer(for pointer: String) -> String {
        var best: (from: String, to: String)?
        for e in entries where pointer == e.from || pointer.hasPrefix(e.from + "/") {
            if best == nil || e.from.count > best!.from.count { best = e }
        }
        return best?.to ?? pointer
    }

    public static func == (a: PointerMap, b: PointerMap) -> Bool {
        a.entries.map(\.from) == b.entries.map(\.from) && a.entries.map(\.to) == b.entries.map(\.to)
    }
}
