import ReelSpec
import ReelStore

/// A spec with `{{name}}` placeholders in its string values (docs/API.md, templates). A string
/// that is exactly one placeholder (`"{{clip}}"`, spaces inside the braces allowed) is replaced by
/// the merge value whatever its JSON type; a placeholder inside a longer string
/// (`"Hello {{name}}!"`) takes a string, number or boolean as text. Names are a letter or `_`, then
/// letters, digits, `_`, `-` or `.`, at most `maxNameLength` in all; anything else in braces stays
/// text.
struct TemplateDocument {
    /// One use of a placeholder: its name, the pointer of the string holding it, and whether the
    /// string is exactly the placeholder.
    struct Use: Equatable {
        let name: String
        let pointer: String
        let whole: Bool
    }

    static let maxNameLength = 128

    let json: JSONValue
    let uses: [Use]
    /// The placeholder names in order of first use.
    let names: [String]
    /// Every placeholder, in order of first use: as declared, else `Placeholder.implicit`.
    let placeholders: [Placeholder]

    /// `declared`: the template's typed placeholders (`Placeholder.declarations`), none by default.
    init(_ json: JSONValue, declared: [Placeholder] = []) {
        self.json = json
        var uses: [Use] = []
        TemplateDocument.walk(json, pointer: "") { s, pointer in
            let parts = TemplateDocument.parts(s)
            let whole = parts.count == 1 && parts[0].isPlaceholder
            for p in parts where p.isPlaceholder { uses.append(Use(name: p.text, pointer: pointer, whole: whole)) }
        }
        self.uses = uses
        var seen = Set<String>()
        names = uses.map(\.name).filter { seen.insert($0).inserted }
        placeholders = Placeholder.all(names, declared: declared)
    }

    /// A stored template's document, its declarations read back (checked when it was stored).
    init(stored t: Template) throws {
        self.init(try JSONParser.parse(Array(t.spec.utf8)), declared: TemplateDocument.declared(in: t))
    }

    /// The placeholders stored template `t` declares.
    static func declared(in t: Template) -> [Placeholder] {
        let json = t.declarations.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        return Placeholder.declarations(json, pointer: "", used: t.placeholders).declared
    }

    /// The problems the declared defaults make where they are used: the spec with each default
    /// filled in is decoded, and a problem at or under a use of a default is the default's, at
    /// `/placeholders/NAME/default` (a number that makes a negative duration, a colour in a text
    /// field), so a template's defaults always make a spec as far as can be told before sources.
    func defaultProblems(pointer: String) -> [SpecProblem] {
        let defaults = Dictionary(placeholders.compactMap { p in p.defaultValue.map { (p.name, $0) } }, uniquingKeysWith: { a, _ in a })
        guard !defaults.isEmpty, case .failure(let p) = SpecDecoder.decode(json: TemplateDocument.fill(json, defaults)) else { return [] }
        var found: [SpecProblem] = []
        for problem in p.problems {
            guard let use = uses.first(where: { defaults[$0.name] != nil && (problem.pointer == $0.pointer || problem.pointer.hasPrefix($0.pointer + "/")) })
            else { continue }
            let at = pointer + "/" + JSONPointer.escape(use.name) + "/default"
            if !found.contains(where: { $0.pointer == at }) {
                found.append(SpecProblem(pointer: at, message: "makes the spec invalid where it is used: \(problem.pointer) \(problem.message)"))
            }
        }
        return found
    }

    /// What can be checked before the values are known: the spec's problems, except those at or
    /// under a string holding a placeholder (its value is not known yet). Where every placeholder
    /// has a default, the spec is judged with them filled in: a placeholder then cannot hide what it
    /// stands for from the rest (a stroke whose colour is `{{accent}}` still has the stroke its
    /// keyframes animate); what a default itself breaks is `defaultProblems`' to say.
    func structuralProblems() -> [SpecProblem] {
        let defaults = Dictionary(placeholders.compactMap { p in p.defaultValue.map { (p.name, $0) } }, uniquingKeysWith: { a, _ in a })
        let judged = !placeholders.isEmpty && defaults.count == placeholders.count ? TemplateDocument.fill(json, defaults) : json
        guard case .failure(let p) = SpecDecoder.decode(json: judged) else { return [] }
        let open = Set(uses.map(\.pointer))
        return p.problems.filter { problem in
            // The pointer and each of its ancestors, looked up rather than compared with every use.
            var pointer = Substring(problem.pointer)
            while true {
                if open.contains(String(pointer)) { return false }
                guard let slash = pointer.lastIndex(of: "/") else { return true }
                pointer = pointer[..<slash]
            }
        }
    }

