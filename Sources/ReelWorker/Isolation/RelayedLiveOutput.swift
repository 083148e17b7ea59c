import Foundation
import ReelStorage
import Synchronization

/// In a render child: a progressive output kept in a bucket, whose files the parent puts (it holds
/// the bucket's account and the network; the child has neither). Each put is a report line, and the
/// render waits for the parent's answer on standard input before it goes on, so a playlist is never
/// put before the segments it names.
final class RelayedLiveOutput: LiveOutput, Sendable {
    let location: String
    private let answers: ParentLines
    /// The named output whose files these are (a job with `outputs`), said with each put.
    private let output: String?

    /// Why a put did not happen.
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    init(location: String, answers: ParentLines, output: String? = nil) {
        self.location = location
        self.answers = answers
        self.output = output
    }

    func put(_ file: String, from folder: String) throws { try relay(RenderChildReport(put: file, output: output)) }

    func put(_ file: String, bytes: [UInt8]) throws {
        try relay(RenderChildReport(put: file, bytes: Data(bytes).base64EncodedString(), output: output))
    }

    /// The parent finishes the output itself once the child is done.
    func finish(folder: String) throws -> String { location }

    private func relay(_ report: RenderChildReport) throws {
        try answers.reader.withLock { reader in
            RenderChildMain.report(report)
            guard let line = reader.next(), let ack = try? JSONDecoder().decode(RenderChildAck.self, from: Data(line.utf8)) else {
                throw Refused(description: "the server did not answer a put of a progressive output's file")
            }
            if let error = ack.error { throw Refused(description: error) }
        }
    }
}

/// The lines a render child reads from its parent after the request, shared by the render and the
/// relayed puts' answers: one reader, so no line is buffered in a copy another part never reads.
final class ParentLines: Sendable {
    let reader: Mutex<LineReader>

    init(_ reader: LineReader) { self.reader = Mutex(reader) }

    func next() -> String? { reader.withLock { $0.next() } }
}
