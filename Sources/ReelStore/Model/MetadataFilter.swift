/// Which jobs a list keeps by a string member of their spec's `metadata`: the member equal to a
/// value (`?metadata[KEY]=VALUE`), or containing it with ASCII letters in either case (`?q=`, the
/// console's search by name). Numbers, objects and other types never match, on either database.
public struct MetadataFilter: Sendable, Equatable {
    public enum Match: Sendable, Equatable {
        case equals
        /// A substring, ASCII letters folded (both databases fold only those, alike).
        case contains
    }

    public let key: String
    public let value: String
    public let match: Match

    public init(key: String, value: String, match: Match = .equals) {
        self.key = key
        self.value = value
        self.match = match
    }
}
