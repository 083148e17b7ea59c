import Foundation
import ReelBasics

/// Starts one stage of a render's pipeline on a thread of its own.
enum StageThread {
    /// Runs `body` on a new thread named `name`; the semaphore is signalled once `body` has returned
    /// and been released, with everything it captured (decoders, files), so a renderer that waits
    /// for it knows the stage holds nothing any more.
    static func start(_ name: String, _ body: @escaping () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        // Foundation's Thread keeps its block until the thread object goes away, after the signal;
        // the body is handed over in a box the stage empties, so it drops `body` first.
        let box = Guarded<(() -> Void)?>(body)
        let thread = Thread {
            run(box)
            done.signal()
        }
        thread.name = name
        // Decoders and swscale use deep stacks; the default for secondary threads is 512 KiB.
        thread.stackSize = 8 << 20
        thread.start()
        return done
    }

    /// Takes the body out of its box and runs it; it is released when this returns.
    private static func run(_ box: Guarded<(() -> Void)?>) {
        let body = box.withLock { b in
            defer { b = nil }
            return b
        }
        body?()
    }
}
