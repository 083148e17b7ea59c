/// A path as the route table writes it: `/v1/jobs/{job_}/cancel`. `{job_}` is an id Reel issues
/// with that prefix (any non-empty segment matches, so a malformed id reaches its handler and is a
/// 404 there; the prefix tells a preflight which ids could exist), `{name}` any non-empty segment,
/// `{name?}` any segment, empty included.
struct RoutePattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case id(prefix: String)
        case any(allowsEmpty: Bool)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(String(part)) }
            let inner = part.dropFirst().dropLast()
            if inner.hasSuffix("_") { return .id(prefix: String(inner)) }
            return .any(allowsEmpty: inner.hasSuffix("?"))
        }
    }

    /// The values of the pattern's variable segments when `path`'s segments match it.
    func match(_ path: [Substring]) -> [String]? {
        guard path.count == segments.count else { return nil }
        var values: [String] = []
        for (segment, part) in zip(segments, path) {
            switch segment {
            case .literal(let word): if !part.utf8.elementsEqual(word.utf8) { return nil }  // bytes: no Unicode comparison
            case .id: if part.isEmpty { return nil } else { values.append(String(part)) }
            case .any(let allowsEmpty): if part.isEmpty && !allowsEmpty { return nil } else { values.append(String(part)) }
            }
        }
        return values
    }

    /// The prefix of the pattern's first id segment, if it has one.
    var idPrefix: String? {
        for case .id(let prefix) in segments { return prefix }
        return nil
    }

    /// Whether `id` could be one Reel issued with `prefix`: the prefix and 26 ULID characters.
    static func isWellFormed(_ id: String, prefix: String) -> Bool {
        guard id.hasPrefix(prefix) else { return false }
        let ulid = id.utf8.dropFirst(prefix.utf8.count)
        return ulid.count == 26 && ulid.allSatisfy { (48...57).contains($0) || ((65...90).contains($0) && !"ILOU".utf8.contains($0)) }
    }
}
