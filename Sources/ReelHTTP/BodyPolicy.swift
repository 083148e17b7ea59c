/// How the server receives a request body, chosen per request by `HTTPHandler.bodyPolicy(for:)`
/// before any body byte is read, so oversized bodies are refused (413) without being transferred and
/// large uploads never sit in memory.
public enum BodyPolicy: Sendable, Equatable {
    /// No body expected: any non-empty body is refused with 413.
    case none
    /// Collect the body in memory, refusing it with 413 beyond `maxBytes` (JSON requests).
    case buffer(maxBytes: Int)
    /// Stream the body to a temporary file in `directory` as it arrives, refusing it with 413 (and
    /// removing the partial file) beyond `maxBytes` (uploads).
    case file(directory: String, maxBytes: Int64)
    /// Do not read the body at all: the request goes to `handle` at once (its body `.none`) and the
    /// connection closes after the response, since the body's bytes were never consumed. For
    /// requests the handler refuses on their head alone (an upload without credentials), so a
    /// large body is neither stored nor invited with `100 Continue`.
    case unread
}
