extension JSONValue {
    /// The same document with every object's members in key order (arrays keep theirs): two bodies
    /// that differ only in member order and whitespace serialise alike, so `Idempotency-Key` can
    /// compare what a body means rather than its bytes. Numbers keep their text (`1` and `1.0` differ,
    /// as they may in a spec: a count is not a time).
    public var canonical: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.canonical))
        case .object(let members):
            return .object(members.map { ($0.key, $0.value.canonical) }.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
        default: return self
        }
    }
}
