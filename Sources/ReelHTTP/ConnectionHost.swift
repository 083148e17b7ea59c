/// What a `Connection` needs from the event loop that owns it. Everything here runs on the loop
/// thread.
protocol ConnectionHost: AnyObject {
    var configuration: HTTPServerConfiguration { get }
    var handler: HTTPHandler { get }
    /// True once shutdown began: finish in-flight work, start nothing new.
    var isDraining: Bool { get }
    /// Where a response stream's sends wake this loop (`LoopMailbox.post(streamReady:)`).
    var mailbox: LoopMailbox { get }
    /// Sets the connection's epoll interest (`Epoll.readable`/`writable`, or 0).
    func setInterest(_ connection: Connection, _ events: UInt32)
    /// A connection deadline was set; the loop must wake up by then.
    func noteDeadline(_ deadline: UInt64)
    /// Hands a complete request to the handler pool.
    func dispatch(_ request: HTTPRequest, from connection: Connection)
    /// The connection is finished: deregister and close its socket.
    func remove(_ connection: Connection)
    func log(_ line: LogLine)
    /// The `Date` header value for now.
    func httpDate() -> String
}
