import Foundation

/// Draws render progress on standard error: a redrawn bar with elapsed time, ETA and speed (seconds
/// of output per second of wall time, "× real time") on a terminal; a line per 10 % otherwise.
final class ProgressMeter {
    let enabled: Bool
    let terminal = isatty(STDERR_FILENO) != 0
    /// The output's length in seconds, for the speed.
    let outputSeconds: Double
    private let started = Date()
    private var lastShown = -1
    private var lastDraw = Date.distantPast

    init(enabled: Bool, outputSeconds: Double) {
        self.enabled = enabled
        self.outputSeconds = outputSeconds
    }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(fraction * 100)
        let now = Date()
        if terminal {
            // Redrawn on each new percent, and at least every half second for the clock.
            guard percent != lastShown || now.timeIntervalSince(lastDraw) >= 0.5 else { return }
            FileHandle.standardError.write(Data(("\r" + Self.line(fraction, elapsed: now.timeIntervalSince(started),
                                                                   outputSeconds: outputSeconds, bar: true) + "\u{1B}[K").utf8))
            lastDraw = now
        } else {
            guard percent / 10 != lastShown / 10 || lastShown < 0 else { return }
            FileHandle.standardError.write(Data((Self.line(fraction, elapsed: now.timeIntervalSince(started),
                                                           outputSeconds: outputSeconds, bar: false) + "\n").utf8))
        }
        lastShown = percent
    }

    func finish() {
        if enabled && terminal && lastShown >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// `[#########---------]  45%  0:12 elapsed  ETA 0:15  1.8× real time` (the bar on a terminal),
    /// `progress 45% elapsed 0:12 eta 0:15 speed 1.8x` otherwise. ETA and speed wait for a first
    /// measurable step.
    static func line(_ fraction: Double, elapsed: Double, outputSeconds: Double, bar: Bool) -> String {
        let f = min(1, max(0, fraction))
        let percent = Int(f * 100)
        let speed = elapsed > 0 && f > 0 ? f * outputSeconds / elapsed : nil
        let eta = f > 0.01 && f < 1 ? elapsed / f * (1 - f) : (f >= 1 ? 0 : nil)
        let speedText = speed.map { String(format: "%.1f", $0) }
        if bar {
            let width = 30, filled = Int(f * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            return "[\(bar)] \(String(repeating: " ", count: 3 - String(percent).count))\(percent)%  \(clock(elapsed)) elapsed"
                + "  ETA \(eta.map(clock) ?? "--:--")" + (speedText.map { "  \($0)× real time" } ?? "")
        }
        return "progress \(percent)% elapsed \(clock(elapsed)) eta \(eta.map(clock) ?? "unknown")"
            + (speedText.map { " speed \($0)x" } ?? "")
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds).rounded())
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }
}

/// Writes a message and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
}
