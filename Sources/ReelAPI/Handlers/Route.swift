/// The resources of the API, matched from a request path, each with the methods it answers: one
/// table for routing, `405` + `Allow`, and CORS preflights.
enum Route: Equatable {
    case health, ready, metrics
    case jobs, job(String), jobCancel(String), jobOutput(String), jobThumbnail(String)
    /// `GET /v1/jobs/{id}/timeline.otio`: the job's timeline as OpenTimelineIO.
    case jobTimeline(String)
    /// A file of an `hls` output's folder: `/v1/jobs/{id}/output/{name}`.
    case jobOutputFile(String, String)
    case assets, asset(String)
    /// `POST /v1/assets/{id}/complete`: a direct upload's bytes are there.
    case assetComplete(String)
    /// `POST /v1/uploads` (a signed URL for a direct upload) and `PUT /v1/uploads/{id}` (the bytes,
    /// on local storage, with the URL's signature instead of a key).
    case uploads, upload(String)
    case templates, template(String)
    /// `POST /v1/batches`, `GET`/`DELETE /v1/batches/{id}`, `POST /v1/batches/{id}/cancel`.
    case batches, batch(String), batchCancel(String)
    case probe
    /// `POST /v1/validate`: a spec judged as a submit would, nothing queued.
    case validate
    /// `GET /v1/events` (every job of the key) and `GET /v1/jobs/{id}/events`: Server-Sent Events.
    case events, jobEvents(String)
    /// `GET /console/NAME`: the web console's files (`ConsoleAssets`; "" is the page).
    case console(String)

    init?(path: String) {
        // Split on the bytes: no Character segmentation on the status path.
        let seg = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
            .map { String(decoding: $0, as: UTF8.self) }
        switch seg.count {
        case 1 where seg[0] == "healthz": self = .health
        case 1 where seg[0] == "readyz": self = .ready
        case 1 where seg[0] == "metrics": self = .metrics
        case 1 where seg[0] == "console": self = .console("")
        case 2 where seg[0] == "console": self = .console(seg[1])
        case 2 where seg[0] == "v1":
            switch seg[1] {
            case "jobs": self = .jobs
            case "assets": self = .assets
            case "uploads": self = .uploads
            case "templates": self = .templates
            case "batches": self = .batches
            case "probe": self = .probe
            case "validate": self = .validate
            case "events": self = .events
            default: return nil
            }
        case 3 where seg[0] == "v1" && !seg[2].isEmpty:
            switch seg[1] {
            case "jobs": self = .job(seg[2])
            case "assets": self = .asset(seg[2])
            case "uploads": self = .upload(seg[2])
            case "templates": self = .template(seg[2])
            case "batches": self = .batch(seg[2])
            default: return nil
            }
        case 4 where seg[0] == "v1" && seg[1] == "jobs" && !seg[2].isEmpty:
            switch seg[3] {
            case "cancel": self = .jobCancel(seg[2])
            case "output": self = .jobOutput(seg[2])
            case "thumbnail": self = .jobThumbnail(seg[2])
            case "timeline.otio": self = .jobTimeline(seg[2])
            case "events": self = .jobEvents(seg[2])
            default: return nil
            }
        case 4 where seg[0] == "v1" && seg[1] == "assets" && !seg[2].isEmpty && seg[3] == "complete":
            self = .assetComplete(seg[2])
        case 4 where seg[0] == "v1" && seg[1] == "batches" && !seg[2].isEmpty && seg[3] == "cancel":
            self = .batchCancel(seg[2])
        case 5 where seg[0] == "v1" && seg[1] == "jobs" && !seg[2].isEmpty && seg[3] == "output" && !seg[4].isEmpty:
            self = .jobOutputFile(seg[2], seg[4])
        default: return nil
        }
    }

    /// The methods the resource answers (HEAD wherever GET), not counting OPTIONS.
    var methods: [String] {
        switch self {
        case .health, .ready, .metrics, .jobOutput, .jobOutputFile, .jobThumbnail, .jobTimeline, .events, .jobEvents, .console: return ["GET", "HEAD"]
        case .jobs, .templates: return ["GET", "HEAD", "POST"]
        case .job, .asset, .template, .batch: return ["GET", "HEAD", "DELETE"]
        case .jobCancel, .probe, .validate, .assetComplete, .uploads, .batches, .batchCancel: return ["POST"]
        case .assets: return ["POST"]
        case .upload: return ["PUT"]
        }
    }

    /// The route's name in metrics (`job` for `/v1/jobs/{id}`), without its ids.
    var name: String {
        switch self {
        case .health: return "healthz"
        case .ready: return "readyz"
        case .metrics: return "metrics"
        case .jobs: return "jobs"
        case .job: return "job"
        case .jobCancel: return "job_cancel"
        case .jobOutput: return "job_output"
        case .jobOutputFile: return "job_output_file"
        case .jobThumbnail: return "job_thumbnail"
        case .jobTimeline: return "job_timeline"
        case .assets: return "assets"
        case .asset: return "asset"
        case .assetComplete: return "asset_complete"
        case .uploads: return "uploads"
        case .upload: return "upload"
        case .templates: return "templates"
        case .template: return "template"
        case .probe: return "probe"
        case .validate: return "validate"
        case .events: return "events"
        case .jobEvents: return "job_events"
        case .console: return "console"
        case .batches: return "batches"
        case .batch: return "batch"
        case .batchCancel: return "batch_cancel"
        }
    }

    /// False for an id that cannot be one Reel issued (`job_`, `asset_`, `tpl_` and 26 ULID
    /// characters); routes without an id are well formed.
    var hasWellFormedID: Bool {
        func valid(_ id: String, _ prefix: String) -> Bool {
            guard id.hasPrefix(prefix) else { return false }
            let ulid = id.utf8.dropFirst(prefix.utf8.count)
            return ulid.count == 26 && ulid.allSatisfy { (48...57).contains($0) || ((65...90).contains($0) && !"ILOU".utf8.contains($0)) }
        }
        switch self {
        case .job(let id), .jobCancel(let id), .jobOutput(let id), .jobThumbnail(let id), .jobTimeline(let id), .jobEvents(let id):
            return valid(id, "job_")
        case .asset(let id), .assetComplete(let id), .upload(let id): return valid(id, "asset_")
        case .template(let id): return valid(id, "tpl_")
        case .batch(let id), .batchCancel(let id): return valid(id, "bat_")
        default: return true
        }
    }

    /// The `Allow` header: the methods and OPTIONS.
    var allow: String { (methods + ["OPTIONS"]).joined(separator: ", ") }

    /// Only the liveness and readiness checks are open to callers without a key, and a direct
    /// upload's PUT, which its URL's signature authorises instead.
    var needsKey: Bool {
        switch self {
        case .health, .ready, .upload, .console: return false
        default: return true
        }
    }
}
