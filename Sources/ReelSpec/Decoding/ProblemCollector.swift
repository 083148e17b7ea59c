/// Collects problems while the decoder walks a document: the walk never stops at the first one,
/// because docs/SPEC.md promises every problem at once.
final class ProblemCollector {
    private(set) var problems: [SpecProblem] = []

    var isEmpty: Bool { problems.isEmpty }

    func report(_ pointer: String, _ message: String) {
        problems.append(SpecProblem(pointer: pointer, message: message))
    }
}

/// A numeric range rule and the sentence a value breaking it gets ("must be between 0 and 1").
/// One type serves times, integers and doubles so every range message reads the same.
struct Bounds<T: Comparable> {
    var lower: T?
    var lowerInclusive = true
    var upper: T?
    var upperInclusive = true

    /// Any value (finite, for doubles) is accepted.
    static var any: Bounds { Bounds() }
    static func atLeast(_ v: T) -> Bounds { Bounds(lower: v) }
    static func greaterThan(_ v: T) -> Bounds { Bounds(lower: v, lowerInclusive: false) }
    static func between(_ a: T, _ b: T) -> Bounds { Bounds(lower: a, upper: b) }
    static func greaterThan(_ a: T, atMost b: T) -> Bounds { Bounds(lower: a, lowerInclusive: false, upper: b) }

    func contains(_ v: T) -> Bool {
        if let lower, lowerInclusive ? v < lower : v <= lower { return false }
        if let upper, upperInclusive ? v > upper : v >= upper { return false }
        return true
    }

    /// The rule as a sentence, with values shown by `show`.
    func sentence(_ show: (T) -> String) -> String {
        if let lower, let upper, lowerInclusive, upperInclusive {
            return "must be between \(show(lower)) and \(show(upper))"
        }
        var parts: [String] = []
        if let lower { parts.append(lowerInclusive ? "at least \(show(lower))" : "greater than \(show(lower))") }
        if let upper { parts.append(upperInclusive ? "at most \(show(upper))" : "less than \(show(upper))") }
        return "must be " + parts.joined(separator: " and ")
    }
}

/// Shows a double the way a user wrote it: `4` rather than `4.0`, `0.25` as is.
func showNumber(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(d)
}

/// Lists allowed words for an enum message: `a, b or c`.
func listWords(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
}
