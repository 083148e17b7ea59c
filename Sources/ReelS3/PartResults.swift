import Synchronization

/// The ETags of a multipart upload's parts as the upload threads finish them, and the first error.
final class PartResults: Sendable {
    private struct State {
        var etags: [String?]
        var error: Error?
    }
    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(etags: Array(repeating: nil, count: count))) }

    func set(_ number: Int, _ etag: String) { state.withLock { $0.etags[number - 1] = etag } }
    func fail(_ error: Error) { state.withLock { if $0.error == nil { $0.error = error } } }
    var failed: Bool { state.withLock { $0.error != nil } }
    var error: Error? { state.withLock { $0.error } }
    var parts: [(number: Int, etag: String)] {
        state.withLock { s in s.etags.enumerated().map { ($0.offset + 1, $0.element ?? "") } }
    }
}
