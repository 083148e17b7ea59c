import Foundation
import ReelS3
import ReelStorage
import ReelSpec

/// `storageProfiles` (or `REEL_STORAGE_PROFILES`, the same object as JSON): the S3 accounts a spec's
/// `output.destinations` may name by `profile`, so credentials live with the operator, never in a spec.
/// `{"archive": {"endpoint", "region", "pathStyle", "accessKeyId", "secretAccessKey", "sessionToken"}}`;
/// endpoint defaults to AWS's for the region, region to us-east-1, pathStyle to false.
enum StorageProfiles {
    static func parse(_ value: JSONValue, key: String) throws -> [String: S3Account] {
        guard case .object(let members) = value else {
            throw ServerConfiguration.Problem(key: key, message: "must be an object of profiles by name")
        }
        var profiles: [String: S3Account] = [:]
        for (name, v) in members {
            let at = "\(key).\(name)"
            guard (1...64).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                throw ServerConfiguration.Problem(key: at, message: "a profile's name must be 1 to 64 letters, digits, dots, hyphens or underscores")
            }
            profiles[name] = try profile(v, key: at)
        }
        return profiles
    }

    private static func profile(_ value: JSONValue, key: String) throws -> S3Account {
        func problem(_ field: String, _ message: String) -> ServerConfiguration.Problem {
            ServerConfiguration.Problem(key: field.isEmpty ? key : "\(key).\(field)", message: message)
        }
        guard case .object(let members) = value else { throw problem("", "must be an object") }
        var text: [String: String] = [:]
        var pathStyle = false
        for (k, v) in members {
            switch (k, v) {
            case ("pathStyle", .bool(let b)): pathStyle = b
            case ("pathStyle", _): throw problem(k, "must be true or false")
            case ("endpoint", .string(let s)), ("region", .string(let s)), ("accessKeyId", .string(let s)),
                 ("secretAccessKey", .string(let s)), ("sessionToken", .string(let s)):
                guard !s.isEmpty else { throw problem(k, "must not be empty") }
                text[k] = s
            case ("endpoint", _), ("region", _), ("accessKeyId", _), ("secretAccessKey", _), ("sessionToken", _):
                throw problem(k, "must be a string")
            default:
                throw problem(k, "is not a profile field (endpoint, region, pathStyle, accessKeyId, secretAccessKey, sessionToken)")
            }
        }
        guard let keyID = text["accessKeyId"] else { throw problem("accessKeyId", "is required") }
        guard let secret = text["secretAccessKey"] else { throw problem("secretAccessKey", "is required") }
        let region = text["region"] ?? "us-east-1"
        switch S3Account.serviceURL(text["endpoint"] ?? S3Account.awsEndpoint(region: region)) {
        case .success(let service):
            return S3Account(service: service, region: region, pathStyle: pathStyle,
                             credentials: S3Credentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: text["sessionToken"]))
        case .failure(let refusal):
            throw problem("endpoint", refusal.description)
        }
    }
}

extension ServerConfiguration {
    /// The accounts destinations are copied with: the profiles, and the bucket storage's own.
    public var destinationAccounts: DestinationAccounts { DestinationAccounts(profiles: storageProfiles, storage: storage.account) }
}
