import Foundation

/// A Python unittest run's failures in one line each: the test, the line of the test file where
/// it stopped, and the exception. The suite's summary keeps only the first line of a failed
/// assertion's message (and 400 characters of it), so this goes first, before the whole output.
enum UnittestReport {
    /// `FAIL|ERROR: test_name at test_file.py:LINE: Exception: message` for each failed test.
    static func failures(in output: String) -> String {
        var found: [String] = []
        let blocks = output.components(separatedBy: "\n======================================================================\n").dropFirst()
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let head = lines.first, head.hasPrefix("FAIL:") || head.hasPrefix("ERROR:") else { continue }
            let test = head.split(separator: " ").prefix(2).joined(separator: " ")
            // The test's own line: the outermost frame in a file of the tests (the deeper ones are
            // its helpers', selenium's and the standard library's).
            let place = lines.first { $0.contains("File \"") && ($0.contains("/Tests/") || $0.contains("/tests/")) }
                .flatMap { frame -> String? in
                    let parts = frame.components(separatedBy: "\"")
                    guard parts.count >= 3, let line = parts[2].components(separatedBy: "line ").dropFirst().first?.split(separator: ",").first
                    else { return nil }
                    return "\((parts[1] as NSString).lastPathComponent):\(line)"
                } ?? "?"
            // The exception: the first line after the traceback's frames (indented); what follows
            // it may be its message's own lines, a browser's stack among them.
            let frames = lines.firstIndex { $0.hasPrefix("Traceback") } ?? 0
            let exception = lines[(frames + 1)...].first { !$0.hasPrefix(" ") } ?? ""
            found.append("\(test) at \(place): \(exception)")
        }
        return found.isEmpty ? "(no failed test named in the output)" : found.joined(separator: " | ")
    }
}
