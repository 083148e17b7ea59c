import Foundation
import ReelEngine
import ReelStorage

/// A job's render in a child process of `reel` (`RenderChildMain`), supervised from the worker
/// thread that claimed the job: the child plans and renders while this thread reads its reports,
/// kills it at once on a cancel (the token) or when no progress came for `stallSeconds`, watches
/// its memory, and turns how it ended into an error that names the cause (`ChildFailure`).
final class RenderChild {
    private let child: ChildProcess
    /// Its temporary folder, removed once the child is done with.
    private let scratch: ChildScratch
    private let limits: ChildLimits
    /// What the child's sandbox holds, once it said.
    private(set) var sandbox: SandboxReport?
    /// The most resident memory seen while supervising (bytes).
    private var peakResident = 0

    var pid: pid_t { child.pid }

    init(_ isolation: RenderIsolation, request: RenderChildRequest) throws {
        limits = request.limits
        scratch = try ChildScratch()
        var request = request
        request.access.write.append(scratch.path)
        child = try ChildProcess(executable: isolation.executable, arguments: ["reel", RenderIsolation.childCommand],
                                 environment: RenderIsolation.childEnvironment(temporary: scratch.path))
        child.send(JSONEncoder.line(request))
    }

    /// Waits for the plan's facts (or the reason there is no plan).
    func planned(cancel token: CancellationToken) throws -> PlannedOutput {
        try supervise(token, planning: true) { $0.planned }
    }

    /// Has the child render to `output`; `progress` hears 0…1 as frames are done.
    /// `live`: a progressive output kept elsewhere, whose files the child reports and this process
    /// puts, answering each before the child goes on.
    func render(to output: String, cancel token: CancellationToken, live: (any LiveOutput)? = nil,
                progress: (Double) -> Void) throws -> RenderedSummary {
        try begin(output, relay: live != nil)
        return try supervise(token, planning: false) { report in
            if let p = report.progress { progress(p) }
            answerPut(report, output: output, live: live)
            return report.done
        }
    }

    /// Has the child render a job's named outputs, each to its path (by name); its summary.
    /// `live`: the progressive outputs kept elsewhere, by name, whose files the child reports and
    /// this process puts, as for one output.
    func render(outputs paths: [String: String], live: [String: any LiveOutput] = [:], cancel token: CancellationToken,
                progress: (Double) -> Void) throws -> RenderedSummary {
        try begin(outputs: paths, live: live)
        return try supervise(token, planning: false) { report in
            if let p = report.progress { progress(p) }
            answerPut(report, outputs: paths, live: live)
            return report.done
        }
    }

    /// Has a join child begin its output at `output` (`relay`: its files put through `live`),
    /// after which it takes `JoinStep`s (`join`).
    func begin(_ output: String, relay: Bool) throws {
        guard child.send(JSONEncoder.line(RenderChildGo(output: output, relay: relay))) else { throw ended() }
    }

    /// Has a child of a job with `outputs` begin (a render, or a join taking `JoinStep`s), writing
    /// each output where `paths` says (`live`: the progressive ones kept elsewhere, relayed).
    func begin(outputs paths: [String: String], live: [String: any LiveOutput]) throws {
        let go = RenderChildGo(output: nil, outputs: paths, relayedOutputs: live.isEmpty ? nil : live.keys.sorted())
        guard child.send(JSONEncoder.line(go)) else { throw ended() }
    }

    /// Sends a progressive join's step (none: waits for the join to begin) and waits until the
    /// child is ready for the next (nil) or finished the output (its summary). Puts of its live
    /// files are answered meanwhile.
    func join(_ step: JoinStep?, output: String, cancel token: CancellationToken, live: (any LiveOutput)?) throws -> RenderedSummary? {
        try join(step, cancel: token) { answerPut($0, output: output, live: live) }
    }

    /// `join` for a job with `outputs`: its progressive outputs' puts answered by output name.
    func join(_ step: JoinStep?, outputs paths: [String: String], cancel token: CancellationToken,
              live: [String: any LiveOutput]) throws -> RenderedSummary? {
        try join(step, cancel: token) { answerPut($0, outputs: paths, live: live) }
    }

