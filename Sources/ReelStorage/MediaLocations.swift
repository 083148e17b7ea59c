/// Where Reel writes on this node: renders (files, or folders for HLS) before they are published
/// (`OutputStore`), uploads being received and kept (`UploadStore`); chunk pieces are a
/// `ChunkStore`'s. Every name in that space is built here and read back here, so the writers, the
/// API and the sweeps that delete files agree by construction. `DataDirectory` is the one
/// implementation: this is always local disk, whatever keeps the results.
public protocol MediaLocations: Sendable {
    /// The data directory itself (so messages to clients can leave its paths out).
    var root: String { get }
    /// Where a job attempt's render is written.
    func output(_ name: OutputName) -> String
    /// Every output and output-like name there now, with its location.
    func outputs() -> [(name: OutputName, path: String)]
    /// Hidden partial files and folders in the outputs, with their locations.
    func partialOutputs() -> [(partial: PartialName, path: String)]
    /// Where an upload is kept once accepted.
    func asset(id: String) -> String
    /// Where uploads are received before they are checked.
    var uploadsTemp: String { get }
    /// Removes what is at `path` (a file or a folder), if anything.
    func remove(_ path: String)
}
