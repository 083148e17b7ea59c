import Foundation
import Logging
import ReelSpec

/// swift-log handler writing one JSON object per line to standard error, so the server's logs
/// (requests with their request id, job transitions with their job id) can be shipped as they are.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    static let lock = NSLock()

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?,
             source: String, file: String, function: String, line: UInt) {
        var members: [(key: String, value: JSONValue)] = [
            ("ts", .string(JSONLogHandler.timestamp())), ("level", .string(level.rawValue)),
            ("logger", .string(label)), ("msg", .string(message.description)),
        ]
        for (k, v) in metadata.merging(extra ?? [:], uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            members.append((k, .string("\(v)")))
        }
        JSONLogHandler.write(JSONValue.object(members).serialized)
    }

    /// Writes a line atomically with respect to other log lines.
    static func write(_ line: String) {
        lock.lock()
        FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
        lock.unlock()
    }

    static func timestamp() -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: Date())
    }
}
