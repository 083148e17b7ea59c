import Foundation

/// An S3-compatible service and the credentials to sign with there: what a storage profile names,
/// and what the server's own storage uses. Any of its buckets is reached with `client(bucket:)`.
public struct S3Account: Sendable, Equatable {
    /// `scheme://host[:port]`, no path.
    public let service: URL
    public let region: String
    public let pathStyle: Bool
    public let credentials: S3Credentials

    public init(service: URL, region: String, pathStyle: Bool, credentials: S3Credentials) {
        self.service = service
        self.region = region
        self.pathStyle = pathStyle
        self.credentials = credentials
    }

    public func client(bucket: String, retry: S3Client.RetryPolicy = S3Client.RetryPolicy(), cancelled: (@Sendable () -> Bool)? = nil) -> S3Client {
        S3Client(endpoint: S3Endpoint(service: service, region: region, bucket: bucket, pathStyle: pathStyle),
                 credentials: credentials, retry: retry, cancelled: cancelled)
    }

    /// The service URL `text` names, reduced to `scheme://host[:port]`, or why it cannot be one.
    public static func serviceURL(_ text: String) -> Result<URL, Refusal> {
        let refusal = Refusal(description: "the endpoint \"\(text)\" must be an http(s) URL with no path, such as https://s3.us-east-1.amazonaws.com")
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
              url.path.isEmpty || url.path == "/", url.query == nil,
              let base = URL(string: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (url.port.map { ":\($0)" } ?? "")) else {
            return .failure(refusal)
        }
        return .success(base)
    }

    /// AWS's endpoint for `region`.
    public static func awsEndpoint(region: String) -> String { "https://s3.\(region).amazonaws.com" }

    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String

        public init(description: String) { self.description = description }
    }
}
