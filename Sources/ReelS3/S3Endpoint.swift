import Foundation

/// Where a bucket is: the service's URL, its region, the bucket, and how the bucket is addressed
/// (path style `http://host/bucket/key`, or virtual-hosted `http://bucket.host/key`).
public struct S3Endpoint: Sendable, Equatable {
    /// `scheme://host[:port]`, no path.
    public let service: URL
    public let region: String
    public let bucket: String
    public let pathStyle: Bool

    public init(service: URL, region: String, bucket: String, pathStyle: Bool) {
        self.service = service
        self.region = region
        self.bucket = bucket
        self.pathStyle = pathStyle
    }

    /// The host (with its port when not the scheme's default) a request for this bucket goes to.
    var host: String {
        let base = service.host ?? "localhost"
        let name = pathStyle ? base : bucket + "." + base
        guard let port = service.port, !(service.scheme == "http" && port == 80), !(service.scheme == "https" && port == 443) else { return name }
        return "\(name):\(port)"
    }

    /// The unencoded path of `key` (or of the bucket itself, for an empty key).
    func path(_ key: String) -> String {
        if key.isEmpty { return pathStyle ? "/\(bucket)" : "/" }
        return pathStyle ? "/\(bucket)/\(key)" : "/\(key)"
    }

    /// The URL of `key` with the canonical `query` (already encoded and sorted).
    func url(_ key: String, query: String) -> String {
        "\(service.scheme ?? "https")://\(host)\(SigV4.encode(path(key), keepSlash: true))" + (query.isEmpty ? "" : "?" + query)
    }
}
