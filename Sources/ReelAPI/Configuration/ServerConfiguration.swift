import Foundation
import ReelS3
import ReelSpec
import ReelWorker

/// Everything `reel serve` can be told: read from `config/reel.json` (every key optional, unknown
/// keys refused), then overridden by `REEL_*` environment variables. Defaults are the embedded
/// values below, so a fresh checkout serves with no file at all.
public struct ServerConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDir = "./data"
    /// Where the job store lives: nil for SQLite in `dataDir` (one node), or a PostgreSQL URL
    /// (`postgres://user@host/db`) shared by any number of nodes.
    public var database: String?
    /// A SQLite store file to copy into the PostgreSQL `database` at start while that holds no
    /// jobs, assets, templates or batches (`StoreImport`): a node's store moving to a cluster.
    public var importSQLite: String?
    public var mediaRoot = "./media"
    public var workers = 1
    /// The longest chunk, in seconds: outputs are cut into one chunk per live worker of the cluster,
    /// 10 s to this long (`ChunkLength`), that any worker (on any node) renders; 0 renders every
    /// output whole.
    public var chunkSeconds = 60
    public var handlerThreads = 4
    /// While renders run, wake each CPU this often so the HTTP threads never wait a whole kernel
    /// tick behind a render thread (`SchedulerTicker`); 0 turns it off.
    public var schedulerTickMicroseconds = 1000
    /// Event-loop threads; 0: automatic (two per core, at most 8).
    public var eventLoops = 0
    public var maxAttempts = 3
    public var leaseSeconds = 30.0
    public var outputRetentionHours = 168.0
    /// Hosts whose URLs may be read (sources) or posted to (webhooks) even when they resolve to
    /// private addresses; public hosts need no listing for sources.
    public var allowedHosts: [String] = []
    public var jsonBodyBytes = 1 << 20
    public var uploadBytes: Int64 = 2 << 30
    public var requestLineBytes = 8192
    public var headerBytes = 32768
    public var headerTimeoutSeconds = 10.0
    public var idleTimeoutSeconds = 60.0
    /// The slowest a request body may arrive, averaged over 10 s; slower is 408. 0: no minimum.
    public var minBodyBytesPerSecond = 1024
    public var maxConnections = 4096
    /// The bytes an events stream may hold for a client that is not reading; past it the client
    /// is dropped (it reconnects with `Last-Event-ID` and loses nothing).
    public var eventBufferBytes = 256 << 10
    /// How long an events stream stays quiet before a heartbeat comment.
    public var eventHeartbeatSeconds = 15.0
    /// Bearer keys, each its own project (`prj_…`, named from the key's hash); with `projects`
    /// empty too: no authentication (then only on loopback, or with `allowUnauthenticated`).
    public var apiKeys: [String] = []
    /// Projects with several keys each, `full` or `read` (`ProjectSettings`).
    public var projects: [ProjectSettings] = []
    /// Whether requests need a key: any is configured.
    public var hasKeys: Bool { !apiKeys.isEmpty || !projects.isEmpty }
    public var allowUnauthenticated = false
    /// Hours after upload before an asset no queued or running job uses is deleted; 0 keeps them.
    public var assetRetentionHours = 168.0
    /// Jobs one key may have waiting in the queue (429 beyond); running ones do not count.
    public var queuedJobsPerKey = 10_000
    /// Jobs of one key that may run at once, on all nodes together; 0: as many as there are workers.
    public var runningJobsPerKey = 0
    /// Jobs one `POST /v1/batches` may create.
    public var batchJobs = 1000
    /// The largest `POST /v1/batches` body: 16 JSON bodies' worth.
    public var batchBodyBytes: Int { jsonBodyBytes * 16 }
    /// Requests one key (one client address without keys) may make a minute on this node, a
    /// minute's worth at once and then at this rate (`RateLimiter`); 0: no limit.
    public var requestsPerMinute = 0
    /// The most pixels one job may encode: width × height × frame rate × output duration
    /// (the default is an hour of 1080p at 30 fps).
    public var maxJobPixels: Int64 = 1920 * 1080 * 30 * 3600
    /// The HMAC-SHA256 key of webhook signatures; without it, specs with a `webhook` are refused.
    public var webhookSecret: String?
    /// The first webhook retry's delay; each later one doubles, for 24 hours.
    public var webhookRetrySeconds = 5.0
    /// Hours after a webhook delivery ended (delivered, or failed for good) before the sweep
    /// deletes its record; 0 keeps them.
    public var webhookRetentionHours = 168.0
    /// Origins browsers may call the API from (`https://app.example.com`, or `*`); empty: no CORS.
    public var corsOrigins: [String] = []
    /// Reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-For` names the client, for
    /// logs and rate limits; empty: every request is from its peer.
    public var trustedProxies: [String] = []
    /// The HMAC-SHA256 key of output links (`output.downloadUrl`); nil: a random one kept in
    /// `dataDir/link-secret`, shared by the nodes that share `dataDir`.
    public var linkSecret: String?
    /// How long an output link works from when it is handed out.
    public var linkSeconds = 3600
    /// `https://reel.example.com[/prefix]`: where clients reach this API, for absolute links; nil:
    /// links are root-relative (`/v1/jobs/…`).
    public var publicURL: String?
    /// Where outputs are kept: under `dataDir`, or in an S3 bucket (`StorageSettings`).
    public var storage = StorageSettings.local
    /// With outputs in a bucket: `GET …/output` streams them through the API (from a copy in the
    /// node's cache) instead of redirecting to a presigned URL; for clients that cannot reach the
    /// bucket.
    public var proxyOutputs = false
    /// The bytes the node's cache of bucket objects (`dataDir/cache`: uploads read by renders,
    /// proxied outputs) may take before the copies used longest ago are deleted.
    public var cacheBytes: Int64 = 10 << 30
    /// The bytes the node's copies of web sources (`dataDir/sources`) may take before the copies
    /// used longest ago are deleted.
    public var sourceCacheBytes: Int64 = 10 << 30
    /// The largest source fetched from the web, and the longest its fetch may take.
    public var sourceBytes: Int64 = 4 << 30
    public var sourceSeconds = 900
    /// A render process's memory (its private writable memory, RLIMIT_DATA), MiB; 0: no limit.
    public var renderMemoryMiB = 2048
    /// A render process that reports no progress for this long is stopped.
    public var stallSeconds = 60.0
    /// How long a preview (or a spec's planning for a submit or a validate) may take in its engine
    /// process, waiting for it included, before it is refused with a 503.
    public var previewSeconds = 10.0
    /// How much of the sandbox the render processes must have (`SandboxMode`).
    public var sandbox = SandboxMode.auto
    /// The program the render processes run: nil for this one (`/proc/self/exe`); a test that runs
    /// the service inside its own process names the built `reel`. Not a key of the file.
    public var renderExecutable: String?
    /// Buckets `s3://bucket/key` sources may name, each with the account that reads it: a bare name
    /// is read with the storage's own account; an `s3://bucket?endpoint=…&region=…&pathStyle=…` URL
    /// with the AWS environment's credentials, as `storage` is.
    public var sourceBuckets: [String: S3Account] = [:]
    /// `sourceBuckets` as written (read once `storage` is known).
    var sourceBucketsText: [String] = []
    /// The S3 accounts `output.destinations` may name (`StorageProfiles`).
    public var storageProfiles: [String: S3Account] = [:]
    /// How long a webhook or a destination's delivery is retried after its event before it fails.
    public var deliveryRetryHours = 24.0
    /// `storage` as written (the environment's credentials are read once it is known).
    var storageText = "local"

    public init() {}

    /// A configuration problem, naming the key or variable.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let key: String
        public let message: String
        public var description: String { "configuration \(key): \(message)" }
    }

    /// Loads `path` (nil: defaults only) and applies the environment.
    public static func load(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        var c = ServerConfiguration()
        if let path {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Problem(key: path, message: "cannot be read")
            }
            let json: JSONValue
            do { json = try JSONParser.parse(Array(data)) } catch { throw Problem(key: path, message: "\(error)") }
            try c.apply(json)
        }
        try c.apply(environment: environment)
        try c.checkAccess()
        try c.checkKeysUnique()
        if c.importSQLite != nil && c.database == nil {
            throw Problem(key: "importSQLite", message: "needs database: the PostgreSQL store (a postgres:// URL) to copy the SQLite store into")
        }
        return c
    }

    /// The file's keys, each read by its declaration (`ServerConfiguration.keys`); `limits` is an
    /// object of `limits.X` keys.
    mutating func apply(_ json: JSONValue) throws {
        guard case .object(let members) = json else { throw Problem(key: "/", message: "must be an object") }
        for (k, v) in members {
            guard k == "limits" else {
                guard let key = Self.key(named: k), !k.hasPrefix("limits.") else { throw Problem(key: k, message: "is not a known key") }
                try key.read(&self, .json(v), k)
                continue
            }
            guard case .object(let limits) = v else { throw Problem(key: k, message: "must be an object") }
            for (lk, lv) in limits {
                guard let key = Self.key(named: "limits." + lk) else { throw Problem(key: "limits.\(lk)", message: "is not a known limit") }
                try key.read(&self, .json(lv), "limits.\(lk)")
            }
        }
    }

    /// The `REEL_*` variables, each read by its key's declaration (an empty variable is unset);
    /// then `storage` and `sourceBuckets` are resolved with the AWS variables.
    mutating func apply(environment env: [String: String]) throws {
        func value(_ name: String) -> String? { env[name].flatMap { $0.isEmpty ? nil : $0 } }
        for key in Self.keys + Self.replacedKeys {
            guard let name = key.environment, let raw = value(name) else { continue }
            try key.read(&self, .text(raw), name)
        }
        storage = try StorageSettings.parse(storageText, environment: env, key: value("REEL_STORAGE_URL") == nil ? "storage" : "REEL_STORAGE_URL")
        sourceBuckets = try StorageSettings.sourceBuckets(sourceBucketsText, storage: storage, environment: env,
                                                          key: value("REEL_SOURCE_BUCKETS") == nil ? "sourceBuckets" : "REEL_SOURCE_BUCKETS")
    }

    mutating func setListen(_ s: String, key: String) throws {
        guard let colon = s.lastIndex(of: ":"), let p = Int(s[s.index(after: colon)...]), (0...65535).contains(p) else {
            throw Problem(key: key, message: "\"\(s)\" must be host:port")
        }
        var h = String(s[..<colon])
        if h.hasPrefix("[") && h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        host = h.isEmpty ? "0.0.0.0" : h
        port = p
    }
}
