import ReelEngine
import ReelSpec
import ReelStorage
import ReelStore

/// An `upload:ID` source as every resolver reads it (the API's validation and previews, the
/// service's renders): the local copy of a `ready` asset; a failed or unfinished one is refused
/// with why, and no such asset is nil.
public enum ReadyUpload {
    public static func copy(_ asset: Asset?, id: String, uploads: any UploadStore) throws -> String? {
        guard let asset else { return nil }
        guard asset.status == .ready else {
            throw SourceResolver.Refusal(src: SourceScheme.upload(id), reason: asset.status == .failed
                ? "names an asset that failed (\(asset.error ?? "")); upload it again"
                : "names an asset that is still \(asset.status.rawValue); wait until it is ready")
        }
        return try? uploads.localCopy(asset.path, id: asset.id)
    }
}
