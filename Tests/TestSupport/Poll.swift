import Foundation

/// Waiting on a condition the test can observe (a file gone, a job's status, a log line), by asking
/// again every `interval` until it holds or `seconds` pass: the tests' only way to wait, so none
/// sleeps and hopes. A busy machine makes a wait longer, never a result wrong.
public enum Poll {
    /// True as soon as `condition` holds; false when it still does not after `seconds`.
    @discardableResult
    public static func until(seconds: Double = 30, every interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
        try value(seconds: seconds, every: interval) { try condition() ? true : nil } ?? false
    }

    /// The first value `body` gives; nil when it gives none within `seconds`.
    public static func value<T>(seconds: Double = 30, every interval: Double = 0.01, _ body: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let v = try body() { return v }
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
