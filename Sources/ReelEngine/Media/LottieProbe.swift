import Foundation
import ReelSpec

/// What an uploaded Lottie (Bodymovin JSON) file holds, read by `LottieDocument` as the planner
/// reads a Lottie overlay's `src`: its canvas, frame rate and length. Whether rlottie can draw
/// every feature it uses is judged when a spec uses it (a 422 at the overlay's `src`).
public enum LottieProbe {
    /// Why a file is not a Lottie document, in words for the client (never the file's path).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    /// The probe as JSON (`{format, width, height, frameRate, duration}`); `Failure` for a file
    /// larger than a Lottie overlay may be, or one that is not a Lottie document.
    public static func probe(path: String) throws -> JSONValue {
        // The size first: a file too large to be drawn is refused before a byte is read.
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        if let size, size > LottieDocument.maxBytes {
            throw Failure(reason: "the file is larger than \(LottieDocument.maxBytes >> 20) MiB")
        }
        guard size != nil, let data = FileManager.default.contents(atPath: path) else {
            throw Failure(reason: "the file cannot be read")
        }
        let document: LottieDocument
        do { document = try LottieDocument([UInt8](data)) } catch {
            switch error as? LottieDocument.Failure {
            case .notJSON(let e)?: throw Failure(reason: "it is not JSON (\(e))")
            case .missing(let key)?: throw Failure(reason: "its \(key) is missing or out of range")
            case nil: throw Failure(reason: "\(error)")
            }
        }
        return .object([
            ("format", .string("lottie")), ("width", .number(String(document.width))), ("height", .number(String(document.height))),
            ("frameRate", document.frameRate.jsonNumber), ("duration", document.duration.jsonNumber),
        ])
    }
}
