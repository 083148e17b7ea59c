import Foundation
import ReelS3

/// `OutputStore` in an S3 bucket: an output is uploaded under `<prefix>outputs/<name>` (an HLS
/// folder's files under `<prefix>outputs/<name>/`), a large file as a multipart upload that appears
/// only when whole, and the local render is deleted. Its location is `s3://bucket/key`; clients are
/// given presigned URLs.
public struct S3Outputs: OutputStore {
    public let client: S3Client
    /// Ends with `/`, or is empty.
    public let prefix: String

    public init(client: S3Client, prefix: String) {
        self.client = client
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
    }

    public func publish(_ name: OutputName, at path: String, contentType: String) throws -> String {
        let key = prefix + "outputs/" + name.name
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
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
        return "s3://\(client.endpoint.bucket)/\(key)"
    }

    public func fetch(_ location: String, file: String?, expires: Int) -> OutputFetch {
        .url(client.presignedURL("GET", key: key(location, file), expires: expires))
    }

    public func read(_ location: String, file: String?) throws -> [UInt8] {
        try client.getObject(key(location, file), limit: 16 << 20)
    }

    public func exists(_ location: String) -> Bool {
        // An HLS folder has no object of its own name: its master playlist stands for it.
        ((try? client.headObject(key(location, nil))) ?? nil) != nil
            || ((try? client.headObject(key(location, "master.m3u8"))) ?? nil) != nil
    }

    public func remove(_ location: String) {
        let base = key(location, nil)
        try? client.deleteObject(base)
        var continuation: String?
        repeat {
            guard let page = try? client.list(prefix: base + "/", continuation: continuation) else { return }
            for object in page.objects { try? client.deleteObject(object.key) }
            continuation = page.next
        } while continuation != nil
    }

    public var keepsOutputsLocally: Bool { false }

    /// The object key of `location` (`s3://bucket/key`), or of one of its folder's files.
    func key(_ location: String, _ file: String?) -> String {
        let start = "s3://\(client.endpoint.bucket)/"
        let base = location.hasPrefix(start) ? String(location.dropFirst(start.count)) : location
        return file.map { base + "/" + $0 } ?? base
    }

    static func type(of file: String) -> String {
        if file.hasSuffix(".m3u8") { return "application/vnd.apple.mpegurl" }
        if file.hasSuffix(".m4s") { return "video/iso.segment" }
        if file.hasSuffix(".vtt") { return "text/vtt" }
        return "video/mp4"
    }
}
