import Foundation
/// The PostgreSQL schema, one entry per version in `reel_schema`; append, never edit, to migrate.
/// Its first step holds what SQLite's `SQLiteSchema` holds after its first four; `seq` stands for SQLite's
/// rowid (the list order and cursors).
enum PostgresSchema {
    static let migrations = [
        """
        CREATE TABLE jobs (
            seq BIGSERIAL NOT NULL UNIQUE,
            id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            spec TEXT NOT NULL,
            body_hash TEXT NOT NULL,
            idempotency_key TEXT,
            progress DOUBLE PRECISION NOT NULL DEFAULT 0,
            eta DOUBLE PRECISION,
            attempts INTEGER NOT NULL DEFAULT 0,
            max_attempts INTEGER NOT NULL,
            cancel_requested BOOLEAN NOT NULL DEFAULT false,
            lease_owner TEXT,
            lease_expires BIGINT,
            error_code TEXT,
            error_message TEXT,
            output_path TEXT,
            output_bytes BIGINT,
            output_duration TEXT,
            output_sha256 TEXT,
            output_content_type TEXT,
            output_expired BOOLEAN NOT NULL DEFAULT false,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            started_at BIGINT,
            finished_at BIGINT,
            webhook_url TEXT,
            webhook_events TEXT,
            webhook_progress_at BIGINT,
            template_id TEXT,
            UNIQUE (key_id, idempotency_key)
        );
        CREATE INDEX jobs_runnable ON jobs (seq) WHERE status IN ('queued', 'running');
        CREATE INDEX jobs_by_key ON jobs (key_id, status);
        CREATE INDEX jobs_by_status ON jobs (status);
        CREATE TABLE assets (
            id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL DEFAULT '',
            path TEXT NOT NULL,
            bytes BIGINT NOT NULL,
            sha256 TEXT NOT NULL,
            content_type TEXT,
            filename TEXT,
            probe TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX assets_by_created ON assets (created_at);
        CREATE TABLE job_assets (
            job_id TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            PRIMARY KEY (job_id, asset_id)
        );
        CREATE INDEX job_assets_by_asset ON job_assets (asset_id);
        \(SharedSchema.webhookDeliveries(.postgres))
        \(SharedSchema.templates(.postgres))
        """,
        // 2–6: as SQLite's 5–9.
        SharedSchema.assetKinds(.postgres),
        SharedSchema.outputFrameCounts(.postgres),
        SharedSchema.jobChunks(.postgres),
        SharedSchema.outputDestinations(.postgres),
        SharedSchema.assetStatus(.postgres),
        // 7: as SQLite's 10.
        SharedSchema.jobMetadata(.postgres),
        // 8: as SQLite's 11.
        SharedSchema.jobChanges(.postgres),
        // 9: as SQLite's 12.
        SharedSchema.fairQueue(.postgres),
        // 10: as SQLite's 13.
        SharedSchema.writeProbe(.postgres),
        // 11: as SQLite's 14.
        SharedSchema.apiKeys(.postgres),
        // 12: as SQLite's 15.
        SharedSchema.outputLoudness(.postgres),
        // 13: as SQLite's 16.
        SharedSchema.outputFirstSegment(.postgres),
        // 14: as SQLite's 17.
        SharedSchema.templateDeclarations(.postgres),
        // 15: SQLite's 18 in PostgreSQL's JSON words: media assets told apart by their probes.
        """
        UPDATE assets SET kind = CASE
            WHEN (probe::jsonb ->> 'still') = 'true' THEN 'image'
            WHEN jsonb_path_exists(probe::jsonb, '$.streams[*] ? (@.type == "video")') THEN 'video'
            ELSE 'audio' END
        WHERE kind = 'media' AND probe LIKE '{%' AND probe LIKE '%"streams"%';
        """,
        // 16: as SQLite's 19.
        SharedSchema.nodes(.postgres),
        // 17: as SQLite's 20.
        SharedSchema.templateDescriptions(.postgres),
        // 18: as SQLite's 21.
        SharedSchema.jobOutputs(.postgres),
    ]

    /// The advisory lock key held while migrating ("reel" in ASCII, then 1): of several nodes
    /// starting together, one migrates and the others wait, then find nothing to do.
    static let migrationLock: Int64 = 0x7265_656C_0000_0001

    /// Applies the migrations this database lacks, each in its own transaction, under the
    /// migration lock. A schema newer than `migrations` (written by a later Reel) is refused,
    /// untouched.
    static func migrate(_ db: PostgresConnection, location: String, migrations: [String] = migrations) throws {
        // The lock waits at most `lock_timeout` at a time: another node may be migrating, so wait
        // again, for up to ten minutes in all, then give up with the busy error.
        let deadline = Date().addingTimeInterval(600)
        while true {
            do {
                try db.run("SELECT pg_advisory_lock($1)", [.int(migrationLock)])
                break
            } catch let e as PostgresError where e.isBusy && Date() < deadline {
                continue
            }
        }
        defer { _ = try? db.run("SELECT pg_advisory_unlock($1)", [.int(migrationLock)]) }
        try db.execute("CREATE TABLE IF NOT EXISTS reel_schema (version INTEGER NOT NULL)")
        while true {
            let done: Bool = try db.transaction {
                let r = try db.run("SELECT version FROM reel_schema FOR UPDATE")
                guard let row = r.first else {
                    try db.run("INSERT INTO reel_schema (version) VALUES (0)")
                    return false
                }
                let current = try row.int("version")
                if current > migrations.count { throw SchemaTooNewError(path: location, version: current, known: migrations.count) }
                guard current < migrations.count else { return true }
                try db.execute(migrations[current])
                try db.run("UPDATE reel_schema SET version = $1", [.int(Int64(current + 1))])
                return false
            }
            if done { return }
        }
    }

    /// The schema version of the database `db` is connected to (0 before the first migration).
    static func version(_ db: PostgresConnection) throws -> Int {
        let exists = try db.run("SELECT to_regclass('reel_schema') IS NOT NULL AS present")
        guard try exists.first?.bool("present") == true else { return 0 }
        return try db.run("SELECT version FROM reel_schema").first?.int("version") ?? 0
    }
}
