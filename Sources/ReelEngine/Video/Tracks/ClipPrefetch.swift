import Foundation
import ReelBasics

/// The next clip of the timeline opened, sought and decoded up to its first shown frame on a thread
/// of its own, while the segment before it still plays.
///
/// Opening a clip at a trim point decodes from the keyframe before it: with sources whose keyframes
/// are seconds apart that is hundreds of frames on one decoding thread, during which the encoder
/// would wait for pictures. Done ahead, the work overlaps the encoding of the previous segment.
final class ClipPrefetch {
    private let done: DispatchSemaphore
    /// Written by the prefetch thread before it signals, read after the wait.
    private let box = Guarded<Result<any ClipPictures, Error>?>(nil)

    /// Starts `open` on its own thread; it must return the clip ready at its first time.
    init(_ open: @escaping () throws -> any ClipPictures) {
        let box = box
        done = StageThread.start("reel-prefetch") {
            let result = Result { try open() }
            box.withLock { $0 = result }
        }
    }

    /// Waits for the clip (or the error opening it) and hands it over.
    func take() throws -> any ClipPictures {
        finish()
        return try box.withLock { $0! }.get()
    }

    /// Waits until the thread has finished, whatever it produced, so nothing outlives the render.
    /// Calling it again does not wait again.
    func finish() {
        done.wait()
        done.signal()
    }

}
