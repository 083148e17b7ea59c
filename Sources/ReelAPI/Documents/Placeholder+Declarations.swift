import ReelSpec

extension Placeholder {
    /// The placeholders a template's `placeholders` member declares (`json`, at `pointer`), checked
    /// against the names its spec uses (`used`): each problem at its own pointer. A declaration
    /// for a name the spec never uses is refused (a misspelt name would otherwise declare nothing);
    /// a placeholder that is not required must have a default to fill it.
    static func declarations(_ json: JSONValue?, pointer: String, used: [String]) -> (declared: [Placeholder], problems: [SpecProblem]) {
        guard let json, json != .null else { return ([], []) }
        guard case .object(let members) = json else {
            return ([], [SpecProblem(pointer: pointer, message: "must be an object of placeholder declarations by name")])
        }
        let usedNames = Set(used)
        var declared: [Placeholder] = []
        var problems: [SpecProblem] = []
        for (name, declaration) in members {
            let at = pointer + "/" + JSONPointer.escape(name)
            guard usedNames.contains(name) else {
                problems.append(SpecProblem(pointer: at, message: "is not a placeholder of the spec (no string holds {{\(name)}})"))
                continue
            }
            switch parse(name, declaration, at: at) {
            case .success(let p): declared.append(p)
            case .failure(let p): problems += p.problems
            }
        }
        return (declared, problems)
    }

    /// One declaration `{type, label, description, default, required}`.
    private static func parse(_ name: String, _ json: JSONValue, at pointer: String) -> Result<Placeholder, SpecProblems> {
        guard case .object(let members) = json else {
            return .failure(SpecProblems([SpecProblem(pointer: pointer, message: "must be an object {type, label, description, default, required}")]))
        }
        var problems: [SpecProblem] = []
        func problem(_ member: String, _ message: String) { problems.append(SpecProblem(pointer: pointer + "/" + member, message: message)) }
        let known = ["type", "label", "description", "default", "required"]
        for (key, _) in members where !known.contains(key) { problem(JSONPointer.escape(key), "unknown field") }
        let value = { (key: String) in members.first { $0.key == key }?.value }
        let kinds = Kind.declarable.map(\.rawValue)
        var kind = Kind.text
        switch value("type") {
        case .string(let s)? where Kind(rawValue: s).map(Kind.declarable.contains) == true: kind = Kind(rawValue: s)!
        case nil: problem("type", "is required: one of \(kinds.joined(separator: ", "))")
        default: problem("type", "must be one of \(kinds.joined(separator: ", "))")
        }
        func text(_ key: String, max: Int) -> String? {
            switch value(key) {
            case nil, .null?: return nil
            case .string(let s)? where !s.isEmpty && s.count <= max: return s
            default: problem(key, "must be a string of 1 to \(max) characters"); return nil
            }
        }
        let label = text("label", max: maxLabelLength)
        let description = text("description", max: maxDescriptionLength)
        let defaultValue = value("default").flatMap { $0 == .null ? nil : $0 }
        var required = defaultValue == nil
        switch value("required") {
        case nil, .null?: break
        case .bool(let b)?: required = b
        default: problem("required", "must be a boolean")
        }
        let placeholder = Placeholder(name: name, kind: kind, label: label, description: description, defaultValue: defaultValue, required: required)
        if problems.isEmpty {
            if let defaultValue, let why = placeholder.problem(with: defaultValue) { problem("default", why) }
            if !required && defaultValue == nil { problem("required", "may be false only with a default, which fills the placeholder when a merge leaves it out") }
        }
        return problems.isEmpty ? .success(placeholder) : .failure(SpecProblems(problems))
    }

    /// Every placeholder of a spec using `names` (in order of first use): the declared ones as
    /// declared, the rest `implicit`.
    static func all(_ names: [String], declared: [Placeholder]) -> [Placeholder] {
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        return names.map { byName[$0] ?? .implicit($0) }
    }
}
