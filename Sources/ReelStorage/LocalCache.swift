import Foundation

/// Local copies of objects kept elsewhere (uploads in a bucket that renders read, outputs served
/// through Reel with `proxyOutputs`), under one folder and bounded to `limit` bytes: once a copy
/// takes the folder over its limit, the copies used longest ago are deleted.
///
/// A copy's modification time is its last use: every `copy(_:fill:)` that finds it touches it.
/// Never deleted: a copy `pins` names (the uploads a queued or running job uses: a long render
/// opens a source only when its timeline reaches it), and one used within `hold` seconds (a
/// response or a probe may be about to open it; a file already open stays readable after its
/// deletion). So the folder may stay over its limit while everything in it is in use, rather than
/// fail a render.
public struct LocalCache: Sendable {
    public let folder: String
    public let limit: Int64
    public let hold: TimeInterval
    public let pins: CachePins

    public init(folder: String, limit: Int64, hold: TimeInterval = 600, pins: CachePins = CachePins()) {
        self.folder = folder
        self.limit = limit
        self.hold = hold
        self.pins = pins
    }

    /// The local path of the copy named `key` (a relative path: `uploads/<id>`), made by `fill`
    /// writing the given partial path when there is none yet. Two callers filling the same key at
    /// once each write their own partial file and the later rename wins: both end with a whole file.
    public func copy(_ key: String, fill: (String) throws -> Void) throws -> String {
        if let copy = existing(key) { return copy }
        let path = folder + "/" + key
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let partial = PartialName.path(beside: path)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        try fill(partial)
        try place(partial, at: path)
        return path
    }

    /// What `startCopy` or `startScratch` found or began.
    public enum Fill: Sendable, Equatable {
        /// The copy is there, whole.
        case ready(path: String)
        /// The copy is being written to this partial file by a thread of its own.
        case filling(partial: String)
        /// A file for one reader, not a copy, being written by a thread of its own and removed
        /// once written (the reader's descriptor keeps what it needs).
        case scratch(path: String)
    }

    /// `copy` without the wait: the copy named `key` when it is there; else its partial file is
    /// created empty and handed to `opened` (a reader opens it now, before the writer can rename or
    /// remove it), and `fill` writes it on a thread of its own, which moves the whole copy into
    /// place and tells `ended` (nil), or removes the partial file and tells `ended` the error.
    /// For a response that starts sending a large object before the copy is whole.
    public func startCopy(_ key: String, opened: (String) throws -> Void, fill: @escaping @Sendable (String) throws -> Void,
                          ended: @escaping @Sendable ((any Error)?) -> Void) throws -> Fill {
        let path = folder + "/" + key
        if let copy = existing(key) { return .ready(path: copy) }
        let partial = try start(PartialName.path(beside: path), opened: opened, fill: fill, ended: ended) { [self] in try place($0, at: path) }
        return .filling(partial: partial)
    }

    /// Like `startCopy` for what is not a copy to keep (a byte range of an object, for one
    /// response): a hidden file under `scratch/` (a partial name, so one left by a process killed
    /// mid-way is swept as partial files are), removed once `fill` has written it or failed.
    public func startScratch(opened: (String) throws -> Void, fill: @escaping @Sendable (String) throws -> Void,
                             ended: @escaping @Sendable ((any Error)?) -> Void) throws -> Fill {
        .scratch(path: try start(PartialName.path(beside: folder + "/scratch/piece"), opened: opened, fill: fill, ended: ended) {
            try FileManager.default.removeItem(atPath: $0)
        })
    }

    /// The path of the copy named `key` when it is there (now used last); nil when not.
    public func existing(_ key: String) -> String? {
        let path = folder + "/" + key
        return utimes(path, nil) == 0 ? path : nil
    }

    /// Creates `file` empty, hands it to `opened`, and runs `fill` then `done` on it on a thread of
    /// its own, telling `ended` the outcome (the file removed on failure). Returns `file`.
    private func start(_ file: String, opened: (String) throws -> Void, fill: @escaping @Sendable (String) throws -> Void,
                       ended: @escaping @Sendable ((any Error)?) -> Void, done: @escaping @Sendable (String) throws -> Void) throws -> String {
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: file, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
        do { try opened(file) } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
        let thread = Thread {
            do {
                try fill(file)
                try done(file)
                ended(nil)
            } catch {
                try? FileManager.default.removeItem(atPath: file)
                ended(error)
            }
        }
        thread.name = "reel-cache-fill"
        thread.start()
        return file
    }

    /// Moves a whole copy from its partial file into place, then keeps the folder within its limit.
    private func place(_ partial: String, at path: String) throws {
        guard rename(partial, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        trim(keeping: path)
    }

    /// Deletes the copy named `key`, if there is one.
    public func remove(_ key: String) { try? FileManager.default.removeItem(atPath: folder + "/" + key) }

    /// The bytes the copies take now (partial files included).
    public var size: Int64 { entries().reduce(0) { $0 + $1.size } }

    /// Deletes the copies used longest ago, other than `keeping` and those within `hold`, until
    /// the folder is within its limit.
    /// A partial file whose writer has died (a process killed mid-download) is deleted too, once
    /// it is older than `hold` (a writer on another machine sharing the folder cannot be seen).
    func trim(keeping: String) {
        let all = entries()
        var total = all.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        let now = Date()
        guard let pinned = pins.keys() else { return }  // what is in use cannot be told: keep everything
        for entry in all.sorted(by: { $0.used < $1.used }) where total > limit {
            guard entry.path != keeping, now.timeIntervalSince(entry.used) > hold else { continue }
            if let p = entry.partial { if p.writerIsAlive { continue } } else if pinned.contains(entry.key) { continue }
            if (try? FileManager.default.removeItem(atPath: entry.path)) != nil { total -= entry.size }
        }
    }

    private struct Entry {
        let path: String
        /// The copy's key (its path below the folder).
        let key: String
        let size: Int64
        let used: Date
        let partial: PartialName?
    }

    /// Every file under the folder, however deep.
    private func entries() -> [Entry] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [Entry] = []
        while let relative = walk.nextObject() as? String {
            let path = folder + "/" + relative
            guard let a = try? FileManager.default.attributesOfItem(atPath: path),
                  a[.type] as? FileAttributeType == .typeRegular else { continue }
            found.append(Entry(path: path, key: relative, size: (a[.size] as? NSNumber)?.int64Value ?? 0,
                               used: a[.modificationDate] as? Date ?? .distantPast,
                               partial: PartialName((relative as NSString).lastPathComponent)))
        }
        return found
    }
}
