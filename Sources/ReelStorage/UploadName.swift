import Foundation

/// The names uploads are kept under, built and read back here: `<asset id>` (an upload through the
/// API, an import), `<asset id>.<16 hex digits>` (a direct upload, claimed when completed: unique
/// per claim, so two completions never write one name), `incoming/<asset id>` (a direct upload's PUT).
public enum UploadName {
    /// Where a direct upload's PUT puts asset `id`'s bytes, below the uploads' folder.
    static func incoming(_ id: String) -> String { "incoming/" + id }

    /// A claim's name for asset `id`'s bytes.
    static func claimed(_ id: String) -> String { id + "." + String(UInt64.random(in: 0...UInt64.max), radix: 16) }

    /// The asset a kept or incoming upload's location belongs to: its last path component, up to
    /// a claim's `.random` (asset ids hold no dot).
    public static func assetID(of location: String) -> String {
        String((location as NSString).lastPathComponent.split(separator: ".", maxSplits: 1).first ?? "")
    }
}
