import Foundation
import ReelS3

/// `OutputStore` in an S3 bucket: an output is uploaded under `<prefix>outputs/<name>` (an HLS
/// folder's files under `<prefix>outputs/<name>/`), a large file as a multipart upload that appears
/// only when whole, and the local render is deleted. Its location is `s3://bucket/key`; clients are
/// given presigned URLs, or, with `proxyOutputs`, the API streams a copy kept in `cache`.
public struct S3Outputs: OutputStore {
    public let place: S3Place
    /// Where outputs served through the API are copied on this node.
    public let cache: LocalCache
    var client: S3Client { place.client }

    public init(_ place: S3Place, cache: LocalCache) {
        self.place = place
        self.cache = cache
    }

    public func publish(_ name: OutputName, at path: String, contentType: String) throws -> String {
        let key = place.prefix + "outputs/" + name.name
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if isFolder.boolValue {
            do {
                for file in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
                    try client.upload(file: path + "/" + file, to: key + "/" + file, contentType: Self.type(of: file))
                }
            } catch {
                remove(key)  // a folder half uploaded is no output
                throw error
            }
        } else {
            try client.upload(file: path, to: key, contentType: contentType)
        }
        try? FileManager.default.removeItem(atPath: path)
        return place.location(key)
    }

    public func liveLocation(_ name: OutputName) -> String { place.location(place.prefix + "outputs/" + name.name) }

    public func live(_ name: OutputName, folder: String) -> any LiveOutput { S3LiveOutput(outputs: self, location: liveLocation(name)) }

    public func fetch(_ location: String, file: String?, expires: Int) -> OutputFetch {
        .url(client.presignedURL("GET", key: key(location, file), expires: expires))
    }

    public func read(_ location: String, file: String?) throws -> [UInt8] {
        try client.getObject(key(location, file), limit: 16 << 20)
    }

    public func localCopy(_ location: String, file: String?) throws -> String {
        try cache.copy(cacheKey(location, file)) { try client.download(key(location, file), to: $0) }
    }

    /// The name of the node's copy of the output at `location` (`file`: one of its folder's).
    func cacheKey(_ location: String, _ file: String?) -> String {
        "outputs/" + (key(location, nil) as NSString).lastPathComponent + (file.map { "/" + $0 } ?? "")
    }

    public func startLocalCopy(_ location: String, range: ClosedRange<Int64>?, opened: (String) throws -> Void,
                               written: @escaping @Sendable (Int64) -> Void, ended: @escaping @Sendable ((any Error)?) -> Void) throws -> LocalCache.Fill {
        let key = key(location, nil)
        let name = cacheKey(location, nil)
        if let range {
            if let copy = cache.existing(name) { return .ready(path: copy) }
            return try cache.startScratch(opened: opened, fill: { [client] in try client.download(key, to: $0, range: range, written: written) },
                                          ended: ended)
        }
        return try cache.startCopy(name, opened: opened, fill: { [client] in try client.download(key, to: $0, written: written) }, ended: ended)
    }

    public func copy(_ location: String, file: String?, to path: String) throws {
        try client.download(key(location, file), to: path)
    }

    public func object(_ location: String, file: String?) -> (client: S3Client, key: String)? { (client, key(location, file)) }

    public func exists(_ location: String) throws -> Bool {
        // An HLS folder has no object of its own name: its master playlist stands for it.
        if try client.headObject(key(location, nil)) != nil { return true }
        return try client.headObject(key(location, "master.m3u8")) != nil
    }

    public func files(_ location: String) throws -> [String]? {
        let base = key(location, nil)
        if try client.headObject(base) != nil { return nil }
        var names: [String] = []
        var continuation: String?
        repeat {
            let page = try client.list(prefix: base + "/", continuation: continuation)
            names += page.objects.map { String($0.key.dropFirst(base.count + 1)) }
            continuation = page.next
        } while continuation != nil
        return names.sorted()
    }

    public func remove(_ location: String) {
        let base = key(location, nil)
        cache.remove(cacheKey(location, nil))
        try? client.deleteObject(base)
        place.removeAll(under: base + "/")
    }

    public var keepsOutputsLocally: Bool { false }

    public func checkAvailable() throws { try place.checkAvailable() }

    public func publishedOutputs() -> [(name: OutputName, location: String)] {
        let base = place.prefix + "outputs/"
        var names = Set<String>()
        var continuation: String?
        repeat {
            guard let page = try? client.list(prefix: base, continuation: continuation) else { break }
            // A file's key is the output's name; a folder's files share its name as their first part.
            for object in page.objects { names.insert(String(object.key.dropFirst(base.count).prefix { $0 != "/" })) }
            continuation = page.next
        } while continuation != nil
        return names.sorted().compactMap { n in OutputName(n).map { ($0, place.location(base + n)) } }
    }

    /// The object key of `location` (`s3://bucket/key`), or of one of its folder's files.
    func key(_ location: String, _ file: String?) -> String {
        let base = place.key(location)
        return file.map { base + "/" + $0 } ?? base
    }

    /// An HLS folder's file's object type (its init segments are `.mp4`).
    public static func type(of file: String) -> String { MediaTypes.of(fileName: file) ?? "application/octet-stream" }
}
