import Foundation
import ReelAPI
import Logging
import ReelEngine
import ReelHTTP
import ReelStorage
import ReelStore
import ReelFetch
import ReelWorker

/// The running service: job store, workers, HTTP server and the retention sweep, started and
/// stopped together. On `stop` it stops accepting, finishes in-flight requests, and hands running
/// jobs back to the queue so the next start resumes them.
public final class ReelService: Sendable {
    public let config: ServerConfiguration
    let store: any JobStore
    let pool: WorkerPool
    /// The warm engine children the API plans and previews in.
    let engine: EngineChildren
    let server: HTTPServer
    let handler: APIHandler
    let locations: DataDirectory
    /// Where finished outputs and uploads are kept (`locations` itself, or a bucket).
    let outputs: any OutputStore
    let uploads: any UploadStore
    let chunks: any ChunkStore
    let logger: Logger
    let deliverer: WebhookDeliverer
    let destinations: DestinationDeliverer
    private let sweepStop = DispatchSemaphore(value: 0)

    public convenience init(config: ServerConfiguration, logger: Logger, requestLog: (@Sendable (String) -> Void)? = nil) throws {
        try self.init(config: config, logger: logger, requestLog: requestLog, storeBusyTimeoutMillis: 5000)
    }

    /// `storeBusyTimeoutMillis`: how long a write waits for another writer's lock before its
    /// request is answered 503 (tests shorten it).
    init(config: ServerConfiguration, logger: Logger, requestLog: (@Sendable (String) -> Void)?, storeBusyTimeoutMillis: Int32) throws {
        try config.checkAccess()
        self.config = config
        self.logger = logger
        locations = DataDirectory(root: config.dataDir)
        try locations.create()
        try FileManager.default.createDirectory(atPath: config.mediaRoot, withIntermediateDirectories: true)
        let retention = config.outputRetentionHours
        let pins = CachePins()
        (outputs, uploads, chunks) = try StorageProbe.stores(config.storage, local: locations, cacheBytes: config.cacheBytes, pins: pins)
        let links = OutputLinks(secret: try LinkSecret.resolve(config.linkSecret, in: locations), seconds: config.linkSeconds,
                                publicURL: config.publicURL, outputs: config.proxyOutputs ? nil : outputs)  // proxied: Reel's own links
        // A webhook's body is the job as GET /v1/jobs/{id} shows it at the event (without the history).
        let webhookBody: @Sendable (Job) -> String = {
            String(decoding: JobJSON.job($0, retentionHours: retention, links: links), as: UTF8.self)
        }
        let batchWebhookBody: @Sendable (Batch, BatchProgress) -> String = {
            String(decoding: BatchJSON.batch($0, $1, now: Int64(Date().timeIntervalSince1970 * 1000)), as: UTF8.self)
        }
        if let url = config.database {
            let postgres = try SQLJobStore.postgres(url: url, maxAttempts: config.maxAttempts, leaseSeconds: config.leaseSeconds,
                                                    runningPerKey: config.runningJobsPerKey,
                                                    dataDirectory: config.dataDir, webhookBody: webhookBody, batchWebhookBody: batchWebhookBody)
            // Before anything reads the store (the sweeps below would take an empty store's word).
            if let path = config.importSQLite {
                if let rows = try StoreImport.importSQLite(path: path, into: postgres) {
                    logger.notice("SQLite store imported", metadata: ["from": "\(path)", "jobs": .stringConvertible(rows["jobs"] ?? 0),
                                                                      "assets": .stringConvertible(rows["assets"] ?? 0),
                                                                      "rows": .stringConvertible(rows.values.reduce(0, +))])
                } else {
                    logger.info("SQLite store not imported", metadata: ["from": "\(path)", "reason": "the PostgreSQL store is in use"])
                }
            }
            store = postgres
        } else {
            store = try SQLJobStore.sqlite(path: locations.database, maxAttempts: config.maxAttempts, leaseSeconds: config.leaseSeconds,
                                           runningPerKey: config.runningJobsPerKey,
                                           busyTimeoutMillis: storeBusyTimeoutMillis, webhookBody: webhookBody, batchWebhookBody: batchWebhookBody)
        }
        // Every request's key is looked up in the store: the configured ones are recorded there first.
        try APIHandler.registerKeys(config, in: store, logger: logger)
        let sweeps = OutputSweeps(locations: locations, outputs: outputs, chunks: chunks, store: store, logger: logger)
        sweeps.removeStalePartials()
        sweeps.removeUnreferencedOutputs()
        RenderIsolation.removeLeftScratch()
        // Uploads left in data/tmp for over an hour belonged to requests that died with a process
        // (younger ones may be another live server's, sharing this data directory).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: locations.uploadsTemp)) ?? [] {
            let path = locations.uploadsTemp + "/" + name
            if let m = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
               Date().timeIntervalSince(m) > 3600 {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        let store = store
        // The uploads a queued or running job uses keep their copies in the node's cache.
        pins.install { (try? store.assetsInUse()).map { Set($0.map { "uploads/" + $0 }) } }
        let uploads = uploads
        // Sources from the web: any public host, fetched once into this node's cache.
        let web = WebSources(folder: locations.sources, validators: locations.sourceValidators, limit: config.sourceCacheBytes,
                             fetch: WebFetch(resolver: HostResolver(trusted: config.allowedHosts), maxBytes: config.sourceBytes,
                                             maxSeconds: config.sourceSeconds), buckets: config.sourceBuckets)
        let resolver = SourceResolver(mediaRoot: config.mediaRoot, uploads: { id in
            try ReadyUpload.copy(try? store.asset(id), id: id, uploads: uploads)
        }, web: SourceResolver.web(web))
        let isolation = RenderIsolation(executable: config.renderExecutable ?? RenderIsolation.ownExecutable,
                                        limits: ChildLimits(memoryMiB: config.renderMemoryMiB, stallSeconds: config.stallSeconds),
                                        sandbox: config.sandbox)
        pool = WorkerPool(store: store, workers: config.workers, locations: locations, outputs: outputs, chunks: chunks, resolver: resolver,
                          webSources: web, logger: logger,
                          chunkSeconds: config.chunkSeconds, schedulerTickMicroseconds: config.schedulerTickMicroseconds,
                          isolation: isolation)
        let schedule = RetrySchedule(base: config.webhookRetrySeconds, horizon: config.deliveryRetryHours * 3600)
        deliverer = WebhookDeliverer(store: store, secret: config.webhookSecret, allowedHosts: config.allowedHosts,
                                     schedule: schedule, logger: logger)
        destinations = DestinationDeliverer(store: store, outputs: outputs, accounts: config.destinationAccounts, schedule: schedule,
                                            scratch: locations.uploadsTemp, logger: logger)
        engine = EngineChildren(isolation, mediaRoot: resolver.mediaRoot, reads: locations.readableFolders, deadline: config.previewSeconds)
        handler = APIHandler(config: config, store: store, pool: pool, resolver: resolver, locations: locations,
                                 outputs: outputs, uploads: uploads, links: links, engine: engine, logger: logger)
        var http = HTTPServerConfiguration(host: config.host, port: config.port)
        http.handlerThreads = config.handlerThreads
        if config.eventLoops > 0 { http.eventLoops = config.eventLoops }
        http.requestLineLimit = config.requestLineBytes
        http.headerLimit = config.headerBytes
        http.headerTimeout = config.headerTimeoutSeconds
        http.idleTimeout = config.idleTimeoutSeconds
        http.minBodyBytesPerSecond = config.minBodyBytesPerSecond
        http.trustedProxies = try ProxyTrust(config.trustedProxies)
        http.maxConnections = config.maxConnections
        server = try HTTPServer(configuration: http, handler: handler, logger: requestLog)
    }

    /// The bound port (useful with port 0).
    public var port: Int { server.port }

    public func start() throws {
        try server.start()
        // The engine children start beside the server: the first preview finds its child warm.
        Thread { [engine] in engine.warm() }.start()
        pool.start()
        deliverer.start()
        destinations.start()
        startSweeper()
        // Keys are never logged: their count and the projects they belong to.
        let projects = config.projects.map(\.id) + (config.apiKeys.isEmpty ? [] : ["\(config.apiKeys.count) of apiKeys"])
        logger.info("serving", metadata: ["listen": "\(config.host):\(server.port)", "dataDir": "\(config.dataDir)",
                                          "workers": .stringConvertible(config.workers),
                                          "renderProcesses": "sandbox \(config.sandbox.rawValue): \(config.sandbox == .off ? "none" : RenderIsolation.offered); memory \(config.renderMemoryMiB) MiB, stall \(config.stallSeconds) s",
                                          "projects": projects.isEmpty ? "none (no keys)" : "\(projects.joined(separator: ","))"])
    }

    public func stop() {
        logger.info("stopping")
        handler.stop()
        server.shutdown(gracePeriod: 10)
        pool.shutdown()
        engine.stop()
        destinations.stop()
        deliverer.stop()
        sweepStop.signal()
        logger.info("stopped")
    }

    /// Deletes outputs, assets and webhook deliveries past their retention periods, once a minute.
    private func startSweeper() {
        let t = Thread { [self] in
            repeat {
                sweep(now: Int64(Date().timeIntervalSince1970 * 1000))
                MemoryTrim.run()
            } while sweepStop.wait(timeout: .now() + 60) == .timedOut
        }
        t.name = "reel-retention"
        t.start()
    }

    /// One retention pass as of `now` (ms): outputs of jobs finished, assets uploaded, direct
    /// uploads left uncompleted, and webhook deliveries ended longer ago than their retention (an asset a queued or running job uses is
    /// kept; a delivery still being tried is kept), then outputs and chunk folders no job can use
    /// any more. Nodes sharing a store take turns: a node finding
    /// another's pass under way skips its own.
    func sweep(now: Int64) {
        do {
            try store.exclusively("retention") { try sweepPass(now: now) }
        } catch {
            logger.error("retention sweep failed", metadata: ["error": "\(error)"])
        }
    }

    private func sweepPass(now: Int64) throws {
        if config.outputRetentionHours > 0 {
            for path in try store.expireOutputs(finishedBefore: now - Int64(config.outputRetentionHours * 3_600_000)) {
                outputs.remove(path)
                logger.info("output expired", metadata: ["path": "\(path)"])
            }
        }
        if config.assetRetentionHours > 0 {
            for path in try store.expireAssets(createdBefore: now - Int64(config.assetRetentionHours * 3_600_000)) {
                uploads.removeUpload(path, id: UploadName.assetID(of: path))
                logger.info("asset expired", metadata: ["path": "\(path)"])
            }
        }
        // Direct uploads never completed, an hour after their URL expired; imports whose process is gone.
        for upload in try store.expireUploads(before: now - 3_600_000, importsBefore: now - Int64(config.sourceSeconds + 300) * 1000) {
            uploads.removeUpload(upload.path, id: upload.id)
            logger.info("unfinished upload expired", metadata: ["assetId": "\(upload.id)"])
        }
        let hours = config.webhookRetentionHours
        try store.pruneDeliveries(finishedBefore: hours > 0 ? now - Int64(hours * 3_600_000) : nil)
        let sweeps = OutputSweeps(locations: locations, outputs: outputs, chunks: chunks, store: store, logger: logger)
        sweeps.removeUnreferencedOutputs()
        sweeps.removeEndedChunkFolders()
    }
}
