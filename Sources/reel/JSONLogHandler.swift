import Foundation
import Glibc
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

    /// swift-log's entry point (1.16): one line per event; an error the call site attached
    /// (`logger.error("…", error: e)`) is its `error` member unless the metadata already has one.
    func log(event: LogEvent) {
        var members: [(key: String, value: JSONValue)] = [
            ("ts", .string(JSONLogHandler.timestamp())), ("level", .string(event.level.rawValue)),
            ("logger", .string(label)), ("msg", .string(event.message.description)),
        ]
        var all = metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        if let error = event.error, all["error"] == nil { all["error"] = .string("\(error)") }
        for (k, v) in all.sorted(by: { $0.key < $1.key }) {
            members.append((k, JSONLogHandler.json(v)))
        }
        JSONLogHandler.write(JSONValue.object(members).serialized)
    }

    /// A metadata value as JSON: numbers and booleans given as such (`.stringConvertible(3)`) stay
    /// numbers and booleans, text is a string, dictionaries and arrays nest.
    static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .stringConvertible(let c):
            switch c {
            case let b as Bool: return .bool(b)
            case let i as any BinaryInteger: return .number("\(i)")
            case let d as Double where d.isFinite: return .number("\(d)")
            case let f as Float where f.isFinite: return .number("\(f)")
            default: return .string(c.description)
            }
        case .dictionary(let d): return .object(d.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        case .array(let a): return .array(a.map(json))
        }
    }

    /// Writes a line atomically with respect to other log lines: one `write(2)` of its bytes and
    /// the newline (no `Data` or `FileHandle` per line: the request log writes a batch per event-loop
    /// turn on the status path), continued after a partial write or an interruption.
    static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return  // stderr closed or full: a log line is not worth blocking or crashing for
                }
            }
        }
    }

    /// RFC 3339 UTC with milliseconds, from gmtime_r (no Foundation formatter per line).
    static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = ts.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(ts.tv_nsec / 1_000_000), 3))Z"
    }
}
