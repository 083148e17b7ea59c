import Foundation
import ReelSpec

/// The automatic lowering of an item while voice-overs play: ramps down over `attack` before each
/// voice-over starts, holds `level` while it plays, ramps back over `release` after it ends.
/// Voice-overs closer together than a full ramp down and up are treated as one.
enum DuckingEnvelope {
    static let attack = Time(value: 1, timescale: 5)
    static let release = Time(value: 2, timescale: 5)
    static let defaultLevel = 0.25

    static func make(level: Double, under ranges: [TimeRange]) -> GainEnvelope {
        let sorted = ranges.sorted { $0.start < $1.start }
        var merged: [(start: Time, end: Time)] = []
        for r in sorted {
            if let last = merged.last, r.start - attack < last.end + release {
                merged[merged.count - 1].end = Time.max(last.end, r.end)
            } else {
                merged.append((r.start, r.end))
            }
        }
        var points: [GainEnvelope.Point] = []
        for m in merged {
            points.append(.init(m.start - attack, 1))
            points.append(.init(m.start, level))
            points.append(.init(m.end, level))
            points.append(.init(m.end + release, 1))
        }
        return GainEnvelope(points)
    }
}
