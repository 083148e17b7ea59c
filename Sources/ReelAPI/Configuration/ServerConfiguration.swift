import Foundation
import ReelS3
import ReelSpec

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
    /// Outputs longer than this many seconds are cut into chunks of about this length that any
    /// worker (on any node) renders; 0 renders every output whole.
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

    mutating func apply(_ json: JSONValue) throws {
        guard case .object(let members) = json else { throw Problem(key: "/", message: "must be an object") }
        for (k, v) in members {
            switch k {
            case "listen": try setListen(try string(v, k), key: k)
            case "dataDir": dataDir = try string(v, k)
            case "database": database = try Self.checkedDatabase(try string(v, k), key: k)
            case "importSQLite": importSQLite = try string(v, k)
            case "mediaRoot": mediaRoot = try string(v, k)
            case "workers": workers = try int(v, k, 1...64)
            case "chunkSeconds": chunkSeconds = try int(v, k, 0...86_400)
            case "handlerThreads": handlerThreads = try int(v, k, 1...256)
            case "schedulerTickMicroseconds": schedulerTickMicroseconds = try Self.checkedTick(try int(v, k, 0...100_000), key: k)
            case "eventLoops": eventLoops = try int(v, k, 0...64)
            case "maxAttempts": maxAttempts = try int(v, k, 1...100)
            case "leaseSeconds": leaseSeconds = try number(v, k, 1...3600)
            case "outputRetentionHours": outputRetentionHours = try number(v, k, 0...87_600)
            case "allowedHosts":
                guard case .array(let items) = v else { throw Problem(key: k, message: "must be an array of host names") }
                allowedHosts = try items.map { try string($0, k) }
            case "apiKeys":
                guard case .array(let items) = v else { throw Problem(key: k, message: "must be an array of keys") }
                apiKeys = try Self.checkedKeys(try items.map { try string($0, k) }, key: k)
            case "projects": projects = try ProjectSettings.parse(v, key: k)
            case "allowUnauthenticated":
                guard case .bool(let b) = v else { throw Problem(key: k, message: "must be true or false") }
                allowUnauthenticated = b
            case "assetRetentionHours": assetRetentionHours = try number(v, k, 0...87_600)
            case "webhookSecret": webhookSecret = try Self.checkedSecret(try string(v, k), key: k)
            case "webhookRetrySeconds": webhookRetrySeconds = try number(v, k, 0.1...3600)
            case "webhookRetentionHours": webhookRetentionHours = try number(v, k, 0...87_600)
            case "deliveryRetryHours": deliveryRetryHours = try number(v, k, 0...168)
            case "storageProfiles": storageProfiles = try StorageProfiles.parse(v, key: k)
            case "linkSecret": linkSecret = try Self.checkedSecret(try string(v, k), key: k)
            case "linkSeconds": linkSeconds = try int(v, k, 60...604_800)
            case "eventHeartbeatSeconds": eventHeartbeatSeconds = try number(v, k, 0.1...3600)
            case "publicURL": publicURL = try Self.checkedPublicURL(try string(v, k), key: k)
            case "storage": storageText = try string(v, k)
            case "proxyOutputs":
                guard case .bool(let b) = v else { throw Problem(key: k, message: "must be true or false") }
                proxyOutputs = b
            case "cacheBytes": cacheBytes = Int64(try int(v, k, (64 << 20)...Int(Int64(1) << 50)))
            case "sourceCacheBytes": sourceCacheBytes = Int64(try int(v, k, (64 << 20)...Int(Int64(1) << 50)))
            case "sourceBuckets":
                guard case .array(let items) = v else { throw Problem(key: k, message: "must be an array of bucket names or s3:// URLs") }
                sourceBucketsText = try items.map { try string($0, k) }
            case "corsOrigins":
                guard case .array(let items) = v else { throw Problem(key: k, message: "must be an array of origins") }
                corsOrigins = try Self.checkedOrigins(try items.map { try string($0, k) }, key: k)
            case "trustedProxies":
                guard case .array(let items) = v else { throw Problem(key: k, message: "must be an array of addresses or CIDR blocks") }
                trustedProxies = try Self.checkedProxies(try items.map { try string($0, k) }, key: k)
            case "limits":
                guard case .object(let limits) = v else { throw Problem(key: k, message: "must be an object") }
                for (lk, lv) in limits {
                    let key = "limits.\(lk)"
                    switch lk {
                    case "jsonBodyBytes": jsonBodyBytes = try int(lv, key, 1024...(64 << 20))
                    case "uploadBytes": uploadBytes = Int64(try int(lv, key, 1024...Int(Int64(1) << 40)))
                    case "requestLineBytes": requestLineBytes = try int(lv, key, 256...(1 << 20))
                    case "headerBytes": headerBytes = try int(lv, key, 1024...(1 << 22))
                    case "headerTimeoutSeconds": headerTimeoutSeconds = try number(lv, key, 0.1...3600)
                    case "idleTimeoutSeconds": idleTimeoutSeconds = try number(lv, key, 0.1...86_400)
                    case "minBodyBytesPerSecond": minBodyBytesPerSecond = try int(lv, key, 0...(1 << 30))
                    case "maxConnections": maxConnections = try int(lv, key, 1...1_000_000)
                    case "eventBufferBytes": eventBufferBytes = try int(lv, key, 4096...(64 << 20))
                    case "queuedJobsPerKey": queuedJobsPerKey = try int(lv, key, 1...10_000_000)
                    case "runningJobsPerKey": runningJobsPerKey = try int(lv, key, 0...1_000_000)
                    case "batchJobs": batchJobs = try int(lv, key, 1...100_000)
                    case "activeJobsPerKey":
                        throw Problem(key: key, message: "was replaced by limits.queuedJobsPerKey (jobs a key may have waiting) and "
                                          + "limits.runningJobsPerKey (jobs of a key running at once)")
                    case "requestsPerMinute": requestsPerMinute = try int(lv, key, 0...10_000_000)
                    case "maxJobPixels": maxJobPixels = Int64(try int(lv, key, 1...Int(Int64(1) << 62)))
                    case "sourceBytes": sourceBytes = Int64(try int(lv, key, 1024...Int(Int64(1) << 42)))
                    case "sourceSeconds": sourceSeconds = try int(lv, key, 1...86_400)
                    default: throw Problem(key: key, message: "is not a known limit")
                    }
                }
            default: throw Problem(key: k, message: "is not a known key")
            }
        }
    }

    mutating func apply(environment env: [String: String]) throws {
        func value(_ name: String) -> String? { env[name].flatMap { $0.isEmpty ? nil : $0 } }
        func parse<T>(_ name: String, _ conv: (String) -> T?) throws -> T? {
            guard let raw = value(name) else { return nil }
            guard let v = conv(raw) else { throw Problem(key: name, message: "\"\(raw)\" is not valid") }
            return v
        }
        if let l = value("REEL_LISTEN") { try setListen(l, key: "REEL_LISTEN") }
        if let d = value("REEL_DATA_DIR") { dataDir = d }
        if let d = value("REEL_DATABASE_URL") { database = try Self.checkedDatabase(d, key: "REEL_DATABASE_URL") }
        if let i = value("REEL_IMPORT_SQLITE") { importSQLite = i }
        if let m = value("REEL_MEDIA_ROOT") { mediaRoot = m }
        if let w = try parse("REEL_WORKERS", { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }) { workers = w }
        if let c = try parse("REEL_CHUNK_SECONDS", { Int($0).flatMap { (0...86_400).contains($0) ? $0 : nil } }) { chunkSeconds = c }
        if let h = try parse("REEL_HANDLER_THREADS", { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } }) { handlerThreads = h }
        if let t = try parse("REEL_SCHEDULER_TICK_US", { Int($0).flatMap { (0...100_000).contains($0) ? $0 : nil } }) {
            schedulerTickMicroseconds = try Self.checkedTick(t, key: "REEL_SCHEDULER_TICK_US")
        }
        if let n = try parse("REEL_EVENT_LOOPS", { Int($0).flatMap { (0...64).contains($0) ? $0 : nil } }) { eventLoops = n }
        if let a = try parse("REEL_MAX_ATTEMPTS", { Int($0).flatMap { (1...100).contains($0) ? $0 : nil } }) { maxAttempts = a }
        if let s = try parse("REEL_LEASE_SECONDS", { Double($0).flatMap { $0 >= 1 && $0 <= 3600 ? $0 : nil } }) { leaseSeconds = s }
        if let r = try parse("REEL_OUTPUT_RETENTION_HOURS", { Double($0).flatMap { $0 >= 0 ? $0 : nil } }) { outputRetentionHours = r }
        if let hosts = value("REEL_ALLOWED_HOSTS") { allowedHosts = hosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let u = try parse("REEL_UPLOAD_LIMIT_BYTES", { Int64($0).flatMap { $0 >= 1024 ? $0 : nil } }) { uploadBytes = u }
        if let j = try parse("REEL_JSON_LIMIT_BYTES", { Int($0).flatMap { $0 >= 1024 ? $0 : nil } }) { jsonBodyBytes = j }
        if let keys = value("REEL_API_KEYS") {
            apiKeys = try Self.checkedKeys(keys.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                           key: "REEL_API_KEYS")
        }
        if let p = value("REEL_PROJECTS") {
            let json: JSONValue
            do { json = try JSONParser.parse(Array(p.utf8)) } catch { throw Problem(key: "REEL_PROJECTS", message: "is not JSON: \(error)") }
            projects = try ProjectSettings.parse(json, key: "REEL_PROJECTS")
        }
        if let a = try parse("REEL_ALLOW_UNAUTHENTICATED", { ["true": true, "false": false, "1": true, "0": false][$0.lowercased()] }) {
            allowUnauthenticated = a
        }
        if let r = try parse("REEL_ASSET_RETENTION_HOURS", { Double($0).flatMap { $0 >= 0 && $0 <= 87_600 ? $0 : nil } }) { assetRetentionHours = r }
        if let q = try parse("REEL_QUEUED_JOBS_PER_KEY", { Int($0).flatMap { (1...10_000_000).contains($0) ? $0 : nil } }) { queuedJobsPerKey = q }
        if let r = try parse("REEL_RUNNING_JOBS_PER_KEY", { Int($0).flatMap { (0...1_000_000).contains($0) ? $0 : nil } }) { runningJobsPerKey = r }
        if let b = try parse("REEL_BATCH_JOBS", { Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil } }) { batchJobs = b }
        if value("REEL_ACTIVE_JOBS_PER_KEY") != nil {
            throw Problem(key: "REEL_ACTIVE_JOBS_PER_KEY", message: "was replaced by REEL_QUEUED_JOBS_PER_KEY and REEL_RUNNING_JOBS_PER_KEY")
        }
        if let h = try parse("REEL_EVENT_HEARTBEAT_SECONDS", { Double($0).flatMap { (0.1...3600).contains($0) ? $0 : nil } }) { eventHeartbeatSeconds = h }
        if let b = try parse("REEL_EVENT_BUFFER_BYTES", { Int($0).flatMap { (4096...(64 << 20)).contains($0) ? $0 : nil } }) { eventBufferBytes = b }
        if let r = try parse("REEL_REQUESTS_PER_MINUTE", { Int($0).flatMap { (0...10_000_000).contains($0) ? $0 : nil } }) { requestsPerMinute = r }
        if let p = try parse("REEL_MAX_JOB_PIXELS", { Int64($0).flatMap { $0 >= 1 ? $0 : nil } }) { maxJobPixels = p }
        if let w = value("REEL_WEBHOOK_SECRET") { webhookSecret = try Self.checkedSecret(w, key: "REEL_WEBHOOK_SECRET") }
        if let s = value("REEL_LINK_SECRET") { linkSecret = try Self.checkedSecret(s, key: "REEL_LINK_SECRET") }
        if let s = try parse("REEL_LINK_SECONDS", { Int($0).flatMap { (60...604_800).contains($0) ? $0 : nil } }) { linkSeconds = s }
        if let p = try parse("REEL_PROXY_OUTPUTS", { ["true": true, "false": false, "1": true, "0": false][$0.lowercased()] }) { proxyOutputs = p }
        if let c = try parse("REEL_CACHE_BYTES", { Int64($0).flatMap { $0 >= 64 << 20 ? $0 : nil } }) { cacheBytes = c }
        if let c = try parse("REEL_SOURCE_CACHE_BYTES", { Int64($0).flatMap { $0 >= 64 << 20 ? $0 : nil } }) { sourceCacheBytes = c }
        if let b = try parse("REEL_SOURCE_LIMIT_BYTES", { Int64($0).flatMap { $0 >= 1024 && $0 <= 1 << 42 ? $0 : nil } }) { sourceBytes = b }
        if let t = try parse("REEL_SOURCE_LIMIT_SECONDS", { Int($0).flatMap { (1...86_400).contains($0) ? $0 : nil } }) { sourceSeconds = t }
        if let u = value("REEL_PUBLIC_URL") { publicURL = try Self.checkedPublicURL(u, key: "REEL_PUBLIC_URL") }
        var storageKey = "storage"
        if let s = value("REEL_STORAGE_URL") {
            storageText = s
            storageKey = "REEL_STORAGE_URL"
        }
        storage = try StorageSettings.parse(storageText, environment: env, key: storageKey)
        var bucketsKey = "sourceBuckets"
        if let b = value("REEL_SOURCE_BUCKETS") {
            sourceBucketsText = b.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            bucketsKey = "REEL_SOURCE_BUCKETS"
        }
        sourceBuckets = try StorageSettings.sourceBuckets(sourceBucketsText, storage: storage, environment: env, key: bucketsKey)
        if let p = value("REEL_TRUSTED_PROXIES") {
            trustedProxies = try Self.checkedProxies(p.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                                     key: "REEL_TRUSTED_PROXIES")
        }
        if let o = value("REEL_CORS_ORIGINS") {
            corsOrigins = try Self.checkedOrigins(o.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                                  key: "REEL_CORS_ORIGINS")
        }
        if let r = try parse("REEL_WEBHOOK_RETRY_SECONDS", { Double($0).flatMap { $0 >= 0.1 && $0 <= 3600 ? $0 : nil } }) { webhookRetrySeconds = r }
        if let r = try parse("REEL_DELIVERY_RETRY_HOURS", { Double($0).flatMap { $0 >= 0 && $0 <= 168 ? $0 : nil } }) { deliveryRetryHours = r }
        if let p = value("REEL_STORAGE_PROFILES") {
            do {
                storageProfiles = try StorageProfiles.parse(try JSONParser.parse(Array(p.utf8)), key: "REEL_STORAGE_PROFILES")
            } catch let e as JSONParser.SyntaxError {
                throw Problem(key: "REEL_STORAGE_PROFILES", message: "must be a JSON object: \(e)")
            }
        }
        if let r = try parse("REEL_WEBHOOK_RETENTION_HOURS", { Double($0).flatMap { $0 >= 0 && $0 <= 87_600 ? $0 : nil } }) {
            webhookRetentionHours = r
        }
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

    private func string(_ v: JSONValue, _ k: String) throws -> String {
        guard case .string(let s) = v else { throw Problem(key: k, message: "must be a string, found \(v.typeName)") }
        return s
    }

    private func int(_ v: JSONValue, _ k: String, _ range: ClosedRange<Int>) throws -> Int {
        guard case .number(let t) = v, let i = Int(t), range.contains(i) else {
            throw Problem(key: k, message: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return i
    }

    private func number(_ v: JSONValue, _ k: String, _ range: ClosedRange<Double>) throws -> Double {
        guard case .number(let t) = v, let d = Double(t), range.contains(d) else {
            throw Problem(key: k, message: "must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return d
    }
}
