/// A received request body, in the form its `BodyPolicy` asked for.
public enum HTTPRequestBody: Sendable, Equatable {
    /// The request had no body (or its policy was `.none`).
    case none
    /// The whole body, from a `.buffer` policy.
    case data([UInt8])
    /// A temporary file holding the whole body, from a `.file` policy. The handler may move it
    /// elsewhere (rename); if it is still at `path` when `handle` returns, the server deletes it.
    case file(path: String, bytes: Int64)
}
