import Foundation
import Logging
import ReelEngine
import ReelSpec
import ReelStorage
import Synchronization

/// The child's side of an isolated render (`reel child`, started by `RenderChild`): read the
/// request, put itself in its sandbox, plan, say what it planned, render where the parent says,
/// measure the output's loudness, report. Every failure it can catch is a report; anything else
/// (a trap, a signal, a limit) ends the process, and the parent says what happened.
public enum RenderChildMain {
    private static let watch = AllocationWatch()

    /// Runs the child; its exit status.
    public static func run() -> Int32 {
        var input = LineReader(fd: 0)
        guard let first = input.next(), let request = try? JSONDecoder().decode(RenderChildRequest.self, from: Data(first.utf8)) else {
            report(RenderChildReport(failure: ReportedFailure(code: "render_failed", retry: true, message: "the render process got no request it could read")))
            return 2
        }
        do {
            report(RenderChildReport(sandbox: try ChildSandbox.apply(request.sandbox, limits: request.limits, access: request.access)))
        } catch {
            report(RenderChildReport(failure: ReportedFailure(code: "render_failed", retry: true, message: "\(error)")))
            return 3
        }
        FFmpegLog.setCurrentJob(request.jobID)
        watch.start(jobID: request.jobID)
        var logger = Logger(label: "reel.render")
        logger[metadataKey: "jobId"] = "\(request.jobID)"
        let resolver = ResolvedSource.resolver(mediaRoot: request.mediaRoot, sources: request.sources)
        let planned: SpecPlanning.Planned
        switch SpecPlanning(resolver: resolver).plan(text: request.spec) {
        case .success(let p): planned = p
        case .failure(let failure): return fail(failure)
        }
        if planned.spec.outputs != nil { return renderOutputs(planned, request: request, input: input, logger: logger) }
        var plan = planned.plan
        plan.codecThreading = CodecThreading.forRender(cores: max(1, request.cores))
        let renderer = Renderer(plan: plan, logger: logger)
        let seconds = ChunkLength.seconds(for: plan.outputRange.duration, workers: request.workers, longest: request.chunkSeconds)
        let ranges = seconds > 0 ? renderer.chunkRanges(seconds: seconds) : []
        var facts = PlannedOutput(format: plan.format.rawValue, progressive: plan.isProgressive,
                                  duration: plan.outputRange.duration.description, chunks: max(1, ranges.count))
        if ranges.count > 1 {
            facts.chunkSeconds = seconds
            facts.ranges = ranges.map { [$0.lowerBound, $0.upperBound] }
            facts.frames = plan.frameCount
            facts.loudnessTarget = renderer.hasLoudnessTarget
        }
        report(RenderChildReport(planned: facts))
        let lines = ParentLines(input)
        guard let line = lines.next(), let go = try? JSONDecoder().decode(RenderChildGo.self, from: Data(line.utf8)),
              let output = go.output else { return 0 }
        do {
            let progress = progressReports()
            switch request.task {
            case .job:
                let live = go.relay ? RelayedLiveOutput(location: output, answers: lines) : nil
                try renderer.render(to: output, live: live, progress: progress)
                let loudness = try renderer.loudness(of: output)
                report(RenderChildReport(done: RenderedSummary(copiedFrames: renderer.frameCounts?.copied,
                                                               encodedFrames: renderer.frameCounts?.encoded,
                                                               firstSegmentSeconds: renderer.firstSegmentSeconds,
                                                               loudness: loudness?.numbers)))
            case .chunk:
                guard let f = request.frames, f.count == 2, f[0] < f[1], let video = request.video, let audio = request.audio else {
                    return fail(ChildFailure(cause: .reported(code: .renderFailed, retry: false, message: "a chunk request without its frames or pieces")))
                }
                let levels = try request.levels ?? renderer.loudnessLevels()
                try renderer.renderChunk(f[0]..<f[1], video: video, audio: audio, levels: levels, progress: progress)
                report(RenderChildReport(done: RenderedSummary()))
            case .levels:
                // Measuring passes over the whole mix report no frames: the watchdog hears beats.
                let beating = Heartbeat()
                defer { beating.stop() }
                report(RenderChildReport(done: RenderedSummary(levels: try renderer.loudnessLevels())))
            case .join:
                // Copying packets reports no frames either.
                let beating = Heartbeat()
                defer { beating.stop() }
                if let pieces = request.pieces {
                    try renderer.joinChunks(pieces.map { $0.first ?? "" }, audio: pieces.map { $0.last ?? "" }, to: output)
                } else {
                    try joinAsTheyCome(renderer, output: output, relay: go.relay, lines: lines,
                                       started: DispatchTime(uptimeNanoseconds: request.startedNanoseconds ?? DispatchTime.now().uptimeNanoseconds))
                }
                let loudness = try renderer.loudness(of: output)
                report(RenderChildReport(done: RenderedSummary(encodedFrames: plan.frameCount, firstSegmentSeconds: renderer.firstSegmentSeconds,
                                                               loudness: loudness?.numbers)))
            }
            return 0
        } catch {
            return fail(error)
        }
    }

