import Foundation
import ReelHTTP
import ReelStore

extension APIHandler {
    /// `GET /metrics`: Prometheus text format 0.0.4, written by hand (no client library): job
    /// gauges from the store, outcome counters, render-time and HTTP-latency histograms, request
    /// counts, process and build information.
    /// Projects named in `reel_queued_jobs_by_project`.
    static let metricProjects = 10

    func metrics() throws -> HTTPResponse {
        let counts = try store.counts()
        var lines = ["# HELP reel_jobs Jobs by status.", "# TYPE reel_jobs gauge"]
        for s in Job.Status.allCases { lines.append("reel_jobs{status=\"\(s.rawValue)\"} \(counts[s] ?? 0)") }
        lines += ["# HELP reel_queue_depth Jobs waiting for a worker.", "# TYPE reel_queue_depth gauge",
                  "reel_queue_depth \(counts[.queued] ?? 0)"]
        // Bounded cardinality: the projects with the most queued jobs by id (letters, digits, '.',
        // '_' and '-': nothing to escape), the rest summed.
        let byProject = try store.queuedByKey()
        lines += ["# HELP reel_queued_jobs_by_project Jobs waiting, for the \(Self.metricProjects) projects with the most (project: its id, none without keys); other: the rest together.",
                  "# TYPE reel_queued_jobs_by_project gauge"]
        for (project, n) in byProject.prefix(Self.metricProjects) {
            lines.append("reel_queued_jobs_by_project{project=\"\(KeyRing.logName(project))\"} \(n)")
        }
        lines.append("reel_queued_jobs_by_project{project=\"other\"} \(byProject.dropFirst(Self.metricProjects).reduce(0) { $0 + $1.count })")
        let outcomes = store.outcomes.snapshot
        lines += ["# HELP reel_job_outcomes_total How jobs ended or went round again in this process.",
                  "# TYPE reel_job_outcomes_total counter"]
        for o in JobOutcomes.Outcome.allCases { lines.append("reel_job_outcomes_total{outcome=\"\(o.rawValue)\"} \(outcomes[o] ?? 0)") }
        lines += ["# HELP reel_render_seconds Wall time of successful renders.", "# TYPE reel_render_seconds histogram"]
        lines += pool.metrics.seconds.lines(name: "reel_render_seconds")
        lines += ["# HELP reel_http_requests_total HTTP requests by route, method and status code.", "# TYPE reel_http_requests_total counter"]
        for (k, v) in requests.snapshot.sorted(by: { $0.key < $1.key }) {
            lines.append("reel_http_requests_total{route=\"\(k.route)\",method=\"\(k.method)\",code=\"\(k.status)\"} \(v)")
        }
        let workers = pool.workers
        lines += ["# HELP reel_workers Render workers of this process.", "# TYPE reel_workers gauge", "reel_workers \(workers.total)",
                  "# HELP reel_workers_busy Workers rendering a job or a chunk now.", "# TYPE reel_workers_busy gauge",
                  "reel_workers_busy \(workers.busy)"]
        lines += ["# HELP reel_webhook_deliveries Webhook deliveries by status (pending: the backlog; failed: given up).",
                  "# TYPE reel_webhook_deliveries gauge"]
        let deliveries = try store.deliveryCounts()
        for s in WebhookDelivery.Status.allCases.map(\.rawValue) {
            lines.append("reel_webhook_deliveries{status=\"\(s)\"} \(deliveries[s] ?? 0)")
        }
        lines += ["# HELP reel_destination_copies Copies of outputs to other buckets by status (pending: the backlog; failed: given up).",
                  "# TYPE reel_destination_copies gauge"]
        let copies = try store.destinationCounts()
        for s in OutputDestination.Status.allCases.map(\.rawValue) { lines.append("reel_destination_copies{status=\"\(s)\"} \(copies[s] ?? 0)") }
        if let free = store.freeBytes {
            lines += ["# HELP reel_disk_free_bytes Free space on the disk of the node's data directory.", "# TYPE reel_disk_free_bytes gauge",
                      "reel_disk_free_bytes \(free)"]
        }
        lines += ["# HELP reel_http_request_duration_seconds Time from a request's head to its handler's answer, by route.",
                  "# TYPE reel_http_request_duration_seconds histogram"]
        for (route, h) in requests.latencies.sorted(by: { $0.key < $1.key }) {
            lines += h.lines(name: "reel_http_request_duration_seconds", labels: "route=\"\(route)\"")
        }
        lines += ProcessMetrics.lines() + BuildInfo.lines()
        var h = HTTPHeaders()
        h.set("Content-Type", "text/plain; version=0.0.4")
        return HTTPResponse(status: 200, headers: h, body: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8)))
    }
}
