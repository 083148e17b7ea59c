/// Reads one request body with its framing (Content-Length or chunked) into a `BodySink`,
/// consuming only the body's own bytes so a pipelined next request stays in the input buffer.
final class BodyReader {
    private enum Framing {
        case length(remaining: Int64)
        case chunked(ChunkedDecoder)
    }

    let sink: BodySink
    private var framing: Framing

    init(framing: BodyFraming, sink: BodySink, trailerLimit: Int) {
        self.sink = sink
        switch framing {
        case .none: self.framing = .length(remaining: 0)
        case .length(let length): self.framing = .length(remaining: max(0, length))
        case .chunked: self.framing = .chunked(ChunkedDecoder(trailerLimit: trailerLimit, bodyLimit: sink.limit))
        }
    }

    var isComplete: Bool {
        switch framing {
        case .length(let remaining): return remaining == 0
        case .chunked(let decoder): return decoder.isDone
        }
    }

    /// Feeds body bytes from the start of `input`; returns how many were used.
    func consume(_ input: UnsafeBufferPointer<UInt8>) throws -> Int {
        switch framing {
        case .length(let remaining):
            let take = Int(min(remaining, Int64(input.count)))
            try sink.append(UnsafeBufferPointer(rebasing: input[0..<take]))
            framing = .length(remaining: remaining - Int64(take))
            return take
        case .chunked(var decoder):
            defer { framing = .chunked(decoder) }
            return try decoder.decode(input) { try sink.append($0) }
        }
    }
}
