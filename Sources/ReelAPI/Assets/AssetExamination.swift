import Foundation
import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore
import ReelWorker

/// What a file is as an asset, told by its first bytes and checked by its kind's probe (media,
/// font, captions or Lottie) in an engine child (`EngineChildren`: the probes parse untrusted
/// bytes), with its digest taken here: one rule for a raw upload, a completed direct upload and an
/// import. A file none of the probes can read is a 422 saying why in the probe's words (never a
/// server path).
struct AssetExamination {
    let kind: AssetKind
    /// The media type found (`AssetContentType`): what the asset is kept as where its client sent none.
    let contentType: String
    let probe: JSONValue
    let bytes: Int64
    let sha256: String

    static func examine(_ path: String, in engine: EngineChildren) throws -> AssetExamination {
        let (reply, json) = try engineAnswer { try engine.file("examine", path: path, src: nil) }
        if let r = reply.refusal, r.count == 3 {
            throw ProblemError(Problem(status: 422, type: r[0], title: r[1], detail: r[2]))
        }
        guard let kind = reply.kind.flatMap(AssetKind.init(rawValue:)), let probe = try? JSONParser.parse(json) else {
            throw ProblemError(Problem(status: 422, type: "not-media", title: "Not readable media",
                                       detail: "the upload could not be examined: \(reply.failure ?? "no answer")"))
        }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return AssetExamination(kind: kind, contentType: reply.contentType ?? "application/octet-stream", probe: probe, bytes: size,
                                sha256: try FileDigest.sha256(path))
    }

    /// `asset` as this examination found it, kept at `location`.
    func applied(to asset: Asset, location: String) -> Asset {
        var a = asset
        a.path = location
        a.bytes = bytes
        a.sha256 = sha256
        a.kind = kind.rawValue
        a.contentType = AssetContentType.chosen(declared: a.contentType, found: contentType)
        a.probe = probe.serialized
        return a
    }
}
