import Foundation

/// `MediaLocations` on local disk: everything under one `dataDir` (shared between nodes as one
/// file system when there are several):
///
///     reel.db                       the SQLite job store (not used with PostgreSQL)
///     link-secret                    the key of output links, when none is configured
///     outputs/<job>-<attempt>.<ext>  finished outputs; HLS as a folder `<job>-<attempt>.hls`
///     outputs/.<name>.partial-…      outputs being written (`PartialName`)
///     outputs/.chunks/<job>/         a chunked job's video-<i>.packets, audio-<i>.packets, levels.json
///     assets/<asset id>              uploads (`<asset id>.<random>`: a direct upload, once completed)
///     assets/incoming/<asset id>     a direct upload's PUT, until it is completed
///     tmp/                           uploads being received
///     cache/uploads/<asset id>       uploads kept in a bucket, downloaded to be read here (`LocalCache`)
///     cache/outputs/<name>           outputs kept in a bucket, downloaded to be served (`proxyOutputs`)
///     sources/<sha256 of content>    sources from the web, fetched once (`WebSources`)
///     source-validators/<sha256 of URL>.json   each URL's ETag, Last-Modified and copy's digest
public struct DataDirectory: MediaLocations, OutputStore, UploadStore, ChunkStore {
    public let root: String

    public init(root: String) { self.root = root }

    public var database: String { root + "/reel.db" }
    /// The key of output links, when none is configured (`LinkSecret`).
    public var linkSecretFile: String { root + "/link-secret" }
    var outputsFolder: String { root + "/outputs" }
    var assets: String { root + "/assets" }
    var chunks: String { outputsFolder + "/.chunks" }
    public var uploadsTemp: String { root + "/tmp" }

    /// Creates the folders that must exist before the first request (those a child process may
    /// read among them: its sandbox is given folders that exist when it starts).
    public func create() throws {
        for d in [root, outputsFolder, assets, uploadsTemp, cache, sources] {
            try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
    }

    public func output(_ name: OutputName) -> String { outputsFolder + "/" + name.name }

    public func outputs() -> [(name: OutputName, path: String)] {
        names(in: outputsFolder).compactMap { n in OutputName(n).map { ($0, outputsFolder + "/" + n) } }
    }

    public func partialOutputs() -> [(partial: PartialName, path: String)] {
        names(in: outputsFolder).compactMap { n in PartialName(n).map { ($0, outputsFolder + "/" + n) } }
    }

    func chunkFolder(jobID: String) -> String { chunks + "/" + jobID }

    public func asset(id: String) -> String { assets + "/" + id }
    /// Where objects kept in a bucket are copied to be read on this node (`LocalCache`).
    public var cache: String { root + "/cache" }
    /// Where sources from the web are copied to be read on this node (`WebSources`), and their
    /// validators (ETag, Last-Modified).
    public var sources: String { root + "/sources" }
    public var sourceValidators: String { root + "/source-validators" }

    /// The folders whose files a request may name for reading: uploads (kept, incoming and being
    /// received), copies of bucket objects and web sources, outputs. Never `reel.db` or the link
    /// secret beside them (what child processes' sandboxes are given to read).
    public var readableFolders: [String] { [assets, uploadsTemp, cache, sources, outputsFolder] }

    public func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    private func names(in folder: String) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }

    // MARK: OutputStore: the rendered file is the output

    public func publish(_ name: OutputName, at path: String, contentType: String) throws -> String { path }

    /// The output's own place: a progressive output is rendered where it is served.
    public func liveLocation(_ name: OutputName) -> String { output(name) }

    public func live(_ name: OutputName, folder: String) -> any LiveOutput { LocalLiveOutput(location: folder) }

    public func fetch(_ location: String, file: String?, expires: Int) -> OutputFetch {
        .file(path: file.map { location + "/" + $0 } ?? location)
    }

    public func read(_ location: String, file: String?) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file.map { location + "/" + $0 } ?? location)))
    }

    public func publishedOutputs() -> [(name: OutputName, location: String)] { [] }

    public func localCopy(_ location: String, file: String?) throws -> String { file.map { location + "/" + $0 } ?? location }

    public func copy(_ location: String, file: String?, to path: String) throws {
        try FileManager.default.copyItem(atPath: file.map { location + "/" + $0 } ?? location, toPath: path)
    }

    public func exists(_ location: String) -> Bool { FileManager.default.fileExists(atPath: location) }

    public func files(_ location: String) throws -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return try FileManager.default.contentsOfDirectory(atPath: location).sorted()
    }

    public var keepsOutputsLocally: Bool { true }

    // MARK: UploadStore: uploads under assets/

    public func keep(_ id: String, from path: String, contentType: String?) throws -> String {
        let kept = asset(id: id)
        // rename(2) replaces a file a direct upload's earlier PUT left, in one step.
        guard rename(path, kept) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: kept, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
        }
        return kept
    }

    public func localCopy(_ location: String, id: String) throws -> String { location }

    public func removeUpload(_ location: String, id: String) { remove(location) }

    public func directUpload(_ id: String, contentType: String?, expires: Int) -> (location: String, url: String?) {
        (asset(id: UploadName.incoming(id)), nil)
    }

    public func receiveUpload(_ location: String, from path: String) throws {
        try FileManager.default.createDirectory(atPath: (location as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard rename(path, location) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: location, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
        }
    }

    public func uploadedBytes(_ location: String) throws -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: location))?[.size] as? NSNumber)?.int64Value
    }

    /// rename(2) takes the file away in one step: a PUT that follows writes a new incoming file,
    /// and of two completions only one finds it.
    public func claimUpload(_ location: String, id: String, contentType: String?, maxBytes: Int64) throws -> ClaimedUpload? {
        let claimed = asset(id: UploadName.claimed(id))
        guard rename(location, claimed) == 0 else {
            if errno == ENOENT { return nil }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: claimed, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
        }
        return ClaimedUpload(location: claimed, file: claimed)
    }

    public func discardIncoming(_ location: String) { remove(location) }

    public func returnClaim(_ claim: ClaimedUpload, to location: String, id: String) {
        // link(2) puts it back only where nothing is (a newer PUT stays), then the claim's name goes.
        if link(claim.location, location) != 0 && errno != EEXIST { return }
        remove(claim.location)
    }

    public func finish(_ claim: ClaimedUpload, id: String, kept: Bool) {
        if !kept { remove(claim.location) }
    }

    // MARK: ChunkStore: one folder per job, which the nodes sharing dataDir share

    public func prepare(jobID: String) throws {
        try FileManager.default.createDirectory(atPath: chunkFolder(jobID: jobID), withIntermediateDirectories: true)
    }

    public func localPath(jobID: String, piece: ChunkPiece) -> String { chunkFolder(jobID: jobID) + "/" + piece.fileName }

    public func share(jobID: String, piece: ChunkPiece) throws {}

    public func has(jobID: String, piece: ChunkPiece) -> Bool { FileManager.default.fileExists(atPath: localPath(jobID: jobID, piece: piece)) }

    public func fetch(jobID: String, piece: ChunkPiece) throws -> String {
        let path = localPath(jobID: jobID, piece: piece)
        guard FileManager.default.fileExists(atPath: path) else { throw ChunkPieceMissing(jobID: jobID, piece: piece) }
        return path
    }

    public func removePieces(jobID: String) {
        remove(chunkFolder(jobID: jobID))
        // Refused while it holds anything (another job's folder, or one created meanwhile).
        rmdir(chunks)
    }

    public func jobsWithPieces() -> [String] { names(in: chunks).filter(OutputName.isJobID) }
}
