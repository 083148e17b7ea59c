import Foundation

/// Where an `HTTPServer` listens and the limits that protect it from slow or hostile clients.
/// Times are in seconds.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind (`127.0.0.1`, `0.0.0.0`, `::`; empty means every address).
    public var host: String
    /// TCP port; 0 asks the kernel for a free one (read it back from `HTTPServer.port`).
    public var port: Int
    /// Pool threads running `HTTPHandler.handle`; also the number of requests handled at once.
    public var handlerThreads: Int
    /// Event-loop threads sharing the connections (the first accepts and hands them out in turn);
    /// by default `automaticEventLoops`.
    public var eventLoops: Int

    /// Two loops per core, at most 8. Requests on the status path are answered on the loops, so
    /// the loops are the server's busy threads; two per core keep a core busy while the other
    /// loop waits in a system call, and give the server its share of a machine it shares with
    /// other busy processes (each runnable thread gets a share).
    public static var automaticEventLoops: Int { max(1, min(8, 2 * ProcessInfo.processInfo.activeProcessorCount)) }
    /// Longest accepted request line in bytes; longer ones get 414.
    public var requestLineLimit: Int
    /// Largest accepted header section (and chunked trailer section) in bytes; larger ones get 431.
    public var headerLimit: Int
    /// Time allowed for a request head to arrive completely, from the connection's start or its
    /// first byte; then 408 (or a silent close when nothing arrived).
    public var headerTimeout: Double
    /// A keep-alive connection waiting for its next request is closed silently after this. It also
    /// bounds stalls while a body is read (408) or a response is written (close).
    public var idleTimeout: Double
    /// Connections open at once; beyond this, new ones wait in the listen backlog.
    public var maxConnections: Int
    /// The slowest a request body may arrive, in bytes a second averaged over `bodyRateWindow`
    /// seconds; slower is 408 (a body trickling in holds a connection and an upload file for as
    /// long as its sender likes otherwise). Judged at each window's end whether bytes arrive or
    /// not, so a body that never starts or stops part-way is refused within one window. 0: no
    /// minimum (then only `idleTimeout` bounds a stalled body).
    public var minBodyBytesPerSecond = 0
    public var bodyRateWindow = 10.0
    /// Reverse proxies whose `X-Forwarded-For` names the client (`ProxyTrust`); none by default.
    public var trustedProxies = ProxyTrust()

    public init(host: String = "127.0.0.1", port: Int = 0, handlerThreads: Int = 4,
                requestLineLimit: Int = 8192, headerLimit: Int = 32768,
                headerTimeout: Double = 10, idleTimeout: Double = 60, maxConnections: Int = 4096,
                eventLoops: Int = HTTPServerConfiguration.automaticEventLoops) {
        self.eventLoops = eventLoops
        self.host = host
        self.port = port
        self.handlerThreads = handlerThreads
        self.requestLineLimit = requestLineLimit
        self.headerLimit = headerLimit
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// Every problem with the values, worded for an error message; empty when usable.
    func problems() -> [String] {
        var problems: [String] = []
        if minBodyBytesPerSecond < 0 { problems.append("minBodyBytesPerSecond \(minBodyBytesPerSecond) (must be 0 or more)") }
        if !(bodyRateWindow > 0) { problems.append("bodyRateWindow \(bodyRateWindow) (must be above 0)") }
        if !(0...65535).contains(port) { problems.append("port \(port) is not in 0…65535") }
        if handlerThreads < 1 || handlerThreads > 1024 { problems.append("handlerThreads \(handlerThreads) is not in 1…1024") }
        if eventLoops < 1 || eventLoops > 64 { problems.append("eventLoops \(eventLoops) is not in 1…64") }
        if requestLineLimit < 16 { problems.append("requestLineLimit \(requestLineLimit) is below 16") }
        if headerLimit < 16 { problems.append("headerLimit \(headerLimit) is below 16") }
        if !(headerTimeout > 0) || !headerTimeout.isFinite { problems.append("headerTimeout \(headerTimeout) is not a positive number of seconds") }
        if !(idleTimeout > 0) || !idleTimeout.isFinite { problems.append("idleTimeout \(idleTimeout) is not a positive number of seconds") }
        if maxConnections < 1 { problems.append("maxConnections \(maxConnections) is below 1") }
        return problems
    }
}
