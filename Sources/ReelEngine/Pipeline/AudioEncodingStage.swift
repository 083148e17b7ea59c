import Foundation

/// Mixes and encodes the audio track on its own thread, a bounded number of packets ahead of the
/// muxer.
///
/// Decoding the audio sources, mixing, limiting and AAC-encoding cost about 3 % of the benchmark's
/// CPU time. On the encoding thread that work sat between two video frames, while one of x264's frame
/// threads waited for its next picture; here it overlaps the video encode. On 2 cores, which are busy
/// either way, that measured neutral; on larger machines it takes a serial step off the encoding
/// thread. The muxer stays on the encoding
/// thread, which takes the packets up to each video frame's time (`writePackets(before:)`), so the
/// file interleaves as before and the stage is never more than `capacity` packets (about 1.4 s of
/// AAC) ahead.
final class AudioEncodingStage {
    private let queue: BoundedQueue<Packet>
    private var held: Packet?
    private var done: DispatchSemaphore?
    /// How far (in samples) the video may run ahead while the stage has produced nothing yet.
    private let startupLead: Int64
    private var started = false

    /// Why the stage's thread stopped early: the consumer closed the queue.
    private struct Closed: Error {}

    /// `startupLead`: until the stage's first packet, `writePackets(before:)` does not wait for
    /// boundaries up to this many samples: a loudness target is solved (the whole mix measured)
    /// before the first packet, and meanwhile the video renders instead of standing still. The
    /// muxer (`av_interleaved_write_frame`) holds the video packets written meanwhile and
    /// interleaves them once the audio comes, exactly as long as the lead stays under its 10 s
    /// `max_interleave_delta`.
    convenience init(track: AudioTrackEncoder, capacity: Int = 64, startupLead: Int64 = 0) {
        self.init(capacity: capacity, startupLead: startupLead) { sink in try track.finish(sink: sink) }
    }

    /// A stage whose thread runs `produce`, which hands its packets to the sink in order.
    init(capacity: Int = 64, startupLead: Int64 = 0, produce: @escaping ((Packet) throws -> Void) throws -> Void) {
        let queue = BoundedQueue<Packet>(capacity: capacity)
        self.queue = queue
        self.startupLead = startupLead
        done = StageThread.start("reel-audio") {
            do {
                let push = { (p: Packet) throws in
                    guard queue.push(p.movedOut()) else { throw Closed() }
                }
                try produce(push)
                queue.finish(error: nil)
            } catch is Closed {
                return
            } catch {
                queue.finish(error: error)
            }
        }
    }

    /// Hands `sink` every packet whose pts (in samples) is before `sample`, waiting for the stage
    /// where it has not got that far yet (except at the start, within `startupLead`, while the stage
    /// has produced nothing); rethrows the stage's error.
    func writePackets(before sample: Int64, sink: (Packet) throws -> Void) throws {
        if !started {
            if held == nil, sample <= startupLead, !queue.hasItemOrEnded { return }
            started = true
        }
        while true {
            if held == nil { held = try queue.pop() }
            guard let p = held, p.pts < sample else { return }
            held = nil
            try sink(p)
        }
    }

    /// The `startupLead` for a plan's track: 8 s of samples with a loudness target (the video
    /// renders while the whole mix is measured), none without.
    static func startupLead(_ plan: RenderPlan) -> Int64 {
        plan.audioEncoding.loudness == nil ? 0 : 8 * Int64(plan.audioEncoding.sampleRate)
    }

    /// Hands `sink` every remaining packet, once the stage has encoded the whole track.
    func writeRemainingPackets(sink: (Packet) throws -> Void) throws {
        try writePackets(before: .max, sink: sink)
    }

    /// Stops the stage (if it is still running) and waits until its thread has released everything.
    func stop() {
        queue.close()
        done?.wait()
        done = nil
    }

    deinit { stop() }
}
