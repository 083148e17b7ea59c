/// A progressive output (`output.hls.progressive`) made visible while it renders: each file of its
/// local folder is put where clients read it once the file is complete, segments before the
/// playlists that list them, so a reader never finds a playlist naming a file that is not there.
public protocol LiveOutput: Sendable {
    /// Where the output is read while it renders, and is recorded once done (what
    /// `OutputStore.fetch` and `read` take): the same place before and after.
    var location: String { get }
    /// Makes `file` of the local `folder` visible at `location` as its bytes are now (a playlist
    /// is put again each time it grows).
    func put(_ file: String, from folder: String) throws
    /// Makes `file` visible with `bytes`: a playlist as it was read, since its muxer may rewrite
    /// it on disk meanwhile, naming a segment not put yet.
    func put(_ file: String, bytes: [UInt8]) throws
    /// The finished `folder` becomes the output; returns the location to record. A store
    /// elsewhere deletes the local folder (every file of it was put).
    func finish(folder: String) throws -> String
}

/// A live output on this machine's disk: the render writes in the served folder itself.
public struct LocalLiveOutput: LiveOutput {
    public let location: String

    public init(location: String) { self.location = location }

    public func put(_ file: String, from folder: String) throws {}

    public func put(_ file: String, bytes: [UInt8]) throws {}

    public func finish(folder: String) throws -> String { folder }
}
