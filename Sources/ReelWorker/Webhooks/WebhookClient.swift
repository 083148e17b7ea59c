import Foundation
import ReelStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs webhook bodies with URLSession (libcurl underneath on Linux): a 10 s limit for the whole
/// exchange, no redirects followed (a redirect could leave the allowed host; it counts as a failed
/// attempt with its 3xx status), no cookies, no cache. The answer's body is read and dropped.
/// Once `close`d it sends nothing more: swift-corelibs-foundation stops the process on a task made
/// from an invalidated session, so tasks are made under the lock that `close` takes first.
///
/// `@unchecked Sendable`, proven here: a URLSession delegate must be an `NSObject`, which the
/// compiler cannot see as `Sendable`. Its mutable state (`closed`, `exchanges`) is private and
/// read or written only under `lock`; `session` is set once in `init`, and URLSession is thread-safe.
final class WebhookClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
        /// The exchange failed: a refused connection, DNS, TLS… in Foundation's words.
        case transport(String)

        var description: String {
            switch self {
            case .timedOut: return "no answer within \(Int(WebhookClient.timeout)) s"
            case .closed: return "the server stopped during the attempt"
            case .transport(let message): return message
            }
        }
    }

    static let timeout = 10.0

    private final class Exchange {
        var status: Int?
        var error: Error?
        let done = DispatchSemaphore(value: 0)
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var closed = false
    private var session: URLSession!

    override init() {
        super.init()
        let c = URLSessionConfiguration.ephemeral
        c.timeoutIntervalForRequest = Self.timeout
        c.timeoutIntervalForResource = Self.timeout
        c.urlCache = nil
        c.httpCookieStorage = nil
        c.httpShouldSetCookies = false
        session = URLSession(configuration: c, delegate: self, delegateQueue: nil)
    }

    /// POSTs `body` and waits for the answer (at most a little over the timeout).
    func post(_ url: URL, headers: [(String, String)], body: [UInt8]) -> Answer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body)
        let exchange = Exchange()
        lock.lock()
        guard !closed else {
            lock.unlock()
            return .failed(.closed)
        }
        let task = session.dataTask(with: request)
        exchanges[task.taskIdentifier] = exchange
        task.resume()
        lock.unlock()
        if exchange.done.wait(timeout: .now() + Self.timeout + 2) == .timedOut {
            task.cancel()
            _ = exchange.done.wait(timeout: .now() + 2)
            lock.lock()
            exchanges[task.taskIdentifier] = nil
            lock.unlock()
            return .failed(isClosed ? .closed : .timedOut)
        }
        if let status = exchange.status { return .status(status) }
        if isClosed { return .failed(.closed) }
        guard let error = exchange.error else { return .failed(.transport("no answer")) }
        if (error as NSError).domain == NSURLErrorDomain, (error as NSError).code == NSURLErrorTimedOut { return .failed(.timedOut) }
        return .failed(.transport(error.localizedDescription))
    }

    /// Stops every exchange in flight; the client cannot send afterwards.
    func close() {
        lock.lock()
        closed = true
        lock.unlock()
        session.invalidateAndCancel()
    }

    private var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    private func exchange(_ task: URLSessionTask, remove: Bool = false) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return remove ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier]
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        exchange(task)?.status = response.statusCode
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        exchange(dataTask)?.status = (response as? HTTPURLResponse)?.statusCode
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let e = exchange(task, remove: true) else { return }
        if e.status == nil { e.status = (task.response as? HTTPURLResponse)?.statusCode }
        e.error = error
        e.done.signal()
    }
}
