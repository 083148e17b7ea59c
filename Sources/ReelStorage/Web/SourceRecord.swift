import Foundation
import ReelFetch

/// What a node knows of one URL's copy (`source-validators/<sha256 of URL>.json`): the validators
/// its server gave (to revalidate with) and the digest of the bytes, which names the copy in the
/// content-addressed folder. The file's modification time is when the copy was last checked.
struct SourceRecord: Codable, Equatable {
    var validators: WebFetch.Validators
    /// The SHA-256 of the copy's bytes, lowercase hex: its name in the cache's folder.
    var digest: String

    /// The record at `path`; nil when there is none or it cannot be read (an older layout's, a
    /// torn one): the URL is then fetched afresh.
    static func read(_ path: String) -> SourceRecord? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(SourceRecord.self, from: data)
    }

    /// Writes the record atomically (a reader in another process sees the old one or this one).
    func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// When the record was last written or touched: when its URL was last checked.
    static func checked(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
