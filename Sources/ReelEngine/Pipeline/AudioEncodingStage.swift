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

    /// Why the stage's thread stopped early: the consumer closed the queue.
    private struct Closed: Error {}

    init(track: AudioTrackEncoder, capacity: Int = 64) {
        let queue = BoundedQueue<Packet>(capacity: capacity)
        self.queue = queue
        done = StageThread.start("reel-audio") {
            do {
                let push = { (p: Packet) throws in
                    guard queue.push(p.movedOut()) else { throw Closed() }
                }
                try track.finish(sink: push)
                queue.finish(error: nil)
            } catch is Closed {
                return
            } catch {
                queue.finish(error: error)
            }
        }
    }

    /// Hands `sink` every packet whose pts (in samples) is before `sample`, waiting for the stage
    /// where it has not got that far yet; rethrows the stage's error.
    func writePackets(before sample: Int64, sink: (Packet) throws -> Void) throws {
        while true {
            if held == nil { held = try queue.pop() }
            guard let p = held, p.pts < sample else { return }
            held = nil
            try sink(p)
        }
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
