import Foundation
import Synchronization

/// The waveforms answered lately, by source file and points per second, so an editor that draws the
/// same clip again (every reload, every zoom back) does not decode its audio again. A file is known
/// by its path, size and modification time, so a replaced file is read afresh; the oldest of
/// `capacity` answers goes first.
final class WaveformCache: Sendable {
    private struct Entry {
        var body: [UInt8]
        var used: UInt64
    }

    private let capacity: Int
    private let entries = Mutex<(clock: UInt64, byKey: [String: Entry])>((0, [:]))

    init(capacity: Int = 32) { self.capacity = capacity }

    /// The cached answer for `path` at `pps`, or `make`'s (kept).
    func body(path: String, pointsPerSecond pps: Int, make: () throws -> [UInt8]) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = "\(path)\u{0}\(size)\u{0}\(modified)\u{0}\(pps)"
        let hit = entries.withLock { state -> [UInt8]? in
            guard var e = state.byKey[key] else { return nil }
            state.clock += 1
            e.used = state.clock
            state.byKey[key] = e
            return e.body
        }
        if let hit { return hit }
        let body = try make()
        entries.withLock { state in
            state.clock += 1
            state.byKey[key] = Entry(body: body, used: state.clock)
            if state.byKey.count > capacity, let oldest = state.byKey.min(by: { $0.value.used < $1.value.used })?.key {
                state.byKey[oldest] = nil
            }
        }
        return body
    }

    var count: Int { entries.withLock { $0.byKey.count } }
}
