import ReelS3

/// A bucket and a key prefix in it, as Reel's stores use them: the prefix normalised to end with
/// `/` (or be empty), and the `s3://bucket/key` locations the job store records turned back into
/// keys. Written once for the outputs, uploads and chunk pieces that live there.
public struct S3Place: Sendable {
    public let client: S3Client
    /// Ends with `/`, or is empty.
    public let prefix: String

    public init(client: S3Client, prefix: String) {
        self.client = client
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
    }

    /// `s3://bucket/key`.
    func location(_ key: String) -> String { "s3://\(client.endpoint.bucket)/\(key)" }

    /// The key of `location` (as written by `location(_:)`; anything else is taken as a key).
    func key(_ location: String) -> String {
        let start = "s3://\(client.endpoint.bucket)/"
        return location.hasPrefix(start) ? String(location.dropFirst(start.count)) : location
    }

    /// Lists at most one key under the prefix, tried once within 2 s (a readiness probe must answer
    /// promptly): throws when the bucket does not answer, refuses or is gone.
    func checkAvailable() throws {
        _ = try client.tryingOnce().list(prefix: prefix, maxKeys: 1)
    }

    /// Deletes every object whose key starts with `prefix`.
    func removeAll(under prefix: String) {
        var continuation: String?
        repeat {
            guard let page = try? client.list(prefix: prefix, continuation: continuation) else { return }
            for object in page.objects { try? client.deleteObject(object.key) }
            continuation = page.next
        } while continuation != nil
    }
}
