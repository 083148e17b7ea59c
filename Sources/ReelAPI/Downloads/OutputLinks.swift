import Crypto
import Foundation
import ReelSpec
import ReelStorage

/// Links to a job's output that work without the API key until they expire (`output.downloadUrl`):
/// `/v1/jobs/{id}/output?expires=UNIX&signature=HEX`, the signature an HMAC-SHA256 of the job id and
/// the expiry with the server's link secret. A link signs the job, not a file, so the files of an
/// HLS folder are reached with the same query (the playlists served through a link carry it on
/// every URI). Expiries are rounded up to the minute, so a job's link is the same for a minute and
/// caches can keep it.
public struct OutputLinks: Sendable {
    let signer: LinkSigner
    /// How long a link works from when it is handed out.
    public let seconds: Int
    /// `scheme://host[/prefix]` the links start with; empty: they are root-relative.
    public let base: String
    /// Where outputs are kept: a bucket gives presigned URLs of single files instead.
    let outputs: (any OutputStore)?
    /// Output links signed lately (one a job a minute).
    private let recent = RecentLinks()

    public init(secret: [UInt8], seconds: Int, publicURL: String?, outputs: (any OutputStore)? = nil) {
        signer = LinkSigner(secret: secret)
        self.seconds = seconds
        base = publicURL ?? ""
        self.outputs = outputs
    }


    /// The link to job `id`'s output at `location` (`output`: one of its named outputs): a
    /// presigned URL where the store gives one for a single file (a bucket), else Reel's own signed
    /// link (local files, and HLS folders, whose playlists Reel serves so that every URI in them works).
    public func url(jobID: String, output: String? = nil, location: String, contentType: String, now: Int64) -> String {
        if contentType != HLSServing.playlistType, case .url(let presigned)? = outputs?.fetch(location, file: nil, expires: seconds) {
            return presigned
        }
        return url(jobID: jobID, output: output, now: now)
    }

    /// Reel's link to job `id`'s output (`output`: one of its named outputs, at
    /// `/v1/jobs/{id}/outputs/{name}`), valid for `seconds` from `now` (ms since 1970). The
    /// signature is the job's: one link's query opens each of its outputs.
    public func url(jobID: String, output: String? = nil, now: Int64) -> String {
        let expires = (now / 1000 + Int64(seconds) + 59) / 60 * 60
        let path = output.map { "/v1/jobs/\(jobID)/outputs/\($0)" } ?? "/v1/jobs/\(jobID)/output"
        return recent.link(path, expires: expires) { base + path + "?" + query(jobID: jobID, expires: expires) }
    }

    /// `expires=…&signature=…` for job `id` until `expires` (seconds since 1970).
    public func query(jobID: String, expires: Int64) -> String {
        "expires=\(expires)&signature=\(signer.signature("reel-output-link", id: jobID, expires: expires))"
    }

    /// Checks a link's query values for job `id` at `now` (ms since 1970).
    func check(jobID: String, expires: String?, signature: String?, now: Int64) throws(LinkSigner.Refusal) {
        try signer.check("reel-output-link", id: jobID, expires: expires, signature: signature, now: now)
    }

    /// Reel's URL for a direct upload of asset `id` on local storage, until `expires` (seconds
    /// since 1970): `/v1/uploads/{id}?expires=…&signature=…`.
    func uploadURL(assetID id: String, expires: Int64) -> String {
        base + "/v1/uploads/\(id)?expires=\(expires)&signature=\(signer.signature("reel-upload", id: id, expires: expires))"
    }

    func checkUpload(assetID id: String, expires: String?, signature: String?, now: Int64) throws(LinkSigner.Refusal) {
        try signer.check("reel-upload", id: id, expires: expires, signature: signature, now: now)
    }
}