    private func join(_ step: JoinStep?, cancel token: CancellationToken, answer: (RenderChildReport) -> Void) throws -> RenderedSummary? {
        if let step, !child.send(JSONEncoder.line(step)) { throw ended() }
        return try supervise(token, planning: false) { report -> RenderedSummary?? in
            answer(report)
            if let done = report.done { return .some(done) }
            return report.ready == true ? .some(nil) : nil
        }
    }

    /// `answerPut` of a named output's file (`RenderChildReport.output`): its path and live output.
    private func answerPut(_ report: RenderChildReport, outputs paths: [String: String], live: [String: any LiveOutput]) {
        answerPut(report, output: report.output.flatMap { paths[$0] } ?? "", live: report.output.flatMap { live[$0] })
    }

    /// Puts a live file the child reported (`RelayedLiveOutput` in the child) and answers it.
    private func answerPut(_ report: RenderChildReport, output: String, live: (any LiveOutput)?) {
        guard let file = report.put else { return }
        var ack = RenderChildAck()
        do {
            guard let live else { throw RelayedLiveOutput.Refused(description: "no progressive output to put \(file) in") }
            if let text = report.bytes {
                try live.put(file, bytes: [UInt8](Data(base64Encoded: text) ?? Data()))
            } else {
                try live.put(file, from: output)
            }
        } catch {
            ack.error = "\(error)"
        }
        child.send(JSONEncoder.line(ack))
    }

    /// Lets the child go without rendering (its plan is rendered elsewhere) and reaps it.
    func dismiss() {
        if !child.send(JSONEncoder.line(RenderChildGo(output: nil))) { child.kill() }
        _ = child.wait(block: true)
    }

    /// Reads reports until `take` finds its answer in one; the child killed on a cancel or a stall.
    private func supervise<T>(_ token: CancellationToken, planning: Bool, take: (RenderChildReport) -> T?) throws -> T {
        var heard = DispatchTime.now().uptimeNanoseconds
        var sampled = heard
        let stall = UInt64(max(0.1, limits.stallSeconds) * 1e9)
        while true {
            if token.isCancelled {
                child.kill()
                _ = child.wait(block: true)
                throw RenderError.cancelled
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if now - heard > stall {
                child.kill()
                _ = child.wait(block: true)
                throw ChildFailure(cause: .stalled(seconds: Int(limits.stallSeconds.rounded()), planning: planning))
            }
            if now - sampled > 100_000_000 {
                sampled = now
                peakResident = max(peakResident, child.residentBytes ?? 0)
            }
            switch child.receive(waiting: 50) {
            case .nothing:
                continue
            case .closed:
                throw ended()
            case .line(let line):
                guard let report = try? JSONDecoder().decode(RenderChildReport.self, from: Data(line.utf8)) else { continue }
                heard = DispatchTime.now().uptimeNanoseconds
                if let s = report.sandbox { sandbox = s }
                if let failure = report.failure {
                    _ = child.wait(block: true)
                    if failure.memory { throw ChildFailure(cause: .memory(limitMiB: limits.memoryMiB)) }
                    throw ChildFailure(cause: .reported(code: .init(rawValue: failure.code) ?? .renderFailed, retry: failure.retry,
                                                        message: failure.message))
                }
                if let answer = take(report) { return answer }
            }
        }
    }

    /// Why the child ended without the answer awaited: reaped and classified.
    private func ended() -> ChildFailure {
        guard let exit = child.wait(block: true) else { return ChildFailure(cause: .exited(code: -1)) }
        let peak = max(peakResident, exit.maxResidentBytes)
        if ChildFailure.diedOfMemory(peak: peak, limitMiB: limits.memoryMiB) {
            return ChildFailure(cause: .memory(limitMiB: limits.memoryMiB))
        }
        if let signal = exit.signal { return ChildFailure(cause: .crashed(signal: signal)) }
        return ChildFailure(cause: .exited(code: exit.code ?? -1))
    }
}
