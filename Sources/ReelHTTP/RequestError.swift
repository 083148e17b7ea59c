/// Why a request was refused before (or instead of) reaching the handler: the status to answer with
/// and a human reason, passed to `HTTPHandler.reject` and written to the log.
struct RequestError: Error, Equatable, CustomStringConvertible {
    let status: Int
    let reason: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    static func badRequest(_ reason: String) -> RequestError { RequestError(400, reason) }

    var description: String { "\(status): \(reason)" }
}
