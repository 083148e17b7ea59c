import Glibc

/// Writing side: handler results, server-generated errors, response streaming and what follows a
/// response (next request, lingering close, close).
extension Connection {
    /// The handler finished the current request.
    func onHandlerResult(_ response: HTTPResponse) {
        guard case .handling(let request) = state else {
            if case .stream(let stream) = response.body { stream.close() }
            return
        }
        respond(response, to: request, keepAlive: request.keepAlive && !host.isDraining)
        process()
    }

    /// Answers with the handler's `reject` body for an error the server found; the connection
    /// closes afterwards (after `lingering`).
    func refuse(_ error: RequestError, request: ParsedRequest?, requestID: String? = nil) {
        if record == nil {
            record = RequestRecord(requestID: requestID ?? RequestID.make(), method: request?.head.method ?? "",
                                   path: request?.head.path ?? "", client: request?.head.clientAddress ?? peerIP,
                                   started: MonotonicClock.now())
        }
        record?.rejection = error.reason
        var response = host.handler.reject(request?.head, requestID: record?.requestID ?? RequestID.make(),
                                           status: error.status, reason: error.reason)
        response.status = error.status
        respond(response, to: request, keepAlive: false)
    }

    func respond(_ response: HTTPResponse, to request: ParsedRequest?, keepAlive: Bool) {
        let requestID = record?.requestID ?? RequestID.make()
        func context(_ keepAlive: Bool) -> ResponseBuilder.Context {
            ResponseBuilder.Context(requestID: requestID, date: host.httpDate(), keepAlive: keepAlive,
                                    isHead: request?.isHead ?? false, isHTTP10: request?.isHTTP10 ?? false,
                                    traceparent: record?.traceparent)
        }
        let outgoing: OutgoingResponse
        do {
            outgoing = try ResponseBuilder.build(response, context(keepAlive))
        } catch {
            let reason = (error as? RequestError)?.reason ?? "\(error)"
            record?.rejection = reason
            var fallback = host.handler.reject(request?.head, requestID: requestID, status: 500, reason: reason)
            fallback.status = 500
            if case .file = fallback.body { fallback.body = .empty }
            outgoing = (try? ResponseBuilder.build(fallback, context(false)))
                ?? OutgoingResponse(status: 500, closeAfter: true,
                                    head: Array("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        outgoing.prepend(interim)
        interim = []
        outgoing.attach(to: host.mailbox, connectionID: id)
        // A stream that starts while the server drains ends with what was sent so far.
        if host.isDraining { outgoing.stream?.finish() }
        state = .writing(outgoing)
        setDeadline(after: host.configuration.idleTimeout, .write)
    }

    /// Writes as much of the response as the socket takes. Returns true when it is complete and the
    /// connection moved on.
    func writeResponse(_ response: OutgoingResponse) -> Bool {
        let before = response.totalSent
        let progress = response.write(to: socket.rawValue, budget: Self.writeBudget)
        if response.totalSent > before { setDeadline(after: host.configuration.idleTimeout, .write) }
        switch progress {
        case .wouldBlock, .yielded:
            // Waiting on the client again (after a heartbeat, say): it must read within the timeout.
            if deadlineKind != .write || deadline == 0 { setDeadline(after: host.configuration.idleTimeout, .write) }
            return false
        case .idle:
            // A stream's quiet gets heartbeats; a file still being written must grow within the
            // idle timeout, or the response is cut (the writer stalled).
            if let stream = response.stream { setDeadline(after: stream.heartbeatSeconds, .heartbeat) }
            else { setDeadline(after: host.configuration.idleTimeout, .growing) }
            return false
        case .failed(let reason):
            close(reason: reason)
            return false
        case .done:
            response.stream?.close()
            logRequest(status: response.status, bytes: response.bodyBytesSent, failure: nil)
            if !response.closeAfter && !host.isDraining {
                state = .awaitingHead
                setDeadline(after: host.configuration.idleTimeout, .idle)
                return true
            }
            if peerClosed || host.isDraining { close() } else { startLingering() }
            return false
        }
    }

    private func startLingering() {
        _ = shutdown(socket.rawValue, Int32(SHUT_WR))
        input.clear()
        state = .lingering
        setDeadline(after: min(Self.lingerSeconds, host.configuration.idleTimeout), .linger)
    }

    /// Writes the request's log line (once) and forgets the request.
    func logRequest(status: Int, bytes: Int64, failure: String?) {
        guard let record else { return }
        self.record = nil
        var line = LogLine(level: "info", msg: "request")
        line.string("requestId", record.requestID)
        line.string("method", record.method)
        line.string("path", record.path)
        line.int("status", Int64(status))
        line.int("bytes", bytes)
        line.decimal("ms", MonotonicClock.milliseconds(from: record.started, to: MonotonicClock.now()))
        line.string("remote", remoteAddress)
        line.string("client", record.client)
        if let trace = record.traceparent { line.string("traceId", TraceParent.traceID(trace)) }
        if let error = failure ?? record.rejection { line.string("error", error) }
        host.log(line)
    }
}
