import Foundation
import ReelFetch
import Synchronization

/// POSTs webhook bodies over libcurl (`ReelFetch.WebFetch.post`) under the rules of every URL a user
/// gives: the host resolved once and each address checked (public, or a host listed in
/// `allowedHosts`), the connection made to exactly those addresses (DNS rebinding cannot move it),
/// a 10 s limit for the whole exchange, no redirects followed (a 3xx is a failed attempt with its
/// status). Once `close`d it sends nothing more, and an exchange in flight is aborted.
final class WebhookClient: Sendable {
    /// How one POST ended.
    enum Answer: Equatable {
        /// The receiver answered with this HTTP status.
        case status(Int)
        /// No answer came.
        case failed(Failure)
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        /// No answer within `WebhookClient.timeout`.
        case timedOut
        /// The client was closed before or during the exchange.
        case closed
        /// The URL may never be reached (its host resolves to a private address, its scheme…).
        case refused(String)
        /// The exchange failed: a refused connection, DNS, TLS… in curl's words.
        case transport(String)

        var description: String {
            switch self {
            case .timedOut: return "no answer within \(Int(WebhookClient.timeout)) s"
            case .closed: return "the server stopped during the attempt"
            case .refused(let why): return "the URL " + why
            case .transport(let message): return message
            }
        }
    }

    static let timeout = 10.0

    private let web: WebFetch
    private let closed = Atomic(false)

    init(allowedHosts: [String] = []) {
        web = WebFetch(resolver: HostResolver(trusted: allowedHosts), maxBytes: 0, maxSeconds: Int(Self.timeout))
    }

    /// POSTs `body` and waits for the answer (at most the timeout).
    func post(_ url: String, headers: [(String, String)], body: [UInt8]) -> Answer {
        guard !closed.load(ordering: .acquiring) else { return .failed(.closed) }
        do {
            return .status(try web.post(url, headers: headers, body: body, seconds: Int(Self.timeout)) { [weak self] in
                self?.closed.load(ordering: .relaxed) ?? true
            })
        } catch {
            if closed.load(ordering: .acquiring) { return .failed(.closed) }
            if !error.isTransient { return .failed(.refused(error.reason)) }
            return .failed(error.reason.hasPrefix("no answer within") ? .timedOut : .transport(error.reason))
        }
    }

    /// Aborts every exchange in flight; the client cannot send afterwards.
    func close() { closed.store(true, ordering: .releasing) }

    /// Why a webhook URL may never be used, or nil (the check at submit).
    static func refusal(_ url: String, allowedHosts: [String]) -> String? {
        WebFetch(resolver: HostResolver(trusted: allowedHosts), maxBytes: 0, maxSeconds: 1).refusal(url).map { "the URL " + $0 }
    }
}