    /// What reports a render's progress to the parent: a report a tenth of a second at most, or
    /// each whole percent, so the parent's watchdog hears of every frame's progress without a line
    /// a frame.
    static func progressReports() -> (Double) -> Void {
        var last = -1.0, lastTime = DispatchTime.now().uptimeNanoseconds
        return { p in
            let now = DispatchTime.now().uptimeNanoseconds
            if p - last >= 0.01 || now - lastTime >= 100_000_000 {
                last = p
                lastTime = now
                report(RenderChildReport(progress: p))
            }
        }
    }

    /// A progressive output joined chunk by chunk in `output` (the folder its parent made), as the
    /// parent sends each chunk's pieces (`JoinStep`); each step is sent only once this child said
    /// it is ready (its puts answered first), and a step to finish ends the playlists.
    private static func joinAsTheyCome(_ renderer: Renderer, output: String, relay: Bool, lines: ParentLines, started: DispatchTime) throws {
        let live: any LiveOutput = relay ? RelayedLiveOutput(location: output, answers: lines) : LocalLiveOutput(location: output)
        let join = try HLSChunkJoin(renderer, folder: output, live: live, started: started)
        report(RenderChildReport(ready: true))
        while let line = lines.next() {
            guard let step = try? JSONDecoder().decode(JoinStep.self, from: Data(line.utf8)) else { break }
            if step.finish { return try join.finish() }
            guard let video = step.video, let audio = step.audio else { break }
            try join.append(video: video, audio: audio)
            report(RenderChildReport(ready: true))
        }
        throw ChildFailure(cause: .reported(code: .renderFailed, retry: true, message: "the join's steps ended before the output was finished"))
    }

    /// A thread that tells the parent every second that this child lives, until stopped.
    final class Heartbeat: Sendable {
        private let stopping = DispatchSemaphore(value: 0)

        init() {
            Thread { [stopping] in
                while stopping.wait(timeout: .now() + 1) == .timedOut { RenderChildMain.report(RenderChildReport(alive: true)) }
            }.start()
        }

        func stop() { stopping.signal() }
    }

    /// Reports `error` with the outcome a run in the server would give it.
    static func fail(_ error: any Error) -> Int32 {
        let text = "\(error)"
        var failure = ReportedFailure(code: "render_failed", retry: true, message: text)
        if case .failed(let code, let retry) = RunOutcome(error) {
            failure.code = code.rawValue
            failure.retry = retry
        }
        failure.memory = text.contains(String(cString: strerror(ENOMEM))) || watch.sawRefusal()
        report(RenderChildReport(failure: failure))
        return 1
    }

    /// Held while a report is written: the heartbeat's thread and the render's write lines too.
    private static let writing = Mutex(())

    static func report(_ r: RenderChildReport) {
        writing.withLock { _ in emit(r) }
    }

    private static func emit(_ r: RenderChildReport) {
        var bytes = Array(JSONEncoder.line(r).utf8)
        bytes.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { exit(4) }  // the parent is gone: nobody wants the render
            sent += n
        }
    }
}

/// Lines from a file descriptor, read as they come.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> String? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
    }
}
