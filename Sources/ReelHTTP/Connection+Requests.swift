import Glibc

/// Reading side: request heads, bodies, and handing complete requests to the pool.
extension Connection {
    /// Parses a head from the input if one is complete. Returns true when the state changed.
    func readHead() -> Bool {
        dropLeadingEmptyLines()
        if input.isEmpty {
            if peerClosed { close() }
            return false
        }
        if deadlineKind == .idle { setDeadline(after: host.configuration.headerTimeout, .head) }
        switch input.withUnconsumed({ scanner.scan($0) }) {
        case .incomplete:
            if peerClosed { close() }
            return false
        case .failed(let error):
            refuse(error, request: nil)
            return true
        case .complete(let length):
            let requestID = RequestID.make()
            var parsed: ParsedRequest
            do {
                parsed = try input.withUnconsumed {
                    try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: $0[0..<length]),
                                                remoteAddress: remoteAddress, clientAddress: peerIP, requestID: requestID)
                }
            } catch {
                refuse(error as? RequestError ?? .badRequest("\(error)"), request: nil, requestID: requestID)
                return true
            }
            input.consume(length)
            scanner.reset()
            let trust = host.configuration.trustedProxies
            if !trust.isEmpty {
                // Every X-Forwarded-For line, in order: a proxy may add its own line rather than extend the client's.
                let hops = parsed.head.headers.values("X-Forwarded-For")
                parsed.head.clientAddress = trust.client(peer: parsed.head.clientAddress,
                                                         forwardedFor: hops.isEmpty ? nil : hops.joined(separator: ","))
            }
            begin(parsed)
            return true
        }
    }

    /// RFC 9112 §2.2: empty lines before a request line are ignored.
    private func dropLeadingEmptyLines() {
        while let first = input.first {
            if first == ASCII.lf {
                input.consume(1)
            } else if first == ASCII.cr && input.byte(at: 1) == ASCII.lf {
                input.consume(2)
            } else {
                return
            }
            scanner.reset()
        }
    }

    private func begin(_ request: ParsedRequest) {
        record = RequestRecord(requestID: request.head.requestID, method: request.head.method,
                               path: request.head.path, client: request.head.clientAddress, started: MonotonicClock.now(),
                               traceparent: TraceParent.accepting(request.head.headers["traceparent"]))
        var expected: Int64?
        switch request.framing {
        case .none:
            if let response = host.handler.respondInline(to: request.head) {
                // Answered on the loop thread: no hand-off to the pool and back.
                respond(response, to: request, keepAlive: request.keepAlive && !host.isDraining)
                return
            }
            dispatch(request, body: .none)
            return
        case .length(let length):
            expected = length
        case .chunked:
            break
        }
        let policy = host.handler.bodyPolicy(for: request.head)
        if policy == .unread {
            // The body stays unread in the stream, so this connection cannot carry another request.
            dispatch(ParsedRequest(head: request.head, framing: request.framing, keepAlive: false, expectsContinue: false),
                     body: .none)
            return
        }
        let sink: BodySink
        do {
            sink = try BodySink(policy: policy, expectedLength: expected)
        } catch {
            refuse(error as? RequestError ?? RequestError(500, "\(error)"), request: request)
            return
        }
        if request.expectsContinue && expected != 0 && sink.limit == 0 {
            // A chunked body the policy cannot take: answer now rather than invite it with 100.
            sink.discard()
            refuse(RequestError(413, "this request takes no body"), request: request)
            return
        }
        if request.expectsContinue && input.isEmpty && expected != 0 {
            interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            flushInterim()
            if isClosed { return }
        }
        let pace = BodyPace(configuration: host.configuration, now: MonotonicClock.now())
        state = .readingBody(request, BodyReader(framing: request.framing, sink: sink,
                                                 trailerLimit: host.configuration.headerLimit), pace)
        setDeadline(at: pace.nextCheck, .body)
    }

    /// Feeds buffered input to the body. Returns true when the state changed. Its pace is judged
    /// on the deadline sweep (`checkDeadline`), whether bytes arrive or not.
    func readBody(_ request: ParsedRequest, _ reader: BodyReader, _ pace: BodyPace) -> Bool {
        if !input.isEmpty || reader.isComplete {
            do {
                let used = try input.withUnconsumed { try reader.consume($0) }
                input.consume(used)
                if reader.isComplete {
                    dispatch(request, body: reader.sink.finish())
                    return true
                }
                if used > 0 {
                    pace.received(used, now: MonotonicClock.now())
                    setDeadline(at: pace.nextCheck, .body)
                }
            } catch {
                reader.sink.discard()
                refuse(error as? RequestError ?? RequestError(500, "\(error)"), request: request)
                return true
            }
        }
        if peerClosed { close(reason: "the client closed the connection during the body") }
        return false
    }

    private func dispatch(_ request: ParsedRequest, body: HTTPRequestBody) {
        state = .handling(request)
        clearDeadline()
        updateInterest()
        host.dispatch(HTTPRequest(head: request.head, body: body), from: self)
    }

    /// Sends what is left of `interim` without blocking.
    func flushInterim() {
        while !interim.isEmpty {
            let n = interim.withUnsafeBytes { send(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                interim.removeFirst(n)
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                close(reason: "send: " + HTTPServerError.describe(errno: errno))
                return
            }
        }
    }
}
