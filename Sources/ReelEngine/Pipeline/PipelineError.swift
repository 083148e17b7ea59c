/// A render pipeline that broke its own contract: a stage that ended before delivering what the
/// plan promised. Never expected; reported (as the cause of `RenderError.output`) rather than
/// written as a short file.
enum PipelineError: Error, CustomStringConvertible, RetryClassifiable {
    case picturesEnded(after: Int64, of: Int64)
    /// A passthrough splice could not keep its own invariants (see `Splicer`).
    case splice(String)
    /// A render of many outputs was not told where to write one of them (or was given one name
    /// twice, or one path for two).
    case noPath(output: String)

    /// A broken contract fails the same way again.
    var isTransient: Bool { false }

    var description: String {
        switch self {
        case let .picturesEnded(after, of): return "the picture stage stopped after \(after) of \(of) frames"
        case let .splice(why): return "passthrough splice: \(why)"
        case let .noPath(output): return "no single path for the output \(output)"
        }
    }
}
