import Foundation

/// Starts one stage of a render's pipeline on a thread of its own.
enum StageThread {
    /// Runs `body` on a new thread named `name`; the semaphore is signalled once `body` has returned
    /// and been released, with everything it captured (decoders, files), so a renderer that waits
    /// for it knows the stage holds nothing any more.
    static func start(_ name: String, _ body: @escaping () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        // Foundation's Thread keeps its block until the thread object goes away, after the signal;
        // the box lets the stage drop `body` first.
        let box = BodyBox(body)
        let thread = Thread {
            box.run()
            done.signal()
        }
        thread.name = name
        // Decoders and swscale use deep stacks; the default for secondary threads is 512 KiB.
        thread.stackSize = 8 << 20
        thread.start()
        return done
    }

    /// Holds a stage's body until it has run once.
    private final class BodyBox: @unchecked Sendable {
        private var body: (() -> Void)?
        init(_ body: @escaping () -> Void) { self.body = body }
        func run() {
            body?()
            body = nil
        }
    }
}
