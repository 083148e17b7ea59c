import CRubberBand
import Foundation

/// Owns a Rubber Band stretcher (`RubberBandState`): changes audio's speed and keeps its pitch.
///
/// Real-time mode, so a clip streams through in blocks and memory stays flat however long the item
/// is (offline mode studies the whole input first); the R3 ("finer") engine, Rubber Band's higher
/// quality one; channels processed together, so a stereo image does not smear; no threads of its
/// own (the audio stage is one thread already).
final class TimeStretcher {
    private let state: RubberBandState
    let channels: Int
    /// Zeros to feed before the first input sample, and output samples to drop before the first
    /// real one: together they make output sample 0 line up with input sample 0.
    let startPad: Int
    let startDelay: Int

    /// `speed` > 1 plays faster (shorter); the time ratio Rubber Band takes is its inverse.
    init(rate: Int, channels: Int, speed: Double, maxBlock: Int) throws {
        let options = Int32(RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFiner.rawValue
                            | RubberBandOptionChannelsTogether.rawValue | RubberBandOptionThreadingNever.rawValue)
        guard let s = rubberband_new(UInt32(rate), UInt32(channels), options, 1 / speed, 1) else {
            throw SystemCallError(call: "rubberband_new", errno: ENOMEM, doing: "creating a time stretcher")
        }
        state = s
        self.channels = channels
        rubberband_set_max_process_size(state, UInt32(maxBlock))
        startPad = Int(rubberband_get_preferred_start_pad(state))
        startDelay = Int(rubberband_get_start_delay(state))
    }

    deinit { rubberband_delete(state) }

    /// Input samples the stretcher wants before it can give more output.
    var samplesRequired: Int { Int(rubberband_get_samples_required(state)) }

    /// Output samples ready to retrieve; -1 once everything after the final block is out.
    var available: Int { Int(rubberband_available(state)) }

    /// Feeds `count` samples of each plane; `final` marks the input's last block.
    func process(_ planes: [UnsafeMutablePointer<Float>], count: Int, final: Bool) {
        planes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: UnsafePointer<Float>?.self, capacity: channels) {
                rubberband_process(state, $0, UInt32(count), final ? 1 : 0)
            }
        }
    }

    /// Takes up to `count` output samples into `planes` (offset by `offset`); returns how many.
    func retrieve(into planes: [UnsafeMutablePointer<Float>], offset: Int, count: Int) -> Int {
        let targets = planes.map { Optional($0 + offset) }
        return targets.withUnsafeBufferPointer { p in
            Int(rubberband_retrieve(state, p.baseAddress!, UInt32(count)))
        }
    }
}
