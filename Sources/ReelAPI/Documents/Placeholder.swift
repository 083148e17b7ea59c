import ReelSpec

/// One placeholder of a template (docs/API.md, templates): the kind of value a merge must give it,
/// how a form labels it, and the default that fills it when a merge leaves it out. A `{{name}}` the
/// template does not declare is `implicit`: required, of any JSON type (a string, number or boolean
/// inside longer text), as every template was before declarations, so those keep working.
struct Placeholder: Equatable {
    /// The kinds a declaration names (`type`); `any` is the undeclared placeholder's.
    enum Kind: String, CaseIterable {
        case text, number, color, media, boolean
        case any

        static let declarable: [Kind] = [.text, .number, .color, .media, .boolean]
    }

    let name: String
    let kind: Kind
    let label: String?
    let description: String?
    let defaultValue: JSONValue?
    /// A merge must give it; otherwise `defaultValue` fills it.
    let required: Bool

    static let maxLabelLength = 200
    static let maxDescriptionLength = 2000
    /// A media source as a merge value: a path, `upload:ID` or a URL, never a document.
    static let maxSourceLength = 4096

    static func implicit(_ name: String) -> Placeholder {
        Placeholder(name: name, kind: .any, label: nil, description: nil, defaultValue: nil, required: true)
    }

    /// Why `value` cannot be this placeholder's, or nil when it fits.
    func problem(with value: JSONValue) -> String? {
        switch (kind, value) {
        case (.any, _): return nil
        case (.text, .string): return nil
        case (.number, .number(let n)) where Double(n)?.isFinite == true: return nil
        case (.boolean, .bool): return nil
        case (.color, .string(let s)):
            return Color(hex: s) == nil ? "must be a colour written \"#RRGGBB\" or \"#RRGGBBAA\" (found \"\(Self.shown(s))\")" : nil
        case (.media, .string(let s)):
            if s.isEmpty || s.count > Self.maxSourceLength || s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "must be a media source of 1 to \(Self.maxSourceLength) characters without control characters "
                    + "(a path under the media root, upload:ID or a URL)"
            }
            return nil
        default:
            return "must be \(Self.article(kind)) (found \(value.typeName))"
        }
    }

    /// The placeholder as `GET /v1/templates/{id}` shows it, in the order of its declaration's members.
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("type", .string(kind.rawValue))]
        if let label { m.append(("label", .string(label))) }
        if let description { m.append(("description", .string(description))) }
        if let defaultValue { m.append(("default", defaultValue)) }
        m.append(("required", .bool(required)))
        return .object(m)
    }

    private static func article(_ kind: Kind) -> String {
        switch kind {
        case .text: return "a string"
        case .number: return "a finite number"
        case .boolean: return "a boolean"
        case .color: return "a colour string"
        case .media: return "a media source string"
        case .any: return "a JSON value"
        }
    }

    private static func shown(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }
}
