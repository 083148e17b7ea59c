import ReelSpec
import ReelStorage

/// Why a render did not produce a file. Each case names the spec item or file involved and keeps
/// the error that caused it, so a caller can tell a damaged source from a passing failure.
public enum RenderError: Error, CustomStringConvertible, Sendable {
    /// The spec cannot be rendered as written (validation, unsupported features, unreadable or
    /// too-short sources); every problem is listed with its JSON pointer.
    case invalid([SpecProblem])
    /// A source failed while rendering: `cause` is what failed (`FFmpegError`, `MediaError`,
    /// `CompositingError`, …).
    case source(pointer: String, path: String, cause: any Error)
    /// Writing the output failed (disk full, encoder error); `cause` is what failed.
    case output(path: String, cause: any Error)
    /// The render was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .invalid(let problems):
            return problems.map { "\($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }.joined(separator: "\n")
        case let .source(pointer, path, cause):
            return "\(pointer) (\(path)): \(cause)"
        case let .output(path, cause):
            return "writing \(path): \(cause)"
        case .cancelled:
            return "the render was cancelled"
        }
    }

    /// True when the same render may succeed if tried again: the cause was the machine or the
    /// network (out of memory, a timeout, a dropped connection, a full disk), not the spec or its
    /// media. A job store retries only these; a damaged source or an invalid spec fails at once.
    public var isRetryable: Bool {
        switch self {
        case .invalid, .cancelled: return false
        case let .source(_, _, cause): return RenderError.isTransient(cause)
        case let .output(_, cause): return !RenderError.isPermanent(cause)
        }
    }

    /// Whether `error` says so itself (`RetryClassifiable`); anything else is taken as permanent for a
    /// source, whose failures are mostly its own damage.
    static func isTransient(_ error: any Error) -> Bool {
        (error as? RetryClassifiable)?.isTransient ?? false
    }

    /// An output failure is retried unless its cause is known not to change (an encoder refusing
    /// its settings); the output side fails mostly for the machine's reasons (disk, memory).
    static func isPermanent(_ error: any Error) -> Bool {
        guard let e = error as? RetryClassifiable else { return false }
        return !e.isTransient
    }

    /// Runs `body` for the source of the spec item at `pointer`: a `RenderError` passes through, any
    /// other error becomes `.source` with it as the cause.
    static func forSource<T>(pointer: String, path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.source(pointer: pointer, path: path, cause: error)
        }
    }
}

/// A source's or the output's failure carries what caused it, so the storage rules see a bucket's
/// outage through a render's error.
extension RenderError: CarriesCause {
    public var cause: (any Error)? {
        switch self {
        case let .source(_, _, cause), let .output(_, cause): return cause
        case .invalid, .cancelled: return nil
        }
    }
}
