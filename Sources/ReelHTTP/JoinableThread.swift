import CEpoll
import Glibc

/// A named POSIX thread that can be joined, which Foundation's `Thread` cannot: shutdown must know
/// that the event loop and the workers have really finished.
final class JoinableThread {
    private final class Start {
        let name: String
        let body: () -> Void
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    private let thread: pthread_t
    private var settled = false

    /// Starts `body` on a new thread named `name` (at most 15 bytes are kept by the kernel).
    init(name: String, _ body: @escaping () -> Void) throws {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
            _ = reel_set_thread_name(String(start.name.utf8.prefix(15)) ?? "reel-http")
            start.body()
            return nil
        }, start)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            throw HTTPServerError.system(call: "pthread_create", errno: status, context: "starting thread \(name)")
        }
        self.thread = thread
    }

    /// Waits for the thread to end.
    func join() {
        guard !settled else { return }
        settled = true
        pthread_join(thread, nil)
    }

    /// Lets the thread end on its own (used when shutdown's grace period runs out).
    func detach() {
        guard !settled else { return }
        settled = true
        pthread_detach(thread)
    }

    deinit { detach() }
}
