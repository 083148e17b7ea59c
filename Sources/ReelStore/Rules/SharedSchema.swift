/// Schema steps both databases take alike, written once with the dialect's type words; each
/// database's migration list (`SQLiteSchema`, `PostgresSchema`) appends them at its own version.
/// The steps before these differ for history's sake: PostgreSQL began at SQLite's fourth version.
/// A new step belongs here unless it truly cannot be said the same way in both.
enum SharedSchema {
    /// The webhook outbox: each row is written in the transaction that changes its job, and a
    /// sender claims it, retrying with the same id until a 2xx or its schedule ends.
    static func webhookDeliveries(_ d: SQLDialect) -> String {
        """
        CREATE TABLE webhook_deliveries (
            \(d.sequenceColumn)id TEXT PRIMARY KEY,
            job_id TEXT NOT NULL,
            event TEXT NOT NULL,
            url TEXT NOT NULL,
            body TEXT NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_status INTEGER,
            last_error TEXT,
            created_at \(d.bigint) NOT NULL,
            next_attempt_at \(d.bigint),
            last_attempt_at \(d.bigint),
            finished_at \(d.bigint),
            claimed_by TEXT
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
        CREATE INDEX webhook_deliveries_by_job ON webhook_deliveries (job_id);
        """
    }

    /// Specs with `{{name}}` placeholders, owned by a key.
    static func templates(_ d: SQLDialect) -> String {
        """
        CREATE TABLE templates (
            \(d.sequenceColumn)id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL DEFAULT '',
            name TEXT,
            spec TEXT NOT NULL,
            placeholders TEXT NOT NULL,
            created_at \(d.bigint) NOT NULL
        );
        CREATE INDEX templates_by_key ON templates (key_id);
        """
    }

    /// An asset's kind (media, font, captions): uploads are fonts and caption files too, each
    /// with its own probe. Earlier uploads were all media.
    static func assetKinds(_ d: SQLDialect) -> String {
        """
        ALTER TABLE assets ADD COLUMN kind TEXT NOT NULL DEFAULT 'media';
        """
    }

    /// Queues that keys share fairly (docs/API.md (batches)): a job's `priority` rank (0 high, 1 normal,
    /// 2 low) and `batch_id`; the index a claim walks — the keys with queued jobs, then one key's
    /// best queued job — so each step is an index seek whatever the queue's length; when each key
    /// last had a job claimed (`key_turns`); the leases that ran out; a key's recent ends (the
    /// drain rate a 429's `Retry-After` is measured from); and the batches themselves.
    static func fairQueue(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE jobs ADD COLUMN batch_id TEXT;
        CREATE INDEX jobs_queue ON jobs (status, key_id, priority\(d.indexedSequence));
        CREATE INDEX jobs_leases ON jobs (status, lease_expires);
        CREATE INDEX jobs_ends_by_key ON jobs (key_id, finished_at);
        CREATE INDEX jobs_by_batch ON jobs (batch_id);
        CREATE TABLE key_turns (
            key_id TEXT PRIMARY KEY,
            turn \(d.bigint) NOT NULL
        )\(d.withoutRowID);
        CREATE TABLE batches (
            \(d.sequenceColumn)id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL,
            jobs INTEGER NOT NULL,
            idempotency_key TEXT,
            body_hash TEXT NOT NULL,
            created_at \(d.bigint) NOT NULL,
            webhook_url TEXT,
            webhook_sent BOOLEAN NOT NULL DEFAULT false,
            UNIQUE (key_id, idempotency_key)
        );
        CREATE INDEX batches_by_key ON batches (key_id);
        """
    }

    /// Each job's place in the order of changes (`change_seq`), which an events stream's
    /// `Last-Event-ID` resumes from, drawn from a one-row counter that only goes up; one index
    /// finds a key's changes after a point.
    static func jobChanges(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN change_seq \(d.bigint) NOT NULL DEFAULT 0;
        CREATE INDEX jobs_changes ON jobs (change_seq);
        CREATE INDEX jobs_changes_by_key ON jobs (key_id, change_seq);
        CREATE TABLE change_counter (id INTEGER PRIMARY KEY, n \(d.bigint) NOT NULL);
        INSERT INTO change_counter (id, n) VALUES (1, 0);
        """
    }

    /// One row that SQLite's readiness changes and commits (`SQLiteBackend.checkWritable`): a write
    /// that changes nothing is not written at all (SQLite skips an unchanged row), so it could not
    /// find a file that may no longer be written. PostgreSQL has the table only to keep the two
    /// schemas alike (a store moves from one to the other table by table); no rule reads it.
    static func writeProbe(_ d: SQLDialect) -> String {
        """
        CREATE TABLE write_probe (id INTEGER PRIMARY KEY, n \(d.bigint) NOT NULL);
        INSERT INTO write_probe (id, n) VALUES (1, 0);
        """
    }

    /// How a finished output's video frames were made (passthrough copies some).
    static func outputFrameCounts(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN output_copied_frames \(d.bigint);
        ALTER TABLE jobs ADD COLUMN output_encoded_frames \(d.bigint);
        """
    }

    /// Chunked rendering. A long job is cut into `job_chunks`, each claimed and rendered by any
    /// worker on any node with a lease and attempts of its own; `jobs.chunks` is how many (1: not cut).
    static func jobChunks(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN chunks INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE job_chunks (
            job_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            frame_start \(d.bigint) NOT NULL,
            frame_end \(d.bigint) NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            progress \(d.double) NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires \(d.bigint),
            error TEXT,
            PRIMARY KEY (job_id, idx)
        )\(d.withoutRowID);
        CREATE INDEX job_chunks_by_status ON job_chunks (status);
        """
    }

