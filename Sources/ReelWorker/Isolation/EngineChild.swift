import Foundation

/// One warm engine child (`EngineChildMain`) and the socket to it, started on first use and again
/// after it died: asked one request at a time by the thread `EngineChildren` lent it to. A request
/// past its deadline kills the child; a child that dies answers with why (`ChildFailure`).
final class EngineChild {
    private let isolation: RenderIsolation
    private let mediaRoot: String
    private let access: ChildAccess
    private var process: ChildProcess?
    /// The running child's temporary folder.
    private var scratch: ChildScratch?
    private var peakResident = 0

    init(_ isolation: RenderIsolation, mediaRoot: String, access: ChildAccess) {
        self.isolation = isolation
        self.mediaRoot = mediaRoot
        self.access = access
    }

    deinit { process?.kill() }

    /// The pid of the running child, if one runs.
    var pid: pid_t? { process?.pid }

    /// Asks `request`; its reply and the bytes that follow it. Throws `EngineFailure`.
    func ask(_ request: EngineRequest, deadline seconds: Double) throws -> (reply: EngineReply, bytes: [UInt8]) {
        let child = try start(seconds)
        let until = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        guard child.send(JSONEncoder.line(request)) else { throw ended(child) }
        let reply = try line(from: child, until: until, seconds: seconds)
        guard let count = reply.bytes, count > 0 else { return (reply, []) }
        guard let bytes = child.receive(bytes: count, waiting: Int32(max(1, seconds * 1000))) else { throw ended(child) }
        return (reply, bytes)
    }

    /// Kills the child (the next request starts another).
    func stop() {
        process?.kill()
        _ = process?.wait(block: true)
        process = nil
        scratch = nil
    }

    /// The running child, started first if none runs (or the last one ended while idle: its end
    /// is not the next request's fault).
    @discardableResult
    func start(_ seconds: Double) throws -> ChildProcess {
        if let process {
            if process.wait(block: false) == nil { return process }
            self.process = nil
        }
        let scratch = try ChildScratch()
        let child = try ChildProcess(executable: isolation.executable,
                                     arguments: ["reel", RenderIsolation.childCommand, RenderIsolation.engineRole],
                                     environment: RenderIsolation.childEnvironment(temporary: scratch.path))
        process = child
        self.scratch = scratch
        peakResident = 0
        var access = access
        access.write.append(scratch.path)
        child.send(JSONEncoder.line(EngineHello(mediaRoot: mediaRoot, limits: isolation.limits, sandbox: isolation.sandbox, access: access)))
        // The first line says the sandbox is in place (or why it could not be).
        let ready = try line(from: child, until: DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 10) * 1e9), seconds: seconds)
        if let failure = ready.failure {
            stop()
            throw EngineFailure.unavailable(failure)
        }
        return child
    }

    private func line(from child: ChildProcess, until: UInt64, seconds: Double) throws -> EngineReply {
        var sampled = DispatchTime.now().uptimeNanoseconds
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= until {
                stop()
                throw EngineFailure.limit("took longer than \(EngineFailure.seconds(seconds)) s (limits.previewSeconds): stopped")
            }
            if now - sampled > 100_000_000 {
                sampled = now
                peakResident = max(peakResident, child.residentBytes ?? 0)
            }
            switch child.receive(waiting: Int32(min(50, max(1, (until - now) / 1_000_000)))) {
            case .nothing: continue
            case .closed: throw ended(child)
            case .line(let text):
                guard let reply = try? JSONDecoder().decode(EngineReply.self, from: Data(text.utf8)) else { continue }
                return reply
            }
        }
    }

    /// The child ended mid-request: reaped, and why.
    private func ended(_ child: ChildProcess) -> EngineFailure {
        child.kill()
        let exit = child.wait(block: true)
        process = nil
        let peak = max(peakResident, exit?.maxResidentBytes ?? 0)
        let limit = isolation.limits.memoryMiB
        if ChildFailure.diedOfMemory(peak: peak, limitMiB: limit) { return .limit("went past its memory limit (\(limit) MiB)") }
        if let signal = exit?.signal { return .crashed("the engine process crashed (\(ChildFailure.name(of: signal)))") }
        return .crashed("the engine process ended with status \(exit?.code ?? -1) without an answer")
    }
}

/// Why an engine child gave no answer.
public enum EngineFailure: Error, CustomStringConvertible, Equatable {
    /// It crashed on the request: the input's fault, as far as anyone can tell.
    case crashed(String)
    /// It went past a limit (its deadline, its memory): the server's to say no to.
    case limit(String)
    /// Every child is busy and the queue is full, or none could be started.
    case busy
    case unavailable(String)

    public var description: String {
        switch self {
        case .crashed(let why), .limit(let why), .unavailable(let why): return why
        case .busy: return "every engine process is busy"
        }
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}
