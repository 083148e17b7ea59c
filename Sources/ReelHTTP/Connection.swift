import Glibc

/// One client connection, driven only by the event-loop thread. It reads and parses one request at
/// a time, hands it to the pool, writes the response, and only then looks at the next request, so
/// pipelined requests are answered in order and nothing is read while a request is handled or a
/// response is written (backpressure). See `Connection+Requests` and `Connection+Responses`.
final class Connection {
    enum State {
        /// Waiting for (the rest of) a request head; also the idle keep-alive state.
        case awaitingHead
        case readingBody(ParsedRequest, BodyReader, BodyPace)
        /// The request is with the handler pool; no interest in the socket.
        case handling(ParsedRequest)
        case writing(OutgoingResponse)
        /// After a response that ends the connection: our side is shut down and input is read and
        /// dropped for a moment, so unread request bytes do not make the kernel send a reset that
        /// would destroy the response before the client reads it.
        case lingering
        case closed
    }

    /// What happens when `deadline` passes.
    enum DeadlineKind {
        /// A new connection without a complete head: silent close, or 408 if bytes arrived.
        case firstRequest
        /// Keep-alive wait for the next request: silent close.
        case idle
        /// A started head not finished in time: 408.
        case head
        /// A body's pace is due to be judged (`BodyPace.nextCheck`): 408 if it stalled or came too
        /// slowly, else the next check.
        case body
        /// A response stalled (the client stopped reading): close.
        case write
        /// A response stream was quiet this long: send its heartbeat.
        case heartbeat
        /// A response file's writer added nothing this long (`GrowingFile`): close.
        case growing
        case linger
    }

    static let lingerSeconds = 2.0
    static let lingerLimit = 1 << 20
    static let readsPerEvent = 4
    static let writeBudget = 1 << 20

    let id: UInt64
    let socket: FileDescriptor
    let remoteAddress: String
    /// The peer's IP, taken from `remoteAddress` once for all the connection's requests.
    let peerIP: String
    unowned let host: ConnectionHost
    var state = State.awaitingHead
    var input = InputBuffer()
    var scanner: HeadScanner
    private(set) var deadline: UInt64 = 0
    private(set) var deadlineKind = DeadlineKind.firstRequest
    /// The epoll interest currently registered.
    var interest: UInt32
    /// The client shut down its sending side (read returned 0).
    var peerClosed = false
    /// An interim response (`100 Continue`) not yet fully sent.
    var interim: [UInt8] = []
    /// The request being served, for its log line.
    var record: RequestRecord?
    private var lingered = 0

    init(id: UInt64, socket: FileDescriptor, remoteAddress: String, host: ConnectionHost, interest: UInt32) {
        self.id = id
        self.socket = socket
        self.remoteAddress = remoteAddress
        peerIP = ProxyTrust.ip(ofPeer: remoteAddress)
        self.host = host
        self.interest = interest
        scanner = HeadScanner(requestLineLimit: host.configuration.requestLineLimit,
                              headerLimit: host.configuration.headerLimit)
    }

    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// True while the connection is waiting for its next request with nothing received.
    var isIdle: Bool {
        if case .awaitingHead = state { return input.isEmpty }
        return false
    }

    func start() {
        setDeadline(after: host.configuration.headerTimeout, .firstRequest)
    }

    /// Handles one epoll report for this socket.
    func handle(events: UInt32, buffer: ReadBuffer) {
        if events & Epoll.hangUp != 0 {
            close(reason: "the connection failed or was reset")
            return
        }
        if events & Epoll.peerShutdown != 0, case .writing(let response) = state, response.stream != nil {
            // A stream's client left; for a stream that is how it normally ends.
            logRequest(status: response.status, bytes: response.bodyBytesSent, failure: nil)
            close()
            return
        }
        if events & Epoll.peerShutdown != 0, case .writing(let response) = state, response.growing != nil {
            // The client shut its side while the file grows. It may still read, so the writer's
            // next change (or the deadline) decides; level-triggered epoll would report it again
            // and again, so nothing more is watched.
            peerClosed = true
            updateInterest()
            return
        }
        if case .handling = state, events & Epoll.readable != 0 {
            // Input arrived while the request is with the handler (a pipelined request): stop
            // watching it until the response is written, or level-triggered epoll would spin.
            interest = 0
            host.setInterest(self, 0)
            return
        }
        if events & Epoll.readable != 0 { readAvailable(buffer) }
        if events & Epoll.writable != 0 && !isClosed {
            if !interim.isEmpty { flushInterim() }
            if !isClosed { process() }
        }
    }

    private var wantsInput: Bool {
        switch state {
        case .awaitingHead, .readingBody, .lingering: return !peerClosed
        case .handling, .writing, .closed: return false
        }
    }

