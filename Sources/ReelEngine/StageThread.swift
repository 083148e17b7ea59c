import Foundation

/// Starts one stage of a render's pipeline on a thread of its own.
enum StageThread {
    /// Runs `body` on a new thread named `name`; the semaphore is signalled when it has returned and
    /// released everything it held (decoders, files), which the renderer waits for before it ends.
    static func start(_ name: String, _ body: @escaping () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.name = name
        // Decoders and swscale use deep stacks; the default for secondary threads is 512 KiB.
        thread.stackSize = 8 << 20
        thread.start()
        return done
    }
}
