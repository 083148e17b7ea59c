import Foundation
import ReelS3
import ReelSpec

/// Where outputs are kept (`storage`, `REEL_STORAGE_URL`): `local` (under `dataDir`, the default) or
/// an S3-compatible bucket, `s3://bucket[/prefix]?endpoint=URL&region=R&pathStyle=true`, signed with
/// the AWS conventions' credentials (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
/// `AWS_SESSION_TOKEN`; `AWS_REGION` and `AWS_ENDPOINT_URL_S3` when the URL does not say).
public enum StorageSettings: Sendable, Equatable {
    case local
    case s3(endpoint: S3Endpoint, prefix: String, credentials: S3Credentials)

    /// `storage` as written, with the environment for what it leaves out.
    static func parse(_ value: String, environment: [String: String], key: String) throws -> StorageSettings {
        if value.isEmpty || value == "local" { return .local }
        func problem(_ message: String) -> ServerConfiguration.Problem { ServerConfiguration.Problem(key: key, message: message) }
        guard let url = URLComponents(string: value), url.scheme == "s3", let bucket = url.host, !bucket.isEmpty else {
            throw problem("\"\(value)\" must be local or s3://bucket[/prefix]?endpoint=URL&region=REGION&pathStyle=true")
        }
        guard DestinationSpec.isBucketName(bucket) else {
            throw problem("the bucket name \"\(bucket)\" must be 3 to 63 lowercase letters, digits, dots or hyphens")
        }
        var options: [String: String] = [:]
        for item in url.queryItems ?? [] {
            guard ["endpoint", "region", "pathStyle"].contains(item.name) else {
                throw problem("\"\(item.name)\" is not a storage option (endpoint, region, pathStyle)")
            }
            options[item.name] = item.value ?? ""
        }
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let region = options["region"] ?? env("AWS_REGION") ?? env("AWS_DEFAULT_REGION") ?? "us-east-1"
        let endpointText = options["endpoint"] ?? env("AWS_ENDPOINT_URL_S3") ?? env("AWS_ENDPOINT_URL") ?? S3Account.awsEndpoint(region: region)
        let base: URL
        switch S3Account.serviceURL(endpointText) {
        case .success(let url): base = url
        case .failure(let refusal): throw problem(refusal.description)
        }
        var pathStyle = false
        if let p = options["pathStyle"] {
            guard let b = ["true": true, "false": false][p] else { throw problem("pathStyle must be true or false") }
            pathStyle = b
        }
        guard let keyID = env("AWS_ACCESS_KEY_ID"), let secret = env("AWS_SECRET_ACCESS_KEY") else {
            throw problem("S3 storage needs credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)")
        }
        var prefix = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        return .s3(endpoint: S3Endpoint(service: base, region: region, bucket: bucket, pathStyle: pathStyle), prefix: prefix,
                   credentials: S3Credentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: env("AWS_SESSION_TOKEN")))
    }

    /// `sourceBuckets`: each bucket with the account that reads it (a bare name: `storage`'s; an
    /// `s3://bucket?…` URL: the AWS environment's, read as `storage` is).
    static func sourceBuckets(_ entries: [String], storage: StorageSettings, environment: [String: String], key: String) throws
        -> [String: S3Account] {
        var out: [String: S3Account] = [:]
        for entry in entries {
            if entry.hasPrefix("s3://") {
                guard case .s3(let e, let prefix, let credentials) = try parse(entry, environment: environment, key: key), prefix.isEmpty else {
                    throw ServerConfiguration.Problem(key: key, message: "\"\(entry)\" must name a whole bucket, without a prefix")
                }
                out[e.bucket] = S3Account(service: e.service, region: e.region, pathStyle: e.pathStyle, credentials: credentials)
            } else {
                guard DestinationSpec.isBucketName(entry) else {
                    throw ServerConfiguration.Problem(key: key, message: "\"\(entry)\" is neither a bucket name nor an s3://bucket?endpoint=… URL")
                }
                guard let account = storage.account else {
                    throw ServerConfiguration.Problem(key: key, message: "the bucket \"\(entry)\" is named alone, so it is read with the storage's "
                        + "account, but storage is local; write it as s3://\(entry)?endpoint=…&region=… to read it with the AWS environment's credentials")
                }
                out[entry] = account
            }
        }
        return out
    }

    /// The service and credentials of a bucket storage (destinations without a profile use them).
    public var account: S3Account? {
        guard case .s3(let e, _, let credentials) = self else { return nil }
        return S3Account(service: e.service, region: e.region, pathStyle: e.pathStyle, credentials: credentials)
    }

    /// How logs and messages name it (no credentials).
    public var description: String {
        switch self {
        case .local: return "local"
        case .s3(let e, let prefix, _): return "s3://\(e.bucket)/\(prefix) at \(e.service.absoluteString)"
        }
    }
}
