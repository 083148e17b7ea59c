import Foundation
import ReelS3
import TestSupport

/// A real S3-compatible server for the tests (OpenStack Swift with s3api, which checks every
/// signature: `scripts/s3-test-server.sh`), started once per test process on free loopback ports
/// and stopped when it exits. Without Swift installed (`scripts/deps.sh` installs it) `shared`
/// throws and the test fails saying so; nothing is skipped.
public final class TestS3: Sendable {
    public let port: Int
    public static let accessKey = "test:tester"
    public static let secret = "testing"
    /// A second account (its buckets are its own), as a destination's storage profile would name.
    public static let archiveAccessKey = "archive:keeper"
    public static let archiveSecret = "archived"

    private static let started: Result<TestS3, Error> = Result { try TestS3() }

    public static func shared() throws -> TestS3 { try started.get() }

    /// This process's server folder (named by pid, so `atexit` can find it without state).
    private static var root: String { NSTemporaryDirectory() + "reel-s3-\(getpid())" }
    private static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/s3-test-server.sh").path
    }

    private init() throws {
        port = try Spawn.freePorts(4)
        try Spawn.run("/bin/bash", [Self.script, "start"], environment: ["S3_ROOT": Self.root, "S3_PORT": String(port)])
        atexit { try? Spawn.run("/bin/bash", [TestS3.script, "stop"], environment: ["S3_ROOT": TestS3.root]) }
        // The proxy answers its health check before the account and container servers take
        // writes (503 meanwhile): ready once a bucket can be made.
        let probe = S3Client(endpoint: endpoint(bucket: "reel-ready"),
                             credentials: S3Credentials(accessKeyID: Self.accessKey, secretAccessKey: Self.secret),
                             retry: S3Client.RetryPolicy(attempts: 1))
        var last: Error?
        guard Poll.until(seconds: 60, every: 0.1, {
            do { try probe.createBucket(); return true } catch { last = error; return false }
        }) else { throw Spawn.Failed(description: "the S3 server never took a write: \(String(describing: last))") }
    }

    /// `REEL_STORAGE_URL` and the AWS variables for a service keeping its outputs in `bucket`
    /// (created here) under `prefix`.
    public func storageEnvironment(bucket: String = "reel-" + UUID().uuidString.prefix(8).lowercased(), prefix: String = "media",
                                   secret: String = TestS3.secret) throws -> [String: String] {
        _ = try client(bucket: bucket)
        return ["REEL_STORAGE_URL": "s3://\(bucket)/\(prefix)?endpoint=http://127.0.0.1:\(port)&region=us-east-1&pathStyle=true",
                "AWS_ACCESS_KEY_ID": Self.accessKey, "AWS_SECRET_ACCESS_KEY": secret]
    }

    /// A client of a new, empty bucket (path style by default), signing with `secret`; with
    /// `archive`, a bucket of the second account.
    public func client(bucket: String = "reel-" + UUID().uuidString.prefix(8).lowercased(), pathStyle: Bool = true,
                secret: String = TestS3.secret, archive: Bool = false) throws -> S3Client {
        let good = archive ? Self.archiveSecret : Self.secret
        let client = S3Client(endpoint: endpoint(bucket: bucket, pathStyle: pathStyle),
                              credentials: S3Credentials(accessKeyID: archive ? Self.archiveAccessKey : Self.accessKey,
                                                         secretAccessKey: secret == Self.secret ? good : secret),
                              retry: S3Client.RetryPolicy(attempts: 6, baseDelay: 0.05, maxDelay: 2))
        if secret == Self.secret { try client.createBucket() }
        return client
    }

    /// `REEL_STORAGE_PROFILES` naming the second account `archive` (signing with `secret`).
    public func archiveProfiles(secret: String = TestS3.archiveSecret) -> [String: String] {
        ["REEL_STORAGE_PROFILES": #"{"archive": {"endpoint": "http://127.0.0.1:\#(port)", "region": "us-east-1", "pathStyle": true, "#
            + #""accessKeyId": "\#(Self.archiveAccessKey)", "secretAccessKey": "\#(secret)"}}"#]
    }

    public func endpoint(bucket: String, pathStyle: Bool = true) -> S3Endpoint {
        S3Endpoint(service: URL(string: pathStyle ? "http://127.0.0.1:\(port)" : "http://localhost:\(port)")!, region: "us-east-1",
                   bucket: bucket, pathStyle: pathStyle)
    }
}
