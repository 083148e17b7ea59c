import ReelHTTP

/// `GET /v1/jobs/{id}/events` and `GET /v1/events`: Server-Sent Events (`JobEventHub`). The
/// handler thread returns at once with the stream as the body; the hub fills it from then on.
extension APIHandler {
    /// A client that lost the stream waits this long before it reconnects (the `retry:` field).
    static let eventRetryMilliseconds = 2000

    /// One job's events: its state now (unless `Last-Event-ID` says the client has it), then an
    /// event on every change, ending after the one where the job can change no more.
    func jobEvents(_ id: String, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        guard try store.job(id, keyID: key) != nil else { throw ProblemError(.notFound("no job \(id)")) }
        return try eventStream(r, key: key, jobID: id)
    }

    /// Every job of the caller's key: what changes from now on, or, resuming, since `Last-Event-ID`.
    func keyEvents(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        try eventStream(r, key: key, jobID: nil)
    }

    private func eventStream(_ r: HTTPRequest, key: String, jobID: String?) throws -> HTTPResponse {
        let stream = ResponseStream(limit: config.eventBufferBytes, heartbeat: ServerSentEvent.heartbeat,
                                    heartbeatSeconds: config.eventHeartbeatSeconds)
        stream.send(ServerSentEvent.retry(milliseconds: Self.eventRetryMilliseconds))
        if r.head.method != "HEAD" {
            try events.subscribe(stream, keyID: key, jobID: jobID, after: ServerSentEvent.lastEventID(r.head.headers["Last-Event-ID"]))
        }
        // `X-Accel-Buffering: no` asks nginx not to hold events back in its buffer.
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                                   "X-Accel-Buffering": "no"], body: .stream(stream))
    }
}
