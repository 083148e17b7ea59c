/// One JSON value of the document with its pointer: the unit every reader works on, so a reader can
/// report a problem exactly where the value sits without the caller passing paths around.
///
/// Readers return nil after reporting when the value is unusable; they never throw, because the
/// decoder keeps walking to find every problem.
struct Field {
    let value: JSONValue
    let pointer: String
    let problems: ProblemCollector

    func report(_ message: String) { problems.report(pointer, message) }

    func wrongType(_ expected: String) { report("must be \(expected), found \(value.typeName)") }

    /// A time: a JSON number read exactly from its text, or an `"N/D"` string (docs/SPEC.md).
    func time(_ bounds: Bounds<Time> = .any) -> Time? {
        let parsed: Result<Time, TimeParser.Failure>
        switch value {
        case .number(let text): parsed = TimeParser.parseDecimal(text)
        case .string(let text): parsed = TimeParser.parseString(text)
        default:
            wrongType("a number of seconds or a string \"N/D\"")
            return nil
        }
        switch parsed {
        case .failure(let failure):
            report(failure.message)
            return nil
        case .success(let t):
            return checked(t, bounds) { $0.description }
        }
    }

    /// An integer, written as a JSON number with no fractional part (`1e3` is 1000).
    func int(_ bounds: Bounds<Int> = .any) -> Int? {
        guard case .number(let text) = value else {
            wrongType("an integer")
            return nil
        }
        switch TimeParser.parseDecimal(text) {
        case .success(let t) where t.timescale == 1:
            guard let i = Int(exactly: t.value) else { report("is out of range"); return nil }
            return checked(i, bounds) { String($0) }
        case .failure(.outOfRange):
            report("is out of range")
        default:
            report("must be an integer")
        }
        return nil
    }

    /// A plain number (volume, opacity…), which is not a time and so may be a Double. Must be finite.
    func double(_ bounds: Bounds<Double> = .any) -> Double? {
        guard case .number(let text) = value else {
            wrongType("a number")
            return nil
        }
        guard let d = Double(text), d.isFinite else {
            report("is out of range")
            return nil
        }
        return checked(d, bounds, show: showNumber)
    }

    /// A string, by default non-empty; `maxLength` counts characters as people see them.
    func string(nonEmpty: Bool = true, maxLength: Int? = nil) -> String? {
        guard case .string(let s) = value else {
            wrongType("a string")
            return nil
        }
        if nonEmpty, s.isEmpty {
            report("must not be empty")
            return nil
        }
        if let maxLength, s.count > maxLength {
            report("must be at most \(maxLength) characters long")
            return nil
        }
        return s
    }

    func bool() -> Bool? {
        guard case .bool(let b) = value else {
            wrongType("true or false")
            return nil
        }
        return b
    }

    /// A string naming one case of `E`; the message lists every allowed value.
    func enumCase<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> E? where E.RawValue == String {
        guard let word = oneOf(E.allCases.map(\.rawValue)) else { return nil }
        return E(rawValue: word)
    }

    /// A string that must be one of `allowed`; the message lists them.
    func oneOf(_ allowed: [String]) -> String? {
        let rule = "must be one of \(listWords(allowed))"
        guard case .string(let s) = value else {
            report("\(rule) (found \(value.typeName))")
            return nil
        }
        guard allowed.contains(s) else {
            report("\(rule) (found \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\")")
            return nil
        }
        return s
    }

    /// A `#RRGGBB` or `#RRGGBBAA` colour.
    func color() -> Color? {
        guard case .string(let s) = value else {
            wrongType("a colour string \"#RRGGBB\" or \"#RRGGBBAA\"")
            return nil
        }
        guard let c = Color(hex: s) else {
            report("must be a colour written \"#RRGGBB\" or \"#RRGGBBAA\"")
            return nil
        }
        return c
    }

    /// The elements of an array, each with its own pointer.
    func array(nonEmpty: Bool = false) -> [Field]? {
        guard case .array(let items) = value else {
            wrongType("an array")
            return nil
        }
        if nonEmpty, items.isEmpty {
            report("must not be empty")
            return nil
        }
        return items.enumerated().map { i, v in
            Field(value: v, pointer: JSONPointer.appending(i, to: pointer), problems: problems)
        }
    }

    /// Reads an object with `body`, then reports every member `body` did not read as an unknown field.
    func object<T>(_ body: (ObjectReader) -> T?) -> T? {
        guard case .object(let members) = value else {
            wrongType("an object")
            return nil
        }
        let reader = ObjectReader(members: members, pointer: pointer, problems: problems)
        let result = body(reader)
        reader.reportUnread()
        return result
    }

    /// Reads an object with `body`, leaving members `body` did not read alone: for formats whose
    /// objects carry data Reel has no use for (OpenTimelineIO's names, metadata, colours).
    func openObject<T>(_ body: (ObjectReader) -> T?) -> T? {
        guard case .object(let members) = value else {
            wrongType("an object")
            return nil
        }
        return body(ObjectReader(members: members, pointer: pointer, problems: problems))
    }

    private func checked<T>(_ v: T, _ bounds: Bounds<T>, show: (T) -> String) -> T? {
        guard bounds.contains(v) else {
            report(bounds.sentence(show))
            return nil
        }
        return v
    }
}
