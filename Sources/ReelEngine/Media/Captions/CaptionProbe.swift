import Foundation
import ReelSpec

/// What an uploaded caption file holds: its format, how many cues, and where the last one ends.
public enum CaptionProbe {
    /// The probe as JSON (`{format, cues, duration}`); `CaptionParseError` naming the line for a file
    /// that does not parse.
    public static func probe(path: String) throws -> JSONValue {
        // The size first: a file too large to be captions is refused before a byte is read.
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        if let size, size > CaptionParser.maxBytes {
            throw CaptionParseError(line: 1, reason: "the file is larger than \(CaptionParser.maxBytes >> 20) MiB")
        }
        guard size != nil, let data = FileManager.default.contents(atPath: path) else {
            throw CaptionParseError(line: 1, reason: "the file cannot be read")
        }
        let bytes = [UInt8](data)
        let cues = try CaptionParser.parse(bytes)
        let isVTT = String(decoding: bytes.prefix(16), as: UTF8.self).replacingOccurrences(of: "\u{FEFF}", with: "").hasPrefix("WEBVTT")
        let end = cues.map(\.end).max() ?? .zero
        return .object([("format", .string(isVTT ? "webvtt" : "srt")), ("cues", .number(String(cues.count))), ("duration", end.jsonNumber)])
    }
}
