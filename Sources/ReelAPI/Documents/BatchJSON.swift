import ReelStore

/// The API's JSON for a batch (openapi.yaml `Batch`).
public enum BatchJSON {
    /// `status`: `queued` until one of its jobs starts, `running` while any is queued or running,
    /// then `finished`; `progress` the mean of its jobs' (a finished one counts 1); `eta` seconds,
    /// from the pace since its first job started, while it runs.
    public static func batch(_ b: Batch, _ p: BatchProgress, now: Int64) -> [UInt8] {
        let total = p.counts.values.reduce(0, +)
        let open = (p.counts[.queued] ?? 0) + (p.counts[.running] ?? 0)
        let progress = total == 0 ? 1 : p.progressSum / Double(total)
        let status = open == 0 ? "finished" : (p.firstStart == nil ? "queued" : "running")
        var w = JSONWriter(capacity: 256 + 32 * p.jobIDs.count)
        w.openObject()
        w.key("id"); w.string(b.id)
        w.key("status"); w.string(status)
        w.key("counts"); w.openObject()
        w.key("queued"); w.int(p.counts[.queued] ?? 0)
        w.key("running"); w.int(p.counts[.running] ?? 0)
        w.key("succeeded"); w.int(p.counts[.succeeded] ?? 0)
        w.key("failed"); w.int(p.counts[.failed] ?? 0)
        w.key("canceled"); w.int(p.counts[.canceled] ?? 0)
        w.closeObject()
        w.key("progress"); w.decimal(progress)
        w.key("eta")
        if open > 0, let start = p.firstStart, progress > 0.001 {
            let elapsed = Double(max(0, now - start)) / 1000
            w.decimal((elapsed / progress * (1 - progress) * 10).rounded() / 10)
        } else {
            w.null()
        }
        w.key("createdAt"); w.timestamp(b.createdAt)
        w.key("idempotencyKey"); w.string(b.idempotencyKey)
        w.key("webhook"); w.string(b.webhookURL)
        w.key("jobs"); w.openArray()
        for id in p.jobIDs { w.element(); w.string(id) }
        w.closeArray()
        w.closeObject()
        return w.bytes
    }
}
