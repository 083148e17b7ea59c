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
        \(SharedSchema.webhookDeliveries(.sqlite))
        """,
        // 4: templates: specs with `{{name}}` placeholders, owned by a key; a job made from one
        // remembers it.
        """
        \(SharedSchema.templates(.sqlite))
        ALTER TABLE jobs ADD COLUMN template_id TEXT;
        """,
        // 5–9: the steps PostgreSQL takes alike (`SharedSchema`, 2–6 there).
        SharedSchema.assetKinds(.sqlite),
        SharedSchema.outputFrameCounts(.sqlite),
        SharedSchema.jobChunks(.sqlite),
        SharedSchema.outputDestinations(.sqlite),
        SharedSchema.assetStatus(.sqlite),
        // 10: as PostgreSQL's 7.
        SharedSchema.jobMetadata(.sqlite),
        // 11: as PostgreSQL's 8.
        SharedSchema.jobChanges(.sqlite),
        // 12: as PostgreSQL's 9.
        SharedSchema.fairQueue(.sqlite),
        // 13: as PostgreSQL's 10.
        SharedSchema.writeProbe(.sqlite),
        // 14: as PostgreSQL's 11.
        SharedSchema.apiKeys(.sqlite),
        // 15: as PostgreSQL's 12.
        SharedSchema.outputLoudness(.sqlite),
        // 16: as PostgreSQL's 13.
        SharedSchema.outputFirstSegment(.sqlite),
        // 17: as PostgreSQL's 14.
        SharedSchema.templateDeclarations(.sqlite),
        // 18 (PostgreSQL's 15 in its words): media assets told apart as video, audio or image from
        // the probe each keeps (`AssetKind.of(media:)`: a still, else a picture stream, else sound).
        """
        UPDATE assets SET kind = CASE
            WHEN json_extract(probe, '$.still') = 1 THEN 'image'
            WHEN EXISTS (SELECT 1 FROM json_each(assets.probe, '$.streams') AS s WHERE json_extract(s.value, '$.type') = 'video') THEN 'video'
            ELSE 'audio' END
        WHERE kind = 'media' AND json_valid(probe) AND json_type(probe, '$.streams') = 'array';
        """,
        // 19: as PostgreSQL's 16.
        SharedSchema.nodes(.sqlite),
        // 20: as PostgreSQL's 17.
        SharedSchema.templateDescriptions(.sqlite),
        // 21: as PostgreSQL's 18.
        SharedSchema.jobOutputs(.sqlite),
    ]
}
