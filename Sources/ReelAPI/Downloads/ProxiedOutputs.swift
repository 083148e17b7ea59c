import ReelHTTP
import ReelStorage
import ReelBasics

/// The output file of a bucket storage served through this node (`proxyOutputs`): from the
/// node's cache when a copy is there; else the copy into the cache starts on a thread of its own
/// and the response sends it as it arrives (`GrowingFile`), so the first byte of a large output
/// comes after the bucket's first byte, not after the whole copy; a range further in is fetched
/// alone. At most `limit` such copies run at once; past it a request makes its copy whole first,
/// as a busy node should (no thread more).
final class ProxiedOutputs: Sendable {
    let limit: Int
    /// How long a request waits for the bucket's first byte, so that a refusal (no such key, the
    /// bucket unreachable) is still a problem before any head goes out; after it, the response
    /// starts and waits on the loop.
    static let startSeconds = 30.0
    private let running = Guarded(0)

    init(limit: Int = 8) { self.limit = limit }

    /// The body for bytes `range` of the output at `location`: from the node's whole copy when it
    /// is there; else, for a range from the start, the whole copy as it grows; for a range further
    /// in, those bytes alone fetched for this response (a seek does not wait for the copy to reach
    /// it); or, no slot free, from a copy made whole now. Throws the copy's error when it failed
    /// before its first byte.
    func body(_ location: String, range: ClosedRange<Int64>, outputs: any OutputStore) throws -> HTTPResponseBody {
        let length = range.upperBound - range.lowerBound + 1
        guard take() else { return .file(path: try outputs.localCopy(location, file: nil), offset: range.lowerBound, length: length) }
        let growing = GrowingFile()
        let failure = Guarded<(any Error)?>(nil)
        let fill: LocalCache.Fill
        do {
            fill = try outputs.startLocalCopy(location, range: range.lowerBound > 0 ? range : nil, opened: { try growing.open($0) },
                                              written: { growing.advance(to: $0) }) { [self] error in
                if let error {
                    failure.withLock { $0 = error }
                    growing.fail("copying the output from the bucket failed: \(error)")
                } else {
                    growing.complete()
                }
                give()
            }
        } catch {
            give()
            throw error
        }
        switch fill {
        case .ready(let path):
            give()
            return .file(path: path, offset: range.lowerBound, length: length)
        case .filling, .scratch:
            if growing.waitForStart(seconds: Self.startSeconds) != nil, let error = failure.withLock({ $0 }) { throw error }
            // A scratch file holds the range alone; a copy, the object from its start.
            let offset: Int64 = if case .scratch = fill { 0 } else { range.lowerBound }
            return .growingFile(growing, offset: offset, length: length)
        }
    }

    /// Copies running now.
    var inFlight: Int { running.withLock { $0 } }

    private func take() -> Bool {
        running.withLock { n in
            guard n < limit else { return false }
            n += 1
            return true
        }
    }

    private func give() { running.withLock { $0 -= 1 } }
}
