import ReelSpec

/// Why a render did not produce a file. Each case names the spec item or file involved.
public enum RenderError: Error, CustomStringConvertible, Sendable {
    /// The spec cannot be rendered as written (validation, unsupported features, unreadable or
    /// too-short sources); every problem is listed with its JSON pointer.
    case invalid([SpecProblem])
    /// A source failed while rendering (damaged media, decoder failure).
    case source(pointer: String, path: String, reason: String)
    /// Writing the output failed (disk full, encoder error).
    case output(path: String, reason: String)
    /// The render was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .invalid(let problems):
            return problems.map { "\($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }.joined(separator: "\n")
        case let .source(pointer, path, reason):
            return "\(pointer) (\(path)): \(reason)"
        case let .output(path, reason):
            return "writing \(path): \(reason)"
        case .cancelled:
            return "the render was cancelled"
        }
    }
}
