/// Every setting `reel serve` reads, each declared once (`ConfigurationKey`): the file's key, the
/// environment variable, the range, where it is kept. docs/API.md's configuration table lists
/// exactly these, in this order, with these ranges and defaults (`ConfigurationTests` holds it to them).
extension ServerConfiguration {
    static let keys: [ConfigurationKey] = [
        .custom("listen", "REEL_LISTEN", shown: { c in (c.host.contains(":") ? "[\(c.host)]" : c.host) + ":\(c.port)" }) { c, s, key in
            try c.setListen(s, key: key)
        },
        .string("dataDir", "REEL_DATA_DIR", \.dataDir),
        .custom("database", "REEL_DATABASE_URL", shown: { $0.database ?? "sqlite" }) { c, s, key in c.database = try Self.checkedDatabase(s, key: key) },
        .optional("importSQLite", "REEL_IMPORT_SQLITE", \.importSQLite),
        .string("mediaRoot", "REEL_MEDIA_ROOT", \.mediaRoot),
        .int("workers", "REEL_WORKERS", 1...64, \.workers),
        .int("chunkSeconds", "REEL_CHUNK_SECONDS", 0...86_400, \.chunkSeconds),
        .int("handlerThreads", "REEL_HANDLER_THREADS", 1...256, \.handlerThreads),
        .int("schedulerTickMicroseconds", "REEL_SCHEDULER_TICK_US", 0...100_000, \.schedulerTickMicroseconds,
             check: { v, key in try Self.checkedTick(v, key: key) }),
        .int("eventLoops", "REEL_EVENT_LOOPS", 0...64, \.eventLoops),
        .int("maxAttempts", "REEL_MAX_ATTEMPTS", 1...100, \.maxAttempts),
        .number("leaseSeconds", "REEL_LEASE_SECONDS", 1...3600, \.leaseSeconds),
        .number("outputRetentionHours", "REEL_OUTPUT_RETENTION_HOURS", 0...87_600, \.outputRetentionHours),
        .list("allowedHosts", "REEL_ALLOWED_HOSTS", noun: "host names", \.allowedHosts),
        .int64("sourceCacheBytes", "REEL_SOURCE_CACHE_BYTES", (64 << 20)...(Int64(1) << 50), \.sourceCacheBytes),
        .list("sourceBuckets", "REEL_SOURCE_BUCKETS", noun: "bucket names or s3:// URLs", \.sourceBucketsText),
        .int64("limits.sourceBytes", "REEL_SOURCE_LIMIT_BYTES", 1024...(Int64(1) << 42), \.sourceBytes),
        .int("limits.sourceSeconds", "REEL_SOURCE_LIMIT_SECONDS", 1...86_400, \.sourceSeconds),
        .int("limits.renderMemoryMiB", "REEL_LIMITS_RENDER_MEMORY_MIB", 0...1_048_576, \.renderMemoryMiB),
        .number("limits.stallSeconds", "REEL_LIMITS_STALL_SECONDS", 1...86_400, \.stallSeconds),
        .number("limits.previewSeconds", "REEL_LIMITS_PREVIEW_SECONDS", 0.5...3600, \.previewSeconds),
        .custom("sandbox", "REEL_SANDBOX", shown: { $0.sandbox.rawValue }) { c, s, key in c.sandbox = try Self.checkedSandbox(s, key: key) },
        .list("apiKeys", "REEL_API_KEYS", noun: "keys", check: { keys, key in try Self.checkedKeys(keys, key: key) }, \.apiKeys),
        .object("projects", "REEL_PROJECTS") { c, v, key in c.projects = try ProjectSettings.parse(v, key: key) },
        .bool("allowUnauthenticated", "REEL_ALLOW_UNAUTHENTICATED", \.allowUnauthenticated),
        .number("assetRetentionHours", "REEL_ASSET_RETENTION_HOURS", 0...87_600, \.assetRetentionHours),
        .list("corsOrigins", "REEL_CORS_ORIGINS", noun: "origins", check: { o, key in try Self.checkedOrigins(o, key: key) }, \.corsOrigins),
        .list("trustedProxies", "REEL_TRUSTED_PROXIES", noun: "addresses or CIDR blocks",
              check: { p, key in try Self.checkedProxies(p, key: key) }, \.trustedProxies),
        .string("storage", "REEL_STORAGE_URL", \.storageText),
        .bool("proxyOutputs", "REEL_PROXY_OUTPUTS", \.proxyOutputs),
        .object("storageProfiles", "REEL_STORAGE_PROFILES") { c, v, key in c.storageProfiles = try StorageProfiles.parse(v, key: key) },
        .int64("cacheBytes", "REEL_CACHE_BYTES", (64 << 20)...(Int64(1) << 50), \.cacheBytes),
        .optional("linkSecret", "REEL_LINK_SECRET", check: { s, key in try Self.checkedSecret(s, key: key) }, \.linkSecret),
        .int("linkSeconds", "REEL_LINK_SECONDS", 60...604_800, \.linkSeconds),
        .optional("publicURL", "REEL_PUBLIC_URL", check: { s, key in try Self.checkedPublicURL(s, key: key) }, \.publicURL),
        .optional("webhookSecret", "REEL_WEBHOOK_SECRET", check: { s, key in try Self.checkedSecret(s, key: key) }, \.webhookSecret),
        .number("webhookRetrySeconds", "REEL_WEBHOOK_RETRY_SECONDS", 0.1...3600, \.webhookRetrySeconds),
        .number("deliveryRetryHours", "REEL_DELIVERY_RETRY_HOURS", 0...168, \.deliveryRetryHours),
        .number("webhookRetentionHours", "REEL_WEBHOOK_RETENTION_HOURS", 0...87_600, \.webhookRetentionHours),
        .int("limits.queuedJobsPerKey", "REEL_QUEUED_JOBS_PER_KEY", 1...10_000_000, \.queuedJobsPerKey),
        .int("limits.runningJobsPerKey", "REEL_RUNNING_JOBS_PER_KEY", 0...1_000_000, \.runningJobsPerKey),
        .int("limits.batchJobs", "REEL_BATCH_JOBS", 1...100_000, \.batchJobs),
        .int("limits.requestsPerMinute", "REEL_REQUESTS_PER_MINUTE", 0...10_000_000, \.requestsPerMinute),
        .int64("limits.maxJobPixels", "REEL_MAX_JOB_PIXELS", 1...(Int64(1) << 62), \.maxJobPixels),
        .int("limits.jsonBodyBytes", "REEL_JSON_LIMIT_BYTES", 1024...(64 << 20), \.jsonBodyBytes),
        .int64("limits.uploadBytes", "REEL_UPLOAD_LIMIT_BYTES", 1024...(Int64(1) << 40), \.uploadBytes),
        .int("limits.requestLineBytes", nil, 256...(1 << 20), \.requestLineBytes),
        .int("limits.headerBytes", nil, 1024...(1 << 22), \.headerBytes),
        .number("limits.headerTimeoutSeconds", nil, 0.1...3600, \.headerTimeoutSeconds),
        .number("limits.idleTimeoutSeconds", nil, 0.1...86_400, \.idleTimeoutSeconds),
        .int("limits.minBodyBytesPerSecond", nil, 0...(1 << 30), \.minBodyBytesPerSecond),
        .int("limits.maxConnections", nil, 1...1_000_000, \.maxConnections),
        .int("limits.eventBufferBytes", "REEL_EVENT_BUFFER_BYTES", 4096...(64 << 20), \.eventBufferBytes),
        .number("eventHeartbeatSeconds", "REEL_EVENT_HEARTBEAT_SECONDS", 0.1...3600, \.eventHeartbeatSeconds),
    ]

    /// Keys that were replaced: naming one says by what (not in the docs' table).
    static let replacedKeys: [ConfigurationKey] = [
        .replaced("limits.activeJobsPerKey", "REEL_ACTIVE_JOBS_PER_KEY",
                  by: "was replaced by limits.queuedJobsPerKey (jobs a key may have waiting) and limits.runningJobsPerKey (jobs of a key running at once)"),
    ]

    /// The key named `name` in the file (`limits.X` for a limit).
    static func key(named name: String) -> ConfigurationKey? {
        (keys + replacedKeys).first { $0.name == name }
    }
}
