/// The database schema, one entry per `user_version`; append, never edit, to migrate.
enum SQLiteSchema {
    static let migrations = [
        """
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            status TEXT NOT NULL,
            spec TEXT NOT NULL,
            body_hash TEXT NOT NULL,
            idempotency_key TEXT UNIQUE,
            progress REAL NOT NULL DEFAULT 0,
            eta REAL,
            attempts INTEGER NOT NULL DEFAULT 0,
            max_attempts INTEGER NOT NULL,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires INTEGER,
            error_code TEXT,
            error_message TEXT,
            output_path TEXT,
            output_bytes INTEGER,
            output_duration TEXT,
            output_sha256 TEXT,
            output_content_type TEXT,
            output_expired INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            started_at INTEGER,
            finished_at INTEGER
        );
        CREATE INDEX jobs_by_status ON jobs(status);
        CREATE TABLE assets (
            id TEXT PRIMARY KEY,
            path TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            content_type TEXT,
            filename TEXT,
            probe TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        """,
        // 2: every job and asset belongs to the API key that created it (`key_id`, the key's SHA-256
        // hex; "" without keys), idempotency keys are per API key, and `job_assets` says which
        // uploads a job names, so an asset in use cannot be deleted. SQLite cannot drop a UNIQUE
        // constraint, so `jobs` is rebuilt, keeping each rowid (the list cursor).
        """
        CREATE TABLE jobs_v2 (
            id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            spec TEXT NOT NULL,
            body_hash TEXT NOT NULL,
            idempotency_key TEXT,
            progress REAL NOT NULL DEFAULT 0,
            eta REAL,
            attempts INTEGER NOT NULL DEFAULT 0,
            max_attempts INTEGER NOT NULL,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires INTEGER,
            error_code TEXT,
            error_message TEXT,
            output_path TEXT,
            output_bytes INTEGER,
            output_duration TEXT,
            output_sha256 TEXT,
            output_content_type TEXT,
            output_expired INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            started_at INTEGER,
            finished_at INTEGER,
            UNIQUE (key_id, idempotency_key)
        );
        INSERT INTO jobs_v2 (rowid, id, status, spec, body_hash, idempotency_key, progress, eta, attempts, max_attempts,
            cancel_requested, lease_owner, lease_expires, error_code, error_message, output_path, output_bytes,
            output_duration, output_sha256, output_content_type, output_expired, created_at, updated_at, started_at, finished_at)
        SELECT rowid, id, status, spec, body_hash, idempotency_key, progress, eta, attempts, max_attempts,
            cancel_requested, lease_owner, lease_expires, error_code, error_message, output_path, output_bytes,
            output_duration, output_sha256, output_content_type, output_expired, created_at, updated_at, started_at, finished_at
        FROM jobs;
        DROP TABLE jobs;
        ALTER TABLE jobs_v2 RENAME TO jobs;
        CREATE INDEX jobs_by_status ON jobs(status);
        CREATE INDEX jobs_by_key ON jobs(key_id, status);
        ALTER TABLE assets ADD COLUMN key_id TEXT NOT NULL DEFAULT '';
        CREATE INDEX assets_by_created ON assets(created_at);
        CREATE TABLE job_assets (
            job_id TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            PRIMARY KEY (job_id, asset_id)
        ) WITHOUT ROWID;
        CREATE INDEX job_assets_by_asset ON job_assets(asset_id);
        """,
        // 3: webhooks. A job keeps its spec's webhook (URL and events); `webhook_deliveries` is the
        // outbox: each row is written in the transaction that changes the job, and a delivery
        // worker sends it, retrying with the same id until a 2xx or its schedule ends.
        """
        ALTER TABLE jobs ADD COLUMN webhook_url TEXT;
        ALTER TABLE jobs ADD COLUMN webhook_events TEXT;
        ALTER TABLE jobs ADD COLUMN webhook_progress_at INTEGER;
        CREATE TABLE webhook_deliveries (
            id TEXT PRIMARY KEY,
            job_id TEXT NOT NULL,
            event TEXT NOT NULL,
            url TEXT NOT NULL,
            body TEXT NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_status INTEGER,
            last_error TEXT,
            created_at INTEGER NOT NULL,
            next_attempt_at INTEGER,
            last_attempt_at INTEGER,
            finished_at INTEGER,
            claimed_by TEXT
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
        CREATE INDEX webhook_deliveries_by_job ON webhook_deliveries(job_id);
        """,
        // 4: templates: specs with `{{name}}` placeholders, owned by a key; a job made from one
        // remembers it.
        """
        CREATE TABLE templates (
            id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL DEFAULT '',
            name TEXT,
            spec TEXT NOT NULL,
            placeholders TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX templates_by_key ON templates(key_id);
        ALTER TABLE jobs ADD COLUMN template_id TEXT;
        """,
        // 5: an asset's kind (media, font, captions): uploads are fonts and caption files too, each
        // with its own probe. Earlier uploads were all media.
        """
        ALTER TABLE assets ADD COLUMN kind TEXT NOT NULL DEFAULT 'media';
        """,
        // 6: how a finished output's video frames were made (passthrough copies some).
        """
        ALTER TABLE jobs ADD COLUMN output_copied_frames INTEGER;
        ALTER TABLE jobs ADD COLUMN output_encoded_frames INTEGER;
        """,
        // 7: chunked rendering. A long job is cut into `job_chunks`, each claimed and rendered by
        // any worker with a lease and attempts of its own; `jobs.chunks` is how many (1: not cut).
        """
        ALTER TABLE jobs ADD COLUMN chunks INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE job_chunks (
            job_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            frame_start INTEGER NOT NULL,
            frame_end INTEGER NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            progress REAL NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires INTEGER,
            error TEXT,
            PRIMARY KEY (job_id, idx)
        ) WITHOUT ROWID;
        CREATE INDEX job_chunks_by_status ON job_chunks(status);
        """,
    ]
}