    /// Direct uploads and imports: an asset exists before its bytes are checked (`uploading`,
    /// `importing`), then is `ready` or `failed`; uploads made before are `ready`.
    /// The caller's own context for a job (the spec's `metadata`, compact JSON), echoed in the
    /// job's JSON and every webhook without reading the spec again.
    static func jobMetadata(_ d: SQLDialect) -> String {
        "ALTER TABLE jobs ADD COLUMN metadata TEXT;"
    }

    static func assetStatus(_ d: SQLDialect) -> String {
        """
        ALTER TABLE assets ADD COLUMN status TEXT NOT NULL DEFAULT 'ready';
        ALTER TABLE assets ADD COLUMN error TEXT;
        ALTER TABLE assets ADD COLUMN upload_expires_at \(d.bigint);
        ALTER TABLE assets ADD COLUMN source_url TEXT;
        """
    }

    /// Copies of succeeded outputs to other buckets (`output.destinations`): written with the job's
    /// success, claimed and retried like webhook deliveries; `jobs.output_destinations` counts a
    /// job's, so reading a job without any costs no second query.
    static func outputDestinations(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN output_destinations INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE output_destinations (
            job_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            url TEXT NOT NULL,
            profile TEXT,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            etag TEXT,
            created_at \(d.bigint) NOT NULL,
            next_attempt_at \(d.bigint),
            last_attempt_at \(d.bigint),
            finished_at \(d.bigint),
            claimed_by TEXT,
            PRIMARY KEY (job_id, idx)
        )\(d.withoutRowID);
        CREATE INDEX output_destinations_due ON output_destinations (status, next_attempt_at);
        """
    }

    /// Projects and their keys. Every resource belongs to a project (the `key_id` columns, named
    /// from when each key owned what it made, hold the owning project's id from this version on);
    /// a project has several keys, each stored as the SHA-256 of its secret, never the secret.
    /// Rows a key owned before are moved to its project when the key is registered from the
    /// configuration (`registerConfiguredKeys`): only the configuration knows which hash is whose.
    static func apiKeys(_ d: SQLDialect) -> String {
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            project_id TEXT NOT NULL,
            scope TEXT NOT NULL,
            hash TEXT NOT NULL UNIQUE,
            configured BOOLEAN NOT NULL DEFAULT false,
            created_at \(d.bigint) NOT NULL,
            last_used_at \(d.bigint),
            deleted_at \(d.bigint)
        );
        CREATE INDEX api_keys_by_project ON api_keys (project_id);
        """
    }

    /// A finished output's measured loudness (`MeasuredLoudness.stored`), for jobs with a target.
    static func outputLoudness(_ d: SQLDialect) -> String {
        "ALTER TABLE jobs ADD COLUMN output_loudness TEXT;"
    }

    /// A progressive output's seconds from the start of its render until it could be played.
    static func outputFirstSegment(_ d: SQLDialect) -> String {
        "ALTER TABLE jobs ADD COLUMN output_first_segment_seconds \(d.double);"
    }

    /// The nodes sharing the store and their workers, each row renewed by its node while it runs
    /// (`NodeRegistry`): what a job's chunk length is chosen from. And the length a job was cut at.
    static func nodes(_ d: SQLDialect) -> String {
        """
        CREATE TABLE nodes (
            id TEXT PRIMARY KEY,
            workers INTEGER NOT NULL,
            seen_at \(d.bigint) NOT NULL
        );
        ALTER TABLE jobs ADD COLUMN chunk_seconds INTEGER;
        """
    }

    /// The named outputs of a job with `outputs`, one row each in the spec's order (a job with
    /// one `output` keeps it in `jobs.output_*` as before); `jobs.output_count` counts a job's, so
    /// reading a job without any costs no second query. A destination row says whose copy it is.
    static func jobOutputs(_ d: SQLDialect) -> String {
        """
        ALTER TABLE jobs ADD COLUMN output_count INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE job_outputs (
            job_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            name TEXT NOT NULL,
            path TEXT NOT NULL,
            bytes \(d.bigint) NOT NULL,
            duration TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            content_type TEXT NOT NULL,
            expired BOOLEAN NOT NULL DEFAULT false,
            copied_frames \(d.bigint),
            encoded_frames \(d.bigint),
            loudness TEXT,
            first_segment_seconds \(d.double),
            PRIMARY KEY (job_id, idx)
        )\(d.withoutRowID);
        ALTER TABLE output_destinations ADD COLUMN output_name TEXT;
        """
    }

    /// A template's description: what it makes and what to change (the examples carry one).
    static func templateDescriptions(_ d: SQLDialect) -> String {
        "ALTER TABLE templates ADD COLUMN description TEXT;"
    }

    /// A template's typed placeholders as declared (a JSON object by name; NULL: none declared,
    /// as every template stored before, whose placeholders are all required text).
    static func templateDeclarations(_ d: SQLDialect) -> String {
        "ALTER TABLE templates ADD COLUMN declarations TEXT;"
    }
}
