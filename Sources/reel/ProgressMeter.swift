import Foundation

/// Draws render progress on standard error: a redrawn bar on a terminal, a line per 10 % otherwise.
final class ProgressMeter {
    let enabled: Bool
    let terminal = isatty(STDERR_FILENO) != 0
    private var lastShown = -1

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(fraction * 100)
        if terminal {
            guard percent != lastShown else { return }
            let width = 40, filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            FileHandle.standardError.write("\r[\(bar)] \(percent)%".data(using: .utf8)!)
        } else {
            guard percent / 10 != lastShown / 10 || lastShown < 0 else { return }
            FileHandle.standardError.write("progress \(percent)%\n".data(using: .utf8)!)
        }
        lastShown = percent
    }

    func finish() {
        if enabled && terminal && lastShown >= 0 { FileHandle.standardError.write("\n".data(using: .utf8)!) }
    }
}

/// Writes a message and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
}