    private func readAvailable(_ buffer: ReadBuffer) {
        for _ in 0..<Self.readsPerEvent {
            guard wantsInput else { return }
            let n = recv(socket.rawValue, buffer.bytes.baseAddress, buffer.bytes.count, 0)
            if n > 0 {
                if case .lingering = state {
                    lingered += n
                    if lingered > Self.lingerLimit { close() }
                    continue
                }
                input.append(UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<n]))
                process()
                if n < buffer.bytes.count { return }
            } else if n == 0 {
                peerClosed = true
                if case .lingering = state {
                    close()
                } else {
                    process()
                }
                return
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { close(reason: "recv: " + HTTPServerError.describe(errno: errno)) }
                return
            }
        }
    }

    /// Advances the state machine as far as the buffered input and the socket allow.
    func process() {
        while true {
            let advanced: Bool
            switch state {
            case .closed, .handling, .lingering:
                advanced = false
            case .writing(let response):
                advanced = writeResponse(response)
            case .awaitingHead:
                advanced = readHead()
            case .readingBody(let request, let reader, let pace):
                advanced = readBody(request, reader, pace)
            }
            if !advanced {
                updateInterest()
                return
            }
        }
    }

    func updateInterest() {
        var wanted: UInt32 = 0
        switch state {
        case .awaitingHead, .readingBody:
            if !peerClosed { wanted |= Epoll.readable }
            if !interim.isEmpty { wanted |= Epoll.writable }
        case .lingering:
            wanted = Epoll.readable
        case .writing(let response):
            wanted = response.waitsForStream ? (response.growing != nil && peerClosed ? 0 : Epoll.peerShutdown) : Epoll.writable
        case .handling:
            // Left as it was (readable): most clients send nothing until answered, so not
            // touching epoll here saves two epoll_ctl calls per request; `handle(events:)`
            // clears the interest if input does arrive meanwhile.
            return
        case .closed:
            return
        }
        if wanted != interest {
            interest = wanted
            host.setInterest(self, wanted)
        }
    }

    /// Shutdown began: an idle (or lingering) connection closes now; one with a request in
    /// progress finishes it and then closes.
    func beginDrain() {
        switch state {
        case .awaitingHead, .lingering: close()
        case .writing(let response) where response.stream != nil:
            // A stream ends with what was sent so far (its client may reconnect elsewhere).
            response.stream?.finish()
        case .readingBody, .handling, .writing, .closed: break
        }
    }

    /// A response stream has something new (posted through the loop's mailbox).
    func streamReady() {
        if case .writing = state { process() }
    }

    func setDeadline(after seconds: Double, _ kind: DeadlineKind) {
        setDeadline(at: MonotonicClock.now() &+ MonotonicClock.nanoseconds(seconds), kind)
    }

    func setDeadline(at moment: UInt64, _ kind: DeadlineKind) {
        deadline = moment
        deadlineKind = kind
        host.noteDeadline(deadline)
    }

    func clearDeadline() {
        deadline = 0
    }

    /// Acts on an expired deadline.
    func checkDeadline(now: UInt64) {
        guard deadline != 0, now >= deadline, !isClosed else { return }
        deadline = 0
        let configuration = host.configuration
        switch deadlineKind {
        case .firstRequest, .head:
            if case .awaitingHead = state, !input.isEmpty {
                refuse(RequestError(408, "the request head did not arrive within \(configuration.headerTimeout) s"), request: nil)
                process()
            } else {
                close()
            }
        case .body:
            // Judged here, on the loop's sweep, so a body with no byte arriving is refused too.
            guard case .readingBody(let request, let reader, let pace) = state else {
                close()
                return
            }
            if let error = pace.judge(now: now) {
                reader.sink.discard()
                refuse(error, request: request)
                process()
            } else {
                setDeadline(at: pace.nextCheck, .body)
            }
        case .write:
            close(reason: "the client stopped reading the response")
        case .growing:
            close(reason: "the response file did not grow for \(configuration.idleTimeout) s")
        case .heartbeat:
            if case .writing(let response) = state, let stream = response.stream {
                stream.send(stream.heartbeat)
                process()
            }
        case .idle, .linger:
            close()
        }
    }

    /// Ends the connection: a partial upload is removed, an unfinished request logged.
    func close(reason: String? = nil) {
        guard !isClosed else { return }
        var status = 0
        var bytes: Int64 = 0
        switch state {
        case .readingBody(_, let reader, _):
            reader.sink.discard()
        case .writing(let response):
            status = response.status
            bytes = response.bodyBytesSent
            response.stream?.close()
        default:
            break
        }
        if record != nil { logRequest(status: status, bytes: bytes, failure: reason ?? "the connection was closed") }
        state = .closed
        deadline = 0
        host.remove(self)
    }
}