    /// The spec with every placeholder filled from `values` (a declared default for one a merge
    /// leaves out), or the problems with the values, each at `/merge/NAME`: a required placeholder
    /// without a value, a value no placeholder uses, a value of the wrong type for its declaration,
    /// or one that cannot stand inside text; or, at `/merge`, values that would make the merged spec longer
    /// than `limit` bytes (`limitName` is the setting that says so). The size is known before any
    /// filling: the template's own length plus, for each use, its value's serialized length.
    /// `preview`: a preview's merge, where a default fills what the values leave out even for a
    /// required placeholder (a template previews with its defaults).
    func merged(_ values: [(key: String, value: JSONValue)], limit: Int = .max,
                limitName: String = "limits.jsonBodyBytes", preview: Bool = false) -> Result<JSONValue, SpecProblems> {
        var problems: [SpecProblem] = []
        var given = Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var pointers: [String: [String]] = [:]
        var inText = Set<String>()
        var count: [String: Int] = [:]
        for use in uses {
            pointers[use.name, default: []].append(use.pointer)
            count[use.name, default: 0] += 1
            if !use.whole { inText.insert(use.name) }
        }
        for p in placeholders {
            if let v = given[p.name], let why = p.problem(with: v) {
                problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(p.name), message: why))
            } else if given[p.name] == nil, !p.required || preview, let d = p.defaultValue {
                given[p.name] = d
            }
        }
        for name in names where given[name] == nil {
            let at = pointers[name] ?? []
            let shown = at.prefix(5).joined(separator: ", ") + (at.count > 5 ? " and \(at.count - 5) more" : "")
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(name),
                                        message: "is required by the template (used at \(shown))"))
        }
        for (k, _) in values where count[k] == nil {
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(k), message: "is not a placeholder of the template"))
        }
        for name in names {
            guard let v = given[name], inText.contains(name), TemplateDocument.text(of: v) == nil else { continue }
            problems.append(SpecProblem(pointer: "/merge/" + JSONPointer.escape(name),
                                        message: "is used inside a string, so it must be a string, number or boolean, not \(v.typeName)"))
        }
        if !problems.isEmpty { return .failure(SpecProblems(problems)) }
        // An upper bound of the merged spec's serialized size (a value inside text loses its quotes).
        var size = json.serialized.utf8.count
        for (name, uses) in count { size += (given[name]?.serialized.utf8.count ?? 0) * uses }
        if size > limit {
            return .failure(SpecProblems([SpecProblem(pointer: "/merge", message: """
                would make a spec of about \(size) bytes, over the limit of \(limit) bytes (\(limitName)); \
                use shorter values or fewer placeholders
                """)]))
        }
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

    /// Splits a string into text and `{{name}}` placeholders in one pass: after each `{{`, optional
    /// spaces, a name of at most `maxNameLength` characters, optional spaces and `}}`; anything else
    /// leaves the `{{` as text and the scan goes on after it.
    static func parts(_ s: String) -> [Part] {
        let b = Array(s.utf8)
        var out: [Part] = []
        var literalStart = 0
        var i = 0
        func text(_ r: Range<Int>) -> String { String(decoding: b[r], as: UTF8.self) }
        while i + 1 < b.count {
            guard b[i] == UInt8(ascii: "{"), b[i + 1] == UInt8(ascii: "{") else { i += 1; continue }
            guard let (name, end) = placeholder(b, from: i + 2) else { i += 2; continue }
            if literalStart < i { out.append(Part(text: text(literalStart..<i), isPlaceholder: false)) }
            out.append(Part(text: text(name), isPlaceholder: true))
            i = end
            literalStart = end
        }
        if literalStart < b.count || out.isEmpty { out.append(Part(text: text(literalStart..<b.count), isPlaceholder: false)) }
        return out
    }

    /// The name's byte range and the index after `}}` of a placeholder whose `{{` ends at `start`.
    /// Every byte looked at belongs to this candidate alone (spaces, a bounded name, `}}`), so a
    /// whole string is scanned in linear time.
    private static func placeholder(_ b: [UInt8], from start: Int) -> (Range<Int>, Int)? {
        var i = start
        while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
        let nameStart = i
        guard i < b.count, b[i] == UInt8(ascii: "_") || isASCIILetter(b[i]) else { return nil }
        while i < b.count, i - nameStart < maxNameLength, isNameByte(b[i]) { i += 1 }
        let name = nameStart..<i
        while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
        guard i + 1 < b.count, b[i] == UInt8(ascii: "}"), b[i + 1] == UInt8(ascii: "}") else { return nil }
        return (name, i + 2)
    }

    private static func isASCIILetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        isASCIILetter(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "_")
            || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }
}
