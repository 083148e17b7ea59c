import Foundation
import ReelAPI
import ReelS3
import XCTest

/// The committed config/reel.json holds the defaults, and the access settings read from a file.
final class ConfigurationTests: XCTestCase {
    var repoRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func testTheCommittedFileIsTheDefaults() throws {
        let loaded = try ServerConfiguration.load(path: repoRoot.appendingPathComponent("config/reel.json").path, environment: [:])
        XCTAssertEqual(loaded, ServerConfiguration())
    }

    func testChunkSecondsFromTheFileAndTheEnvironment() throws {
        XCTAssertEqual(ServerConfiguration().chunkSeconds, 60, "chunked rendering on by default")
        let path = NSTemporaryDirectory() + "reel-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(##"{ "chunkSeconds": 30 }"##.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ServerConfiguration.load(path: path, environment: [:]).chunkSeconds, 30)
        XCTAssertEqual(try ServerConfiguration.load(path: path, environment: ["REEL_CHUNK_SECONDS": "0"]).chunkSeconds, 0, "0 turns it off")
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_CHUNK_SECONDS": "-1"])) {
            XCTAssertTrue("\($0)".contains("REEL_CHUNK_SECONDS"), "\($0)")
        }
        try Data(##"{ "chunkSeconds": 1.5 }"##.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ServerConfiguration.load(path: path, environment: [:])) {
            XCTAssertTrue("\($0)".contains("chunkSeconds"), "\($0)")
        }
    }

    /// The SQLite store to import goes with a PostgreSQL `database` only.
    func testImportSQLiteNeedsAPostgreSQLDatabase() throws {
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_IMPORT_SQLITE": "/old/data/reel.db"])) {
            XCTAssertTrue("\($0)".contains("importSQLite") && "\($0)".contains("needs database"), "\($0)")
        }
        let c = try ServerConfiguration.load(path: nil, environment: ["REEL_IMPORT_SQLITE": "/old/data/reel.db",
                                                                     "REEL_DATABASE_URL": "postgres://reel@db.internal/reel"])
        XCTAssertEqual(c.importSQLite, "/old/data/reel.db")
        XCTAssertNil(try ServerConfiguration.load(path: nil, environment: [:]).importSQLite, "none by default")
    }

    func testSchedulerTickFromTheFileAndTheEnvironment() throws {
        XCTAssertEqual(ServerConfiguration().schedulerTickMicroseconds, 1000, "on by default: 1 ms")
        let path = NSTemporaryDirectory() + "reel-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(##"{ "schedulerTickMicroseconds": 500 }"##.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ServerConfiguration.load(path: path, environment: [:]).schedulerTickMicroseconds, 500)
        XCTAssertEqual(try ServerConfiguration.load(path: path, environment: ["REEL_SCHEDULER_TICK_US": "0"]).schedulerTickMicroseconds, 0,
                       "0 turns it off")
        for bad in ["50", "-1", "200000", "fast"] {
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_SCHEDULER_TICK_US": bad]), bad) {
                XCTAssertTrue("\($0)".contains("REEL_SCHEDULER_TICK_US"), "\($0)")
            }
        }
        try Data(##"{ "schedulerTickMicroseconds": 10 }"##.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ServerConfiguration.load(path: path, environment: [:])) {
            XCTAssertTrue("\($0)".contains("schedulerTickMicroseconds"), "\($0)")
        }
    }

    func testAccessSettingsFromAFile() throws {
        let path = NSTemporaryDirectory() + "reel-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(##"""
        { "listen": "0.0.0.0:9000", "apiKeys": ["key-one-0123456789abc", "key-two-0123456789abc"], "corsOrigins": ["https://app.example.com"],
          "webhookSecret": "whsec-0123456789abcdef", "webhookRetrySeconds": 2, "assetRetentionHours": 24, "webhookRetentionHours": 48,
          "proxyOutputs": true, "cacheBytes": 1073741824, "limits": { "queuedJobsPerKey": 3, "runningJobsPerKey": 2, "batchJobs": 50, "maxJobPixels": 1000000 } }
        """##.utf8).write(to: URL(fileURLWithPath: path))
        let c = try ServerConfiguration.load(path: path, environment: ["REEL_QUEUED_JOBS_PER_KEY": "4"])
        XCTAssertEqual(c.apiKeys.count, 2)
        XCTAssertEqual(c.corsOrigins, ["https://app.example.com"])
        XCTAssertEqual(c.webhookSecret, "whsec-0123456789abcdef")
        XCTAssertEqual(c.webhookRetrySeconds, 2)
        XCTAssertEqual(c.assetRetentionHours, 24)
        XCTAssertEqual(c.webhookRetentionHours, 48)
        XCTAssertEqual(try ServerConfiguration.load(path: path, environment: ["REEL_WEBHOOK_RETENTION_HOURS": "0"]).webhookRetentionHours, 0)
        XCTAssertEqual(c.queuedJobsPerKey, 4, "the environment overrides the file")
        XCTAssertEqual([c.runningJobsPerKey, c.batchJobs], [2, 50])
        // The limit it replaced is named, with what replaced it.
        for (file, env) in [(#"{ "limits": { "activeJobsPerKey": 3 } }"#, [String: String]()), ("{}", ["REEL_ACTIVE_JOBS_PER_KEY": "3"])] {
            try Data(file.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try ServerConfiguration.load(path: path, environment: env)) {
                XCTAssertTrue("\($0)".contains("was replaced by"), "\($0)")
            }
        }
        try Data(##"{ "proxyOutputs": true, "cacheBytes": 1073741824 }"##.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(c.maxJobPixels, 1_000_000)
        XCTAssertTrue(c.proxyOutputs)
        XCTAssertEqual(c.cacheBytes, 1 << 30)
        let e = try ServerConfiguration.load(path: path, environment: ["REEL_PROXY_OUTPUTS": "false", "REEL_CACHE_BYTES": "134217728"])
        XCTAssertEqual([e.proxyOutputs ? 1 : 0, e.cacheBytes], [0, 128 << 20], "the environment overrides the file")
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_CACHE_BYTES": "1000"])) {
            XCTAssertTrue("\($0)".contains("REEL_CACHE_BYTES"), "\($0)")
        }
        // A refused key is named by its position, never printed.
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_API_KEYS": "good-key-0123456789,secret key 0123456789"])) {
            XCTAssertFalse("\($0)".contains("secret key"), "\($0)")
            XCTAssertTrue("\($0)".contains("key 2"), "\($0)")
        }
        // The job store: SQLite in dataDir unless a PostgreSQL URL is given; anything else is refused.
        XCTAssertNil(c.database)
        let pg = "postgres://reel@db.internal:5432/reel?sslmode=require"
        XCTAssertEqual(try ServerConfiguration.load(path: nil, environment: ["REEL_DATABASE_URL": pg]).database, pg)
        XCTAssertNil(try ServerConfiguration.load(path: nil, environment: ["REEL_DATABASE_URL": "sqlite"]).database)
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_DATABASE_URL": "mysql://db/reel"])) {
            XCTAssertTrue("\($0)".contains("REEL_DATABASE_URL"), "\($0)")
        }
        for bad in [#"{ "database": "/var/lib/reel.db" }"#, #"{ "database": 5 }"#, #"{ "webhookSecret": "short" }"#, #"{ "apiKeys": ["has space 0123456789"] }"#, #"{ "corsOrigins": ["app.example.com"] }"#,
                    #"{ "allowUnauthenticated": "yes" }"#, #"{ "webhookRetentionHours": -1 }"#, #"{ "proxyOutputs": 1 }"#, #"{ "cacheBytes": 1024 }"#] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try ServerConfiguration.load(path: path, environment: [:]), bad)
        }
    }
}

/// `projects` / `REEL_PROJECTS`: projects with several keys, each full or read.
final class ProjectConfigurationTests: XCTestCase {
    func testProjectsFromJSONAndTheEnvironment() throws {
        let json = #"{"acme": {"full": ["acme-full-0123456789"], "read": ["acme-read-0123456789", "acme-read-9876543210"]}, "beta.tv": {"full": ["beta-full-0123456789"]}}"#
        let c = try ServerConfiguration.load(path: nil, environment: ["REEL_PROJECTS": json, "REEL_API_KEYS": "solo-key-0123456789"])
        XCTAssertEqual(c.projects.map(\.id), ["acme", "beta.tv"])
        XCTAssertEqual(c.projects[0].keys.map(\.scope), [.full, .read, .read])
        XCTAssertEqual(c.projects[0].keys.map(\.secret), ["acme-full-0123456789", "acme-read-0123456789", "acme-read-9876543210"])
        XCTAssertTrue(c.hasKeys)
        let path = NSTemporaryDirectory() + "reel-projects-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"listen": "0.0.0.0:8080", "projects": \#(json)}"#.utf8).write(to: URL(fileURLWithPath: path))
        let file = try ServerConfiguration.load(path: path, environment: [:])
        XCTAssertEqual(file.projects, c.projects, "keys in projects alone are keys: a public address is allowed")

        // Each mistake named where it is, no secret printed.
        for (bad, key) in [(#"{"acme": {"admin": ["acme-full-0123456789"]}}"#, "REEL_PROJECTS.acme.admin"),
                           (#"{"acme": {"full": ["short secret"]}}"#, "REEL_PROJECTS.acme.full"),
                           (#"{"ac me": {"full": ["acme-full-0123456789"]}}"#, "REEL_PROJECTS.ac me"),
                           (#"{"prj_x": {"full": ["acme-full-0123456789"]}}"#, "REEL_PROJECTS.prj_x"),
                           (#"{"acme": {}}"#, "REEL_PROJECTS.acme"),
                           (#"{"acme": ["acme-full-0123456789"]}"#, "REEL_PROJECTS.acme"),
                           (#"["acme"]"#, "REEL_PROJECTS"), ("{", "REEL_PROJECTS"),
                           (#"{"a": {"full": ["same-key-0123456789"]}, "b": {"read": ["same-key-0123456789"]}}"#, "projects.b")] {
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_PROJECTS": bad])) { error in
                XCTAssertTrue("\(error)".hasPrefix("configuration \(key):"), "\(bad): \(error)")
                XCTAssertFalse("\(error)".contains("0123456789"), "\(error)")
            }
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: [
            "REEL_PROJECTS": #"{"a": {"full": ["same-key-0123456789"]}}"#, "REEL_API_KEYS": "same-key-0123456789"]), "a key in both")
    }
}

/// `storage` / `REEL_STORAGE_URL` and the AWS variables.
final class StorageConfigurationTests: XCTestCase {
    let creds = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"]

    func testAnS3URLWithItsOptions() throws {
        let c = try ServerConfiguration.load(path: nil, environment: creds.merging(
            ["REEL_STORAGE_URL": "s3://reel-media/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1&pathStyle=true"]) { $1 })
        guard case .s3(let endpoint, let prefix, let credentials) = c.storage else { return XCTFail("\(c.storage)") }
        XCTAssertEqual(endpoint.bucket, "reel-media")
        XCTAssertEqual(endpoint.region, "eu-west-1")
        XCTAssertEqual(endpoint.service.absoluteString, "http://127.0.0.1:9000")
        XCTAssertTrue(endpoint.pathStyle)
        XCTAssertEqual(prefix, "prod/")
        XCTAssertEqual(credentials.accessKeyID, "AKID")
    }

    func testTheEnvironmentFillsWhatTheURLLeavesOut() throws {
        let c = try ServerConfiguration.load(path: nil, environment: creds.merging(
            ["REEL_STORAGE_URL": "s3://bucket-a", "AWS_REGION": "ap-south-1"]) { $1 })
        guard case .s3(let endpoint, let prefix, _) = c.storage else { return XCTFail("\(c.storage)") }
        XCTAssertEqual(endpoint.service.absoluteString, "https://s3.ap-south-1.amazonaws.com")
        XCTAssertFalse(endpoint.pathStyle)
        XCTAssertEqual(prefix, "")
        XCTAssertEqual(try ServerConfiguration.load(path: nil, environment: [:]).storage, .local)
    }

    func testMistakesAreRefusedNamingTheVariable() {
        for (url, env, fragment) in [("s3://bucket-a", [String: String](), "AWS_ACCESS_KEY_ID"),
                                     ("ftp://bucket-a", creds, "must be local or s3://"),
                                     ("s3://B", creds, "bucket name"),
                                     ("s3://bucket-a?colour=red", creds, "not a storage option"),
                                     ("s3://bucket-a?endpoint=http://h/x", creds, "with no path"),
                                     ("s3://bucket-a?pathStyle=yes", creds, "pathStyle")] {
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: env.merging(["REEL_STORAGE_URL": url]) { $1 })) { error in
                XCTAssertTrue("\(error)".contains("REEL_STORAGE_URL") && "\(error)".contains(fragment), "\(url): \(error)")
            }
        }
    }
}

/// `storageProfiles` / `REEL_STORAGE_PROFILES`: the accounts destinations sign with, and
/// `deliveryRetryHours`.
final class StorageProfileConfigurationTests: XCTestCase {
    func load(_ json: String) throws -> ServerConfiguration {
        let path = NSTemporaryDirectory() + "reel-profiles-\(UUID().uuidString).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ServerConfiguration.load(path: path, environment: [:])
    }

    func testProfilesAreReadWithTheirDefaults() throws {
        let c = try load(#"""
            {"storageProfiles": {"archive": {"endpoint": "http://127.0.0.1:9000/", "region": "eu-west-1", "pathStyle": true,
                                             "accessKeyId": "AK", "secretAccessKey": "SK", "sessionToken": "T"},
                                 "aws_2": {"accessKeyId": "AK2", "secretAccessKey": "SK2"}},
             "deliveryRetryHours": 2}
            """#)
        let archive = try XCTUnwrap(c.storageProfiles["archive"])
        XCTAssertEqual(archive.service.absoluteString, "http://127.0.0.1:9000")
        XCTAssertEqual(archive.region, "eu-west-1")
        XCTAssertTrue(archive.pathStyle)
        XCTAssertEqual(archive.credentials, S3Credentials(accessKeyID: "AK", secretAccessKey: "SK", sessionToken: "T"))
        let aws = try XCTUnwrap(c.storageProfiles["aws_2"])
        XCTAssertEqual(aws.service.absoluteString, "https://s3.us-east-1.amazonaws.com")
        XCTAssertFalse(aws.pathStyle)
        XCTAssertEqual(c.deliveryRetryHours, 2)
        XCTAssertEqual(c.destinationAccounts.storage, nil, "local storage signs nothing")

        let env = try ServerConfiguration.load(path: nil, environment: [
            "REEL_STORAGE_PROFILES": #"{"b": {"accessKeyId": "X", "secretAccessKey": "Y", "region": "ap-south-1"}}"#,
            "REEL_DELIVERY_RETRY_HOURS": "0"])
        XCTAssertEqual(env.storageProfiles["b"]?.service.absoluteString, "https://s3.ap-south-1.amazonaws.com")
        XCTAssertEqual(env.deliveryRetryHours, 0)
        let buckets = try ServerConfiguration.load(path: nil, environment: [
            "AWS_ACCESS_KEY_ID": "K", "AWS_SECRET_ACCESS_KEY": "S", "REEL_STORAGE_URL": "s3://store-bucket",
            "REEL_SOURCE_BUCKETS": "media-in, s3://elsewhere?endpoint=http://127.0.0.1:9000&pathStyle=true"])
        XCTAssertEqual(buckets.sourceBuckets["media-in"], buckets.storage.account, "a bare name: the storage's account")
        XCTAssertEqual(buckets.sourceBuckets["elsewhere"]?.service.absoluteString, "http://127.0.0.1:9000")
        XCTAssertEqual(buckets.sourceBuckets["elsewhere"]?.pathStyle, true)
    }

    func testMistakesAreRefusedNamingTheField() {
        for (json, fragment) in [(#"{"storageProfiles": []}"#, "storageProfiles: must be an object"),
                                 (#"{"storageProfiles": {"a b": {}}}"#, "storageProfiles.a b: a profile's name"),
                                 (#"{"storageProfiles": {"a": {"secretAccessKey": "S"}}}"#, "storageProfiles.a.accessKeyId: is required"),
                                 (#"{"storageProfiles": {"a": {"accessKeyId": "K"}}}"#, "storageProfiles.a.secretAccessKey: is required"),
                                 (#"{"storageProfiles": {"a": {"accessKeyId": "K", "secretAccessKey": "S", "endpoint": "ftp://x"}}}"#,
                                  "storageProfiles.a.endpoint: the endpoint"),
                                 (#"{"storageProfiles": {"a": {"accessKeyId": "K", "secretAccessKey": "S", "pathStyle": "yes"}}}"#,
                                  "storageProfiles.a.pathStyle: must be true or false"),
                                 (#"{"storageProfiles": {"a": {"accessKeyId": "K", "secretAccessKey": "S", "bucket": "b"}}}"#,
                                  "storageProfiles.a.bucket: is not a profile field"),
                                 (#"{"deliveryRetryHours": 200}"#, "deliveryRetryHours: must be a number from 0 to 168")] {
            XCTAssertThrowsError(try load(json)) { XCTAssertTrue("\($0)".contains(fragment), "\(json): \($0)") }
        }
        XCTAssertThrowsError(try load(#"{"sourceBuckets": ["media-in"]}"#)) {
            XCTAssertTrue("\($0)".contains("storage is local"), "\($0)")
        }
        XCTAssertThrowsError(try load(#"{"sourceBuckets": ["Media_In"]}"#)) {
            XCTAssertTrue("\($0)".contains("neither a bucket name nor"), "\($0)")
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_STORAGE_PROFILES": "{"])) {
            XCTAssertTrue("\($0)".contains("REEL_STORAGE_PROFILES: must be a JSON object"), "\($0)")
        }
    }
}
