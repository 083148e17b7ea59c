import Glibc

/// Why the server could not start or keep running; each case says what it was doing.
public enum HTTPServerError: Error, CustomStringConvertible, Sendable {
    /// A system call failed: which call, its errno, and what the server was doing.
    case system(call: String, errno: Int32, context: String)
    /// The configuration cannot work (each problem listed).
    case invalidConfiguration([String])
    /// The host/port could not be resolved or bound.
    case address(host: String, port: Int, reason: String)
    /// `start()` was called on a server that is running or has been shut down.
    case notStartable(String)

    public var description: String {
        switch self {
        case let .system(call, code, context):
            return "\(context) (\(call)): \(Self.describe(errno: code))"
        case .invalidConfiguration(let problems):
            return "invalid HTTP server configuration: " + problems.joined(separator: "; ")
        case let .address(host, port, reason):
            return "cannot listen on \(host.isEmpty ? "*" : host):\(port): \(reason)"
        case .notStartable(let reason):
            return "cannot start the HTTP server: \(reason)"
        }
    }

    static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// The `.system` error for the current `errno`.
    static func lastError(_ call: String, _ context: String) -> HTTPServerError {
        .system(call: call, errno: errno, context: context)
    }
}
