import Foundation

/// A `PictureEncoder` on a thread of its own, so a render of many outputs (`MultiRenderer`) runs
/// its encoders side by side on the cores instead of one after another on the picture's thread.
/// Pictures go in through a short queue (each a reference: the encoders only read them), packets
/// come out through another, drained on the render's thread, which alone writes the muxers (a
/// muxer is not safe to write from two threads, and an encoder may feed several).
final class EncoderStage {
    let encoder: PictureEncoder
    private let pictures: BoundedQueue<(Frame, Int64)>
    private let packets: BoundedQueue<Packet>
    private var done: DispatchSemaphore?

    /// Why the stage's thread stopped early: the render closed its queues.
    private struct Closed: Error {}

    /// Starts the thread; `depth` pictures may wait for it. The packet queue holds what comes out
    /// of at least `depth` + 1 pictures between two drains, and everything a flush gives while the
    /// render drains it.
    init(_ encoder: PictureEncoder, depth: Int = 3) {
        self.encoder = encoder
        let pictures = BoundedQueue<(Frame, Int64)>(capacity: depth)
        let packets = BoundedQueue<Packet>(capacity: 64)
        self.pictures = pictures
        self.packets = packets
        done = StageThread.start("reel-encode") {
            do {
                let push = { (p: Packet) throws in
                    guard packets.push(p.movedOut()) else { throw Closed() }
                }
                while let (picture, index) = try pictures.pop() {
                    try encoder.encode(picture, index: index, sink: push)
                }
                guard !pictures.isClosed else { return }
                try encoder.finish(sink: push)
                packets.finish(error: nil)
            } catch is Closed {
                return
            } catch {
                // The render may be waiting to queue a picture: it must wake and see the failure.
                pictures.close()
                packets.finish(error: error)
            }
        }
    }

    /// Queues output frame `index`; throws the stage's failure when it has stopped.
    func encode(_ picture: Frame, index: Int64) throws {
        guard pictures.push((try picture.reference(), index)) else {
            while try packets.pop() != nil {}
            throw RenderError.cancelled
        }
    }

    /// Hands `sink` every packet encoded so far, without waiting; rethrows the stage's failure.
    func drain(sink: (Packet) throws -> Void) throws {
        while packets.hasItemOrEnded, let p = try packets.pop() { try sink(p) }
    }

    /// Ends the pictures and hands `sink` every remaining packet, the encoder drained.
    func finish(sink: (Packet) throws -> Void) throws {
        pictures.finish(error: nil)
        while let p = try packets.pop() { try sink(p) }
    }

    /// Stops the thread if it still runs (after a failure or a cancel) and waits until it has
    /// let go of everything; idempotent.
    func stop() {
        pictures.close()
        packets.close()
        done?.wait()
        done = nil
    }

    deinit { stop() }
}
