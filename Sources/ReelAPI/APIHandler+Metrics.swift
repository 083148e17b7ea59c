import Foundation
import ReelHTTP
import ReelQueue

extension APIHandler {
    func metrics() throws -> HTTPResponse {
        let counts = try store.counts()
        var lines = ["# HELP reel_jobs Jobs by status.", "# TYPE reel_jobs gauge"]
        for s in Job.Status.allCases { lines.append("reel_jobs{status=\"\(s.rawValue)\"} \(counts[s] ?? 0)") }
        lines += ["# HELP reel_queue_depth Jobs waiting for a worker.", "# TYPE reel_queue_depth gauge",
                  "reel_queue_depth \(counts[.queued] ?? 0)"]
        let r = pool.metrics.snapshot
        lines += ["# HELP reel_render_seconds Wall time of successful renders.", "# TYPE reel_render_seconds summary",
                  "reel_render_seconds_sum \(r.sum)", "reel_render_seconds_count \(r.count)"]
        lines += ["# HELP reel_http_requests_total HTTP requests by method and status code.", "# TYPE reel_http_requests_total counter"]
        for (k, v) in requests.snapshot.sorted(by: { $0.key < $1.key }) {
            lines.append("reel_http_requests_total{method=\"\(k.method)\",code=\"\(k.status)\"} \(v)")
        }
        var h = HTTPHeaders()
        h.set("Content-Type", "text/plain; version=0.0.4")
        return HTTPResponse(status: 200, headers: h, body: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8)))
    }
}
