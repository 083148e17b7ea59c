import Foundation
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore

/// What a file is as an asset, told by its first bytes and checked by its kind's probe (media,
/// font, captions or Lottie), with its digest: one rule for a raw upload, a completed direct upload
/// and an import. A file none of the probes can read is a 422 saying why in the probe's words (never
/// a server path).
struct AssetExamination {
    let kind: AssetKind
    let probe: JSONValue
    let bytes: Int64
    let sha256: String

    static func examine(_ path: String) throws -> AssetExamination {
        let kind = AssetKind.of(file: path)
        let probe: JSONValue
        do {
            switch kind {
            case .media: probe = try MediaProbe.probe(path: path).json
            case .font: probe = try FontProbe.probe(path: path)
            case .captions: probe = try CaptionProbe.probe(path: path)
            case .lottie: probe = try LottieProbe.probe(path: path)
            }
        } catch let e as TextError {
            throw ProblemError(Problem(status: 422, type: "not-a-font", title: "Not a readable font", detail: "the upload looks like a font but \(e)"))
        } catch let e as CaptionParseError {
            throw ProblemError(Problem(status: 422, type: "not-captions", title: "Not a readable caption file",
                                       detail: "the upload looks like SRT or WebVTT but does not parse: \(e)"))
        } catch let e as LottieProbe.Failure {
            throw ProblemError(Problem(status: 422, type: "not-lottie", title: "Not a readable Lottie file",
                                       detail: "the upload is a JSON object but not a Lottie animation Reel can read: \(e)"))
        } catch {
            // FFmpeg's words only: the error's own description names the file's path.
            let why = (error as? FFmpegError)?.message ?? "it holds no stream Reel can read"
            throw ProblemError(Problem(status: 422, type: "not-media", title: "Not readable media",
                                       detail: "the upload is not a media file, font, caption file or Lottie file Reel can read: \(why)"))
        }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return AssetExamination(kind: kind, probe: probe, bytes: size, sha256: try FileDigest.sha256(path))
    }

    /// `asset` as this examination found it, kept at `location`.
    func applied(to asset: Asset, location: String) -> Asset {
        var a = asset
        a.path = location
        a.bytes = bytes
        a.sha256 = sha256
        a.kind = kind.rawValue
        a.probe = probe.serialized
        return a
    }
}
