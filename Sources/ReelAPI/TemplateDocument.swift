import ReelSpec

/// A spec with `{{name}}` placeholders in its string values (PRODUCT.md §2, templates). A string
/// that is exactly one placeholder (`"{{clip}}"`, spaces inside the braces allowed) is replaced by
/// the merge value whatever its JSON type; a placeholder inside a longer string
/// (`"Hello {{name}}!"`) takes a string, number or boolean as text. Names are a letter or `_`, then
/// letters, digits, `_`, `-` or `.`; anything else in braces stays text.
struct TemplateDocument {
    /// One use of a placeholder: its name, the pointer of the string holding it, and whether the
    /// string is exactly the placeholder.
    struct Use: Equatable {
        let name: String
        let pointer: String
        let whole: Bool
    }

    let json: JSONValue
    let uses: [Use]

    init(_ json: JSONValue) {
        self.json = json
        var uses: [Use] = []
        TemplateDocument.walk(json, pointer: "") { s, pointer in
            let parts = TemplateDocument.parts(s)
            let whole = parts.count == 1 && parts[0].isPlaceholder
            for p in parts where p.isPlaceholder { uses.append(Use(name: p.text, pointer: pointer, whole: whole)) }
        }
        self.uses = uses
    }

    /// The placeholder names in order of first use.
    var names: [String] {
        var seen = Set<String>()
        return uses.map(\.name).filter { seen.insert($0).inserted }
    }

    /// What can be checked before the values are known: the spec's problems, except those at or
    /// under a string holding a placeholder (its value is not known yet).
    func structuralProblems() -> [SpecProblem] {
        guard case .failure(let p) = SpecDecoder.decode(json: json) else { return [] }
        let open = Set(uses.map(\.pointer))
        return p.problems.filter { problem in
            !open.contains { problem.pointer == $0 || problem.pointer.hasPrefix($0 + "/") }
        }
    }

    /// The spec with every placeholder filled from `values`, or the problems with the values, each
    /// at `/merge/NAME`: a placeholder without a value, a value no placeholder uses, or a value
    /// that cannot stand inside text.
    func merged(_ values: [(key: String, value: JSONValue)]) -> Result<JSONValue, SpecProblems> {
        var problems: [SpecProblem] = []
        let given = Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for name in names where given[name] == nil {
            let at = uses.filter { $0.name == name }.map(\.pointer)
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(name),
                                        message: "is required by the template (used at \(at.joined(separator: ", ")))"))
        }
        let known = Set(names)
        for (k, _) in values where !known.contains(k) {
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(k), message: "is not a placeholder of the template"))
        }
        for name in names {
            guard let v = given[name], uses.contains(where: { $0.name == name && !$0.whole }), TemplateDocument.text(of: v) == nil else { continue }
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(name),
                                        message: "is used inside a string, so it must be a string, number or boolean, not \(v.typeName)"))
        }
        if !problems.isEmpty { return .failure(SpecProblems(problems)) }
        return .success(TemplateDocument.fill(json, given))
    }

    // MARK: Walking and filling

    private static func walk(_ v: JSONValue, pointer: String, _ visit: (String, String) -> Void) {
        switch v {
        case .string(let s): visit(s, pointer)
        case .array(let items):
            for (i, item) in items.enumerated() { walk(item, pointer: JSONPointer.appending(i, to: pointer), visit) }
        case .object(let members):
            for (k, item) in members { walk(item, pointer: JSONPointer.appending(k, to: pointer), visit) }
        default: break
        }
    }

    private static func fill(_ v: JSONValue, _ values: [String: JSONValue]) -> JSONValue {
        switch v {
        case .string(let s):
            let parts = parts(s)
            if parts.count == 1, parts[0].isPlaceholder, let value = values[parts[0].text] { return value }
            guard parts.contains(where: \.isPlaceholder) else { return v }
            return .string(parts.map { $0.isPlaceholder ? (values[$0.text].flatMap(text(of:)) ?? "") : $0.text }.joined())
        case .array(let items): return .array(items.map { fill($0, values) })
        case .object(let members): return .object(members.map { ($0.key, fill($0.value, values)) })
        default: return v
        }
    }

    /// A merge value as text inside a string.
    private static func text(of v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// A piece of a string: literal text, or a placeholder's name.
    struct Part: Equatable {
        let text: String
        let isPlaceholder: Bool
    }

    /// Splits a string into text and `{{name}}` placeholders.
    static func parts(_ s: String) -> [Part] {
        var out: [Part] = []
        var literal = ""
        var rest = Substring(s)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingSpaces
            if isName(name) {
                literal += rest[..<open.lowerBound]
                if !literal.isEmpty { out.append(Part(text: literal, isPlaceholder: false)) }
                literal = ""
                out.append(Part(text: String(name), isPlaceholder: true))
                rest = rest[close.upperBound...]
            } else {
                literal += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
            }
        }
        literal += rest
        if !literal.isEmpty || out.isEmpty { out.append(Part(text: literal, isPlaceholder: false)) }
        return out
    }

    private static func isName(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "." }
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
