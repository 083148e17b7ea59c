import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs webhook bodies with URLSession (libcurl underneath on Linux): a 10 s limit for the whole
/// exchange, no redirects followed (a redirect could leave the allowed host; it counts as a failed
/// attempt with its 3xx status), no cookies, no cache. The answer's body is read and dropped.
final class WebhookClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The outcome of one POST.
    struct Answer: Equatable {
        /// The HTTP status, nil when no answer came.
        var status: Int?
        var error: String?
    }

    static let timeout = 10.0

    private final class Exchange {
        var status: Int?
        var error: Error?
        let done = DispatchSemaphore(value: 0)
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
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
        let task = session.dataTask(with: request)
        let exchange = Exchange()
        lock.lock()
        exchanges[task.taskIdentifier] = exchange
        lock.unlock()
        task.resume()
        if exchange.done.wait(timeout: .now() + Self.timeout + 2) == .timedOut {
            task.cancel()
            _ = exchange.done.wait(timeout: .now() + 2)
            lock.lock()
            exchanges[task.taskIdentifier] = nil
            lock.unlock()
            return Answer(status: nil, error: "no answer within \(Int(Self.timeout)) s")
        }
        if let status = exchange.status { return Answer(status: status, error: nil) }
        return Answer(status: nil, error: exchange.error.map { "\($0.localizedDescription)" } ?? "no answer")
    }

    /// Stops every exchange in flight; the client cannot send afterwards.
    func close() { session.invalidateAndCancel() }

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
