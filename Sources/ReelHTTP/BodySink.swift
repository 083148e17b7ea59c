/// Where a request body goes, as its `BodyPolicy` says: nowhere (only an empty body passes), memory,
/// or a temporary file. The byte limit is checked before each append, so the sink never holds more.
final class BodySink {
    private enum Mode { case refuse, memory, file }

    let limit: Int64
    private let mode: Mode
    private var memory: [UInt8] = []
    private var file: TempFile?
    private(set) var received: Int64 = 0

    /// Throws 413 at once when the declared `expectedLength` is over the limit (nothing is read or
    /// created), or 500 when the temporary file cannot be created.
    init(policy: BodyPolicy, expectedLength: Int64?) throws {
        switch policy {
        case .none, .unread:
            mode = .refuse
            limit = 0
        case .buffer(let maxBytes):
            mode = .memory
            limit = Int64(max(0, maxBytes))
        case .file(_, let maxBytes):
            mode = .file
            limit = max(0, maxBytes)
        }
        if let expectedLength, expectedLength > limit { throw Self.tooLarge(limit) }
        if case .file(let directory, _) = policy { file = try TempFile(directory: directory) }
        if mode == .memory, let expectedLength { memory.reserveCapacity(Int(min(expectedLength, 1 << 20))) }
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        let (total, overflow) = received.addingReportingOverflow(Int64(bytes.count))
        guard !overflow, total <= limit else { throw Self.tooLarge(limit) }
        received = total
        switch mode {
        case .refuse: break
        case .memory: memory.append(contentsOf: bytes)
        case .file: try file?.write(bytes)
        }
    }

    /// The finished body; a file is closed and handed over to the request.
    func finish() -> HTTPRequestBody {
        switch mode {
        case .refuse:
            return .none
        case .memory:
            defer { memory = [] }
            return .data(memory)
        case .file:
            guard let file else { return .none }
            self.file = nil
            return .file(path: file.handOver(), bytes: received)
        }
    }

    /// Drops what was received; a partial temporary file is removed.
    func discard() {
        memory = []
        file = nil
    }

    private static func tooLarge(_ limit: Int64) -> RequestError {
        limit == 0 ? RequestError(413, "this request takes no body")
            : RequestError(413, "the body is larger than \(limit) bytes")
    }
}
