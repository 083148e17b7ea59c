import ReelS3

/// Where finished outputs are kept: on this machine's disk (`DataDirectory`, the default) or in an
/// S3 bucket (`S3Outputs`). The engine always renders to local disk (`MediaLocations.output`); a
/// finished output is then published here, and its location (a path, or an `s3://` URL) is what
/// the job store records.
public protocol OutputStore: Sendable {
    /// Makes the rendered output at `path` (a file, or an HLS folder) the output named `name`, and
    /// returns the location to record. A store elsewhere uploads it and deletes the local copy.
    func publish(_ name: OutputName, at path: String, contentType: String) throws -> String
    /// Where the progressive output `name` is read while it renders and recorded once done.
    func liveLocation(_ name: OutputName) -> String
    /// The progressive output `name`, rendered in the local `folder`, made visible while it grows.
    func live(_ name: OutputName, folder: String) -> any LiveOutput
    /// How a client gets the output at `location` (`file`: one file of its HLS folder).
    func fetch(_ location: String, file: String?, expires: Int) -> OutputFetch
    /// The bytes of a small file of the output (an HLS playlist), for the API to rewrite.
    func read(_ location: String, file: String?) throws -> [UInt8]
    /// A local file with the bytes of the output at `location` (`file`: one of its folder's), for the
    /// API to stream itself (`proxyOutputs`): the file itself, or a copy kept in the node's cache.
    func localCopy(_ location: String, file: String?) throws -> String
    /// Copies a file of the output at `location` (`file`: one of its folder's) to the local `path`.
    func copy(_ location: String, file: String?, to path: String) throws
    /// Whether the output at `location` still exists; throws when that cannot be told (the bucket
    /// does not answer).
    func exists(_ location: String) throws -> Bool
    /// The files of the output at `location` when it is a folder (HLS), sorted; nil for one file.
    func files(_ location: String) throws -> [String]?
    /// Deletes the output at `location` (every file of a folder).
    func remove(_ location: String)
    /// The outputs kept here now, by name (for the sweep of outputs no job refers to); empty where
    /// they are the local renders themselves (`MediaLocations.outputs()` lists those).
    func publishedOutputs() -> [(name: OutputName, location: String)]
    /// True when recorded outputs are the local files themselves; false when a local output file is
    /// only ever a render's scratch copy (the sweeps then keep none that no render is writing).
    var keepsOutputsLocally: Bool { get }
    /// Throws when the storage cannot be used now (`StorageOutage`: the bucket does not answer or
    /// is gone), for `/readyz`. Local disk has nothing to say here: its room is the job store's
    /// free-space check.
    func checkAvailable() throws
    /// The bucket object holding the output at `location` (`file`: one of its folder's), for a copy
    /// the service makes itself; nil where outputs are not in a bucket.
    func object(_ location: String, file: String?) -> (client: S3Client, key: String)?
    /// `localCopy` of the output file (not a folder's) without waiting for the whole copy: see
    /// `LocalCache.startCopy`, whose `opened` and `ended` it takes, with `written` told how many
    /// bytes the partial file holds as it grows. With `range`, and no whole copy on the node yet,
    /// only those bytes, into a scratch file for one reader (`LocalCache.startScratch`): a seek
    /// far into a large output does not wait for the copy to get there. Where outputs are local,
    /// the file itself, ready.
    func startLocalCopy(_ location: String, range: ClosedRange<Int64>?, opened: (String) throws -> Void,
                        written: @escaping @Sendable (Int64) -> Void, ended: @escaping @Sendable ((any Error)?) -> Void) throws -> LocalCache.Fill
}

extension OutputStore {
    public func checkAvailable() throws {}

    public func object(_ location: String, file: String?) -> (client: S3Client, key: String)? { nil }

    public func startLocalCopy(_ location: String, range: ClosedRange<Int64>?, opened: (String) throws -> Void,
                               written: @escaping @Sendable (Int64) -> Void, ended: @escaping @Sendable ((any Error)?) -> Void) throws -> LocalCache.Fill {
        .ready(path: try localCopy(location, file: nil))
    }
}

/// How a client fetches an output.
public enum OutputFetch: Sendable, Equatable {
    /// A local file, streamed by the API.
    case file(path: String)
    /// A URL that serves it without credentials until it expires (a presigned URL).
    case url(String)
}
