import Foundation

/// The `text/event-stream` wire format (the HTML standard's "Server-sent events"): fields as
/// lines, an event ended by an empty line, a comment line beginning with a colon. The data is one
/// line of JSON, so no event needs splitting across `data:` lines.
enum ServerSentEvent {
    /// An event of type `name` with `data`, and `id` for a client to resume after (`Last-Event-ID`).
    static func event(_ name: String, id: Int64?, data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 48)
        if let id { out += Array("id: \(id)\n".utf8) }
        out += Array("event: \(name)\ndata: ".utf8)
        out += data
        out += [0x0A, 0x0A]
        return out
    }

    /// A comment, which clients ignore: sent when a stream was quiet, so proxies keep it open and
    /// a client can tell quiet from dead.
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    /// Asks a client to wait `milliseconds` before it reconnects after the stream breaks.
    static func retry(milliseconds: Int) -> [UInt8] { Array("retry: \(milliseconds)\n\n".utf8) }

    /// The `Last-Event-ID` a client resumes from: a change number this server gave, else nil.
    static func lastEventID(_ value: String?) -> Int64? {
        guard let value, let id = Int64(value.trimmingCharacters(in: .whitespaces)), id >= 0 else { return nil }
        return id
    }
}
