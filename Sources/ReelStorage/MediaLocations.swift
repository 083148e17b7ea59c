/// Where Reel keeps what it writes and receives: job outputs (files, or folders for HLS), the
/// pieces of chunked jobs, uploads. Every name in that space is built here and read back here, so
/// the writers, the API and the sweeps that delete files agree by construction. `DataDirectory`
/// keeps them on local disk under `dataDir`; a remote store (the storage issue) is another
/// implementation.
public protocol MediaLocations: Sendable {
    /// Where a job attempt's finished output goes.
    func output(_ name: OutputName) -> String
    /// Every output and output-like name there now, with its location.
    func outputs() -> [(name: OutputName, path: String)]
    /// Hidden partial files and folders in the outputs, with their locations.
    func partialOutputs() -> [(partial: PartialName, path: String)]
    /// The folder of a chunked job's pieces while it renders (shared by every node).
    func chunkFolder(jobID: String) -> String
    /// The video packets of chunk `index` of a job.
    func chunkVideo(jobID: String, index: Int) -> String
    /// The job's audio packets, mixed once for all its chunks.
    func chunkAudio(jobID: String) -> String
    /// The job ids that have a chunk folder now.
    func chunkFolders() -> [String]
    /// Removes a job's chunk folder, and the chunks' parent once it is empty.
    func removeChunkFolder(jobID: String)
    /// Where an upload is kept once accepted.
    func asset(id: String) -> String
    /// Where uploads are received before they are checked.
    var uploadsTemp: String { get }
    /// Removes what is at `path` (a file or a folder), if anything.
    func remove(_ path: String)
}
