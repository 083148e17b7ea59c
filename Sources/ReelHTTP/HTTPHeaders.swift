/// Header fields in the order they were received or added. Lookup ignores ASCII case because field
/// names are case-insensitive (RFC 9110 §5.1), while the original spelling is kept for output.
public struct HTTPHeaders: Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    /// Builds headers from pairs, keeping their order and any repeated names.
    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name, value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of `name`, or nil when the field is absent.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order (a field may legally appear several times).
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with one field holding `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// All fields in order, with their original spelling.
    public var all: [(name: String, value: String)] { fields }

    public var count: Int { fields.count }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// ASCII case-insensitive comparison (field names are tokens, so ASCII folding is exact).
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            guard ASCII.lowercased(p) == ASCII.lowercased(q) else { return false }
        }
        return true
    }
}
