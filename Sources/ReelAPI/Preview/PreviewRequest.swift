import Foundation
import ReelEngine
import ReelSpec

/// The members of a `POST /v1/preview` body, each checked at its pointer.
struct PreviewRequest {
    var spec: JSONValue?
    var template: String?
    var merge: JSONValue?
    var time: Time
    var format: PreviewFormat
    var width: Int?
    /// For a spec with `outputs`: the one whose canvas is drawn (default the first).
    var output: String?

    init(_ members: [(key: String, value: JSONValue)]) throws {
        var problems: [SpecProblem] = []
        let known: Set = ["spec", "template", "merge", "time", "format", "width", "output"]
        problems += members.filter { !known.contains($0.key) }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        let value = { (name: String) in members.first(where: { $0.key == name })?.value }
        switch (value("spec"), value("template")) {
        case (.object?, nil): spec = value("spec")
        case (let s?, nil): problems.append(SpecProblem(pointer: "/spec", message: "must be a job spec object, found \(s.typeName)"))
        case (nil, .string(let id)?): template = id
        case (nil, _?): problems.append(SpecProblem(pointer: "/template", message: "must be a template id"))
        case (nil, nil): problems.append(SpecProblem(pointer: "", message: "needs a spec, or a template (with merge values)"))
        case (_?, _?): problems.append(SpecProblem(pointer: "/template", message: "cannot be given with spec; give one of them"))
        }
        merge = value("merge")
        if merge != nil && template == nil && value("template") == nil {
            problems.append(SpecProblem(pointer: "/merge", message: "goes with template; a spec has its values written in"))
        }
        time = .zero
        switch value("time") {
        case nil: problems.append(SpecProblem(pointer: "/time", message: "is required: the timeline time in seconds, or \"N/D\""))
        case .number(let text)?:
            switch TimeParser.parseDecimal(PreviewRequest.nanosecondsAtMost(text)) {
            case .success(let t) where !t.isNegative: time = t
            case .success: problems.append(SpecProblem(pointer: "/time", message: "must not be negative"))
            case .failure(let f): problems.append(SpecProblem(pointer: "/time", message: f.message))
            }
        case .string(let text)?:
            switch TimeParser.parseString(text) {
            case .success(let t) where !t.isNegative: time = t
            case .success: problems.append(SpecProblem(pointer: "/time", message: "must not be negative"))
            case .failure(let f): problems.append(SpecProblem(pointer: "/time", message: f.message))
            }
        case let v?: problems.append(SpecProblem(pointer: "/time", message: "must be a number of seconds or a string \"N/D\", found \(v.typeName)"))
        }
        format = .png
        switch value("format") {
        case nil: break
        case .string(let f)? where PreviewFormat(rawValue: f) != nil: format = PreviewFormat(rawValue: f)!
        case _?: problems.append(SpecProblem(pointer: "/format", message: "must be png or jpeg"))
        }
        switch value("width") {
        case nil: break
        case .number(let text)? where Int(text).map({ (16...7680).contains($0) }) == true: width = Int(text)
        case _?: problems.append(SpecProblem(pointer: "/width", message: "must be a whole number from 16 to 7680"))
        }
        switch value("output") {
        case nil: break
        case .string(let name)?: output = name
        case let v?: problems.append(SpecProblem(pointer: "/output", message: "must be the name of one of the spec's outputs, found \(v.typeName)"))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
    }

    /// A plain decimal `text` cut to 9 decimal places: a playhead's time computed in floating point
    /// (`0.1 + 0.2` is written 0.30000000000000004) names the frame it lies in all the same, which
    /// the cut changes only within a nanosecond of a frame's start.
    static func nanosecondsAtMost(_ text: String) -> String {
        guard let dot = text.firstIndex(of: "."), !text.contains(where: { $0 == "e" || $0 == "E" }) else { return text }
        let digits = text[text.index(after: dot)...]
        return digits.count > 9 ? String(text[..<dot]) + "." + digits.prefix(9) : text
    }
}
