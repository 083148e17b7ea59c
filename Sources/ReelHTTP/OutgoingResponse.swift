import Glibc

/// A response being written to a non-blocking socket: the serialized head (and an in-memory body),
/// then a file body read with `pread` 64 KiB at a time, or a stream's pieces as they come (each a
/// chunk when `chunked`), resuming wherever `EAGAIN` stopped it.
final class OutgoingResponse {
    enum Progress: Equatable {
        case done
        /// The socket is full: wait for `EPOLLOUT`.
        case wouldBlock
        /// `budget` bytes were sent: let other connections run, then continue.
        case yielded
        /// Everything so far is sent and the stream has nothing more yet: wait for its wake-up.
        case idle
        case failed(String)
    }

    static let chunkSize = 64 * 1024

    let status: Int
    /// Close the connection once this response is written.
    let closeAfter: Bool
    private var pending: [UInt8]
    private var offset = 0
    private var end: Int
    private let file: FileDescriptor?
    private var fileOffset: Int64
    private var fileRemaining: Int64
    private var headLength: Int64
    private(set) var totalSent: Int64 = 0
    let stream: ResponseStream?
    private let chunked: Bool
    private var streamEnded = false
    /// The last write found the stream with nothing more to send.
    private(set) var waitsForStream = false
    /// The file body is still being written: read no further than its writer has.
    let growing: GrowingFile?
    /// Which loop and connection a stream or growing file wakes.
    private var mailbox: LoopMailbox?
    private var connectionID: UInt64 = 0

    /// `head` is sent first, then `bytes`, then `fileLength` bytes of `file` from `fileOffset`.
    init(status: Int, closeAfter: Bool, head: [UInt8], bytes: [UInt8] = [],
         file: FileDescriptor? = nil, fileOffset: Int64 = 0, fileLength: Int64 = 0,
         stream: ResponseStream? = nil, chunked: Bool = false, growing: GrowingFile? = nil) {
        self.status = status
        self.closeAfter = closeAfter
        pending = head + bytes
        end = pending.count
        headLength = Int64(head.count)
        self.file = file
        self.fileOffset = fileOffset
        fileRemaining = file == nil ? 0 : fileLength
        self.stream = stream
        self.chunked = chunked
        self.growing = growing
    }

    /// Tells a stream or a growing file which loop and connection to wake when it has more.
    func attach(to mailbox: LoopMailbox, connectionID: UInt64) {
        self.mailbox = mailbox
        self.connectionID = connectionID
        stream?.attach(to: mailbox, connectionID: connectionID)
    }

    /// Puts bytes (an unsent `100 Continue`) before everything else; they count as head bytes.
    func prepend(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pending = bytes + pending[offset..<end]
        offset = 0
        end = pending.count
        headLength += Int64(bytes.count)
    }

    /// Body bytes sent so far (for the log).
    var bodyBytesSent: Int64 { max(0, totalSent - headLength) }

    func write(to socket: Int32, budget: Int) -> Progress {
        var sentNow = 0
        waitsForStream = false
        if let stream, stream.hasOverflowed { return .failed(Self.fellBehind(stream)) }
        while true {
            if offset == end {
                if fileRemaining > 0 {
                    if let stop = refill() { return stop }
                } else if let stream, !streamEnded {
                    if let stop = pull(stream) { return stop }
                    continue
                } else {
                    return .done
                }
            }
            if sentNow >= budget { return .yielded }
            let n = pending.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(socket, base + offset, end - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                offset += n
                sentNow += n
                totalSent += Int64(n)
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return .wouldBlock
            } else {
                return .failed(n < 0 ? "send: " + HTTPServerError.describe(errno: errno) : "send wrote nothing")
            }
        }
    }

    /// Puts the stream's next pieces into `pending` (framed as a chunk), or says why not.
    private func pull(_ stream: ResponseStream) -> Progress? {
        switch stream.take() {
        case .bytes(let bytes):
            pending = chunked ? Array(String(bytes.count, radix: 16).utf8) + [ASCII.cr, ASCII.lf] + bytes + [ASCII.cr, ASCII.lf] : bytes
        case .idle:
            waitsForStream = true
            return .idle
        case .finished:
            streamEnded = true
            pending = chunked ? Array("0\r\n\r\n".utf8) : []
        case .overflowed:
            return .failed(Self.fellBehind(stream))
        }
        offset = 0
        end = pending.count
        return nil
    }

    private static func fellBehind(_ stream: ResponseStream) -> String {
        "the client fell more than \(stream.limit) bytes behind the stream"
    }

    /// Reads the next piece of the file into `pending`; nil when it did, else what stops the
    /// writing: a failure, or (a growing file) nothing written yet past where the reading is.
    private func refill() -> Progress? {
        guard let file else { return .failed("no file") }
        var want = Int(min(Int64(Self.chunkSize), fileRemaining))
        var pastEnd = false
        while true {
            if let growing {
                switch growing.available(at: fileOffset, pastEnd: pastEnd, mailbox: mailbox, connectionID: connectionID) {
                case .upTo(let end): want = Int(min(Int64(want), end - fileOffset))
                case .wait:
                    waitsForStream = true
                    return .idle
                case .failed(let reason): return .failed(reason)
                }
                if want <= 0 { return .failed("the response file ended early") }
            }
            if pending.count < Self.chunkSize { pending = [UInt8](repeating: 0, count: Self.chunkSize) }
            let n = pending.withUnsafeMutableBytes { raw in pread(file.rawValue, raw.baseAddress, want, off_t(fileOffset)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failed("reading the response file: " + HTTPServerError.describe(errno: errno)) }
            if n == 0 && growing != nil && !pastEnd {
                pastEnd = true  // the writer started over and is not back here yet, or it ended short
                continue
            }
            if n == 0 { return .failed("the response file ended early") }
            offset = 0
            end = n
            fileOffset += Int64(n)
            fileRemaining -= Int64(n)
            return nil
        }
    }
}
