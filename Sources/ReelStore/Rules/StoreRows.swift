import ReelBasics
/// The store's records read from result rows by column name, and the column lists that select
/// them: one reader per record, whichever database the row came from.
enum StoreRows {
    /// The columns `job(_:)` reads, with the insertion order as `seq` (the list cursor).
    static func jobColumns(_ d: SQLDialect) -> String {
        """
        id, key_id, status, spec, idempotency_key, progress, eta, attempts, max_attempts, cancel_requested,
        error_code, error_message, output_path, output_bytes, output_duration, output_sha256,
        output_content_type, output_expired, created_at, updated_at, started_at, finished_at, webhook_url, webhook_events,
        template_id, chunks, chunk_seconds, output_copied_frames, output_encoded_frames, output_loudness, output_first_segment_seconds, output_destinations, output_count, metadata, change_seq, priority, batch_id, \(d.sequence) AS seq
        """
    }

    static func job(_ r: SQLRow) throws -> Job {
        var error: JobError?
        if let code = try r.optionalText("error_code") {
            error = JobError(code: JobError.Code(rawValue: code) ?? .renderFailed, message: try r.text("error_message"))
        }
        var output: JobOutput?
        if let path = try r.optionalText("output_path") {
            output = JobOutput(path: path, bytes: try r.int64("output_bytes"), duration: try r.text("output_duration"),
                               sha256: try r.text("output_sha256"), contentType: try r.text("output_content_type"),
                               expired: try r.bool("output_expired"), copiedFrames: try r.optionalInt("output_copied_frames"),
                               encodedFrames: try r.optionalInt("output_encoded_frames"),
                               loudness: MeasuredLoudness(stored: try r.optionalText("output_loudness")),
                               firstSegmentSeconds: try r.optionalDouble("output_first_segment_seconds"))
        }
        return Job(id: try r.text("id"), keyID: try r.text("key_id"), templateID: try r.optionalText("template_id"),
                   status: Job.Status(rawValue: try r.text("status")) ?? .failed, spec: try r.text("spec"),
                   idempotencyKey: try r.optionalText("idempotency_key"), progress: try r.double("progress"),
                   eta: try r.optionalDouble("eta"), attempts: try r.int("attempts"), maxAttempts: try r.int("max_attempts"),
                   cancelRequested: try r.bool("cancel_requested"), createdAt: try r.int64("created_at"),
                   updatedAt: try r.int64("updated_at"), startedAt: try r.optionalInt("started_at"),
                   finishedAt: try r.optionalInt("finished_at"), error: error, output: output,
                   webhook: try r.optionalText("webhook_url").map {
                       JobWebhook(url: $0, events: try r.text("webhook_events").split(separator: ",").map(String.init))
                   }, chunks: try r.int("chunks"), chunkSeconds: try r.optionalInt("chunk_seconds").map(Int.init), metadata: try r.optionalText("metadata"),
                   changeSeq: try r.int64("change_seq"), priority: try r.int("priority"), batchID: try r.optionalText("batch_id"))
    }

    /// Reads a row selected with `SQLJobStore.outputColumns` (from `job_outputs`).
    static func namedOutput(_ r: SQLRow) throws -> JobOutput {
        JobOutput(path: try r.text("path"), bytes: try r.int64("bytes"), duration: try r.text("duration"), sha256: try r.text("sha256"),
                  contentType: try r.text("content_type"), expired: try r.bool("expired"), copiedFrames: try r.optionalInt("copied_frames"),
                  encodedFrames: try r.optionalInt("encoded_frames"), loudness: MeasuredLoudness(stored: try r.optionalText("loudness")),
                  firstSegmentSeconds: try r.optionalDouble("first_segment_seconds"), name: try r.text("name"))
    }

    static let chunkColumns = "c.job_id, c.idx, c.frame_start, c.frame_end, c.status, c.attempts, c.progress, c.error"

    /// Reads a row selected with `chunkColumns` (from `job_chunks AS c`).
    static func chunk(_ r: SQLRow) throws -> JobChunk {
        let start = try r.int64("frame_start")
        return JobChunk(jobID: try r.text("job_id"), index: try r.int("idx"), frames: start..<max(start, try r.int64("frame_end")),
                        status: JobChunk.Status(rawValue: try r.text("status")) ?? .failed, attempts: try r.int("attempts"),
                        progress: try r.double("progress"), error: try r.optionalText("error"))
    }

    static let assetColumns = "id, key_id, path, bytes, sha256, content_type, filename, probe, created_at, kind, status, error, upload_expires_at, source_url"

    static func asset(_ r: SQLRow) throws -> Asset {
        var a = Asset(id: try r.text("id"), path: try r.text("path"), bytes: try r.int64("bytes"), sha256: try r.text("sha256"),
                      contentType: try r.optionalText("content_type"), filename: try r.optionalText("filename"),
                      probe: try r.text("probe"), createdAt: try r.int64("created_at"), keyID: try r.text("key_id"), kind: try r.text("kind"))
        a.status = Asset.Status(rawValue: try r.text("status")) ?? .failed
        a.error = try r.optionalText("error")
        a.uploadExpiresAt = try r.optionalInt("upload_expires_at")
        a.sourceURL = try r.optionalText("source_url")
        return a
    }

    static func templateColumns(_ d: SQLDialect) -> String {
        "id, key_id, name, description, spec, placeholders, declarations, created_at, \(d.sequence) AS seq"
    }

    static func template(_ r: SQLRow) throws -> Template {
        let names = try r.text("placeholders")
        return Template(id: try r.text("id"), keyID: try r.text("key_id"), name: try r.optionalText("name"),
                        description: try r.optionalText("description"), spec: try r.text("spec"),
                        placeholders: names.isEmpty ? [] : names.split(separator: ",").map(String.init),
                        declarations: try r.optionalText("declarations"), createdAt: try r.int64("created_at"))
    }

    static func deliveryColumns(_ d: SQLDialect) -> String {
        """
        id, job_id, event, url, body, status, attempts, last_status, last_error, created_at, next_attempt_at,
        last_attempt_at, finished_at, \(d.sequence) AS seq
        """
    }

    static func delivery(_ r: SQLRow) throws -> WebhookDelivery {
        WebhookDelivery(id: try r.text("id"), jobID: try r.text("job_id"), event: try r.text("event"), url: try r.text("url"),
                        body: try r.text("body"), status: WebhookDelivery.Status(rawValue: try r.text("status")) ?? .failed,
                        attempts: try r.int("attempts"), lastStatus: try r.optionalInt("last_status").map { Int($0) },
                        lastError: try r.optionalText("last_error"), createdAt: try r.int64("created_at"),
                        nextAttemptAt: try r.optionalInt("next_attempt_at"), lastAttemptAt: try r.optionalInt("last_attempt_at"),
                        finishedAt: try r.optionalInt("finished_at"))
    }
}

extension StoreRows {
    /// Reads a row selected with `SQLJobStore.destinationColumns`.
    static func destination(_ r: SQLRow) throws -> DestinationDelivery {
        DestinationDelivery(jobID: try r.text("job_id"), index: try r.int("idx"),
                            destination: OutputDestination(url: try r.text("url"), profile: try r.optionalText("profile"),
                                                           status: OutputDestination.Status(rawValue: try r.text("status")) ?? .failed,
                                                           attempts: try r.int("attempts"), error: try r.optionalText("last_error"),
                                                           etag: try r.optionalText("etag")),
                            createdAt: try r.int64("created_at"), outputName: try r.optionalText("output_name"))
    }
}
