import Foundation

/// Pauses between tries of something that failed for a passing reason: `first`, doubling up to
/// `limit`. One type so that every "wait and try again" in Reel grows its pauses the same way.
public struct Backoff: Sendable {
    public let first: Double
    public let limit: Double

    public init(first: Double, limit: Double) {
        self.first = first
        self.limit = limit
    }

    /// The pause after the `tries`-th failed try (1 = the first).
    public func pause(after tries: Int) -> Double {
        min(limit, first * Double(1 << min(max(tries - 1, 0), 30)))
    }

    /// A random pause from 0 up to `pause(after:)` ("full jitter"), for clients of a shared
    /// service: those that failed together do not come back together.
    public func jitteredPause(after tries: Int) -> Double { Double.random(in: 0...pause(after: tries)) }

    /// Runs `body` until it succeeds; an error that `isPassing` is tried again after a pause while
    /// `patience` seconds have not run out and `givingUp` says nothing; any other error, or a passing
    /// one past the patience, is thrown. `retrying` hears each error that will be tried again.
    public func run<T>(patience: Double, isPassing: (any Error) -> Bool, givingUp: () -> Bool = { false },
                       retrying: (any Error, Int) -> Void = { _, _ in }, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(patience)
        var tries = 0
        while true {
            tries += 1
            do {
                return try body()
            } catch where isPassing(error) && Date().addingTimeInterval(pause(after: tries)) < deadline && !givingUp() {
                retrying(error, tries)
                Thread.sleep(forTimeInterval: pause(after: tries))
            }
        }
    }
}
