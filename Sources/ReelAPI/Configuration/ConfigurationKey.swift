import ReelSpec

/// One setting of `reel serve`, declared once: its name in the configuration file (`limits.X`
/// inside `limits`), its environment variable, how a value is read and checked (with its range),
/// and where it is kept. `ServerConfiguration.apply(_:)` (the file) and `apply(environment:)` read
/// through these alone, and docs/API.md's configuration table is checked against them
/// (`ConfigurationTests`), so a key's name, range and variable cannot differ between the three.
struct ConfigurationKey: Sendable {
    /// A value as the file (JSON) or the environment (text) gives it.
    enum Input {
        case json(JSONValue)
        case text(String)
    }

    let name: String
    let environment: String?
    /// What values it takes, for the docs (`1–64`, `true`/`false`, …); nil where the meaning says it.
    let range: String?
    /// Its value in a configuration, as the docs' default column writes it.
    let shown: @Sendable (ServerConfiguration) -> String
    /// Reads `input` (given under the name or variable `key`) into the configuration, or throws a
    /// `Problem` naming `key`.
    let read: @Sendable (inout ServerConfiguration, Input, String) throws -> Void

    typealias Problem = ServerConfiguration.Problem

    /// A whole number in `range`.
    static func int(_ name: String, _ environment: String?, _ range: ClosedRange<Int>,
                    _ path: WritableKeyPath<ServerConfiguration, Int> & Sendable,
                    check: (@Sendable (Int, String) throws -> Int)? = nil) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: "\(range.lowerBound)–\(range.upperBound)",
                         shown: { "\($0[keyPath: path])" }) { c, input, key in
            let v = try whole(input, key, Int64(range.lowerBound)...Int64(range.upperBound))
            c[keyPath: path] = try check?(Int(v), key) ?? Int(v)
        }
    }

    /// A whole number in `range`, kept as 64 bits (byte counts).
    static func int64(_ name: String, _ environment: String?, _ range: ClosedRange<Int64>,
                      _ path: WritableKeyPath<ServerConfiguration, Int64> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: "\(range.lowerBound)–\(range.upperBound)",
                         shown: { "\($0[keyPath: path])" }) { c, input, key in
            c[keyPath: path] = try whole(input, key, range)
        }
    }

    /// A number in `range`.
    static func number(_ name: String, _ environment: String?, _ range: ClosedRange<Double>,
                       _ path: WritableKeyPath<ServerConfiguration, Double> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: "\(decimal(range.lowerBound))–\(decimal(range.upperBound))",
                         shown: { decimal($0[keyPath: path]) }) { c, input, key in
            guard let text = numberText(input), let d = Double(text), range.contains(d) else {
                throw Problem(key: key, message: "must be a number from \(decimal(range.lowerBound)) to \(decimal(range.upperBound))" + found(input))
            }
            c[keyPath: path] = d
        }
    }

    /// `true` or `false` (in the environment also `1` or `0`, in any case).
    static func bool(_ name: String, _ environment: String?, _ path: WritableKeyPath<ServerConfiguration, Bool> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: "`true`/`false`", shown: { "\($0[keyPath: path])" }) { c, input, key in
            let b: Bool?
            switch input {
            case .json(.bool(let v)): b = v
            case .json: b = nil
            case .text(let t): b = ["true": true, "false": false, "1": true, "0": false][t.lowercased()]
            }
            guard let b else { throw Problem(key: key, message: "must be true or false" + found(input)) }
            c[keyPath: path] = b
        }
    }

    /// A string, checked by `check` (which may change it) before it is kept.
    static func string(_ name: String, _ environment: String?, check: @escaping @Sendable (String, String) throws -> String = { s, _ in s },
                       _ path: WritableKeyPath<ServerConfiguration, String> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil, shown: { $0[keyPath: path] }) { c, input, key in
            c[keyPath: path] = try check(try text(input, key), key)
        }
    }

    /// A string handed to `apply` (a setting that fills several fields, or checks against others).
    static func custom(_ name: String, _ environment: String?, shown: @escaping @Sendable (ServerConfiguration) -> String,
                       _ apply: @escaping @Sendable (inout ServerConfiguration, String, String) throws -> Void) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil, shown: shown) { c, input, key in try apply(&c, try text(input, key), key) }
    }

    /// A string that may be left unset.
    static func optional(_ name: String, _ environment: String?, check: @escaping @Sendable (String, String) throws -> String? = { s, _ in s },
                         _ path: WritableKeyPath<ServerConfiguration, String?> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil, shown: { $0[keyPath: path] ?? "none" }) { c, input, key in
            c[keyPath: path] = try check(try text(input, key), key)
        }
    }

    /// A list of strings: a JSON array, or a comma-separated variable (spaces around items and
    /// empty items ignored), checked by `check`.
    static func list(_ name: String, _ environment: String?, noun: String,
                     check: @escaping @Sendable ([String], String) throws -> [String] = { s, _ in s },
                     _ path: WritableKeyPath<ServerConfiguration, [String]> & Sendable) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil,
                         shown: { "[" + $0[keyPath: path].map { "\"\($0)\"" }.joined(separator: ", ") + "]" }) { c, input, key in
            let items: [String]
            switch input {
            case .json(.array(let values)):
                items = try values.map { v in
                    guard case .string(let s) = v else { throw Problem(key: key, message: "must be an array of \(noun)") }
                    return s
                }
            case .json: throw Problem(key: key, message: "must be an array of \(noun)")
            case .text(let t): items = t.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            c[keyPath: path] = try check(items, key)
        }
    }

    /// A JSON object (in the environment, its JSON text), read by `parse`.
    static func object(_ name: String, _ environment: String?,
                       _ parse: @escaping @Sendable (inout ServerConfiguration, JSONValue, String) throws -> Void) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil, shown: { _ in "{}" }) { c, input, key in
            switch input {
            case .json(let v): try parse(&c, v, key)
            case .text(let t):
                let v: JSONValue
                do { v = try JSONParser.parse(Array(t.utf8)) } catch { throw Problem(key: key, message: "must be a JSON object: \(error)") }
                try parse(&c, v, key)
            }
        }
    }

    /// A key that was replaced: naming it says by what.
    static func replaced(_ name: String, _ environment: String?, by message: String) -> ConfigurationKey {
        ConfigurationKey(name: name, environment: environment, range: nil, shown: { _ in "" }) { _, _, key in throw Problem(key: key, message: message) }
    }

    private static func whole(_ input: Input, _ key: String, _ range: ClosedRange<Int64>) throws -> Int64 {
        guard let text = numberText(input), let v = Int64(text), range.contains(v) else {
            throw Problem(key: key, message: "must be a whole number from \(range.lowerBound) to \(range.upperBound)" + found(input))
        }
        return v
    }

    /// A number's text: a JSON number's, or the variable's; nil for a JSON value of another type.
    private static func numberText(_ input: Input) -> String? {
        switch input {
        case .json(.number(let t)), .text(let t): return t
        case .json: return nil
        }
    }

    private static func text(_ input: Input, _ key: String) throws -> String {
        switch input {
        case .json(.string(let s)), .text(let s): return s
        case .json(let v): throw Problem(key: key, message: "must be a string, found \(v.typeName)")
        }
    }

    /// What an environment variable held, for its message (a file's value is at its key).
    private static func found(_ input: Input) -> String {
        if case .text(let t) = input { return ", found \"\(t)\"" }
        return ""
    }

    static func decimal(_ d: Double) -> String { d == d.rounded() ? String(Int64(d)) : String(d) }
}
