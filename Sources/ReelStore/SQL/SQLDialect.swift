/// The words in which the two databases' SQL differs, interpolated into the rules' statements.
public struct SQLDialect: Sendable {
    /// The column that orders rows by insertion (list cursors, queue order): SQLite's `rowid`,
    /// PostgreSQL's `seq` (a BIGSERIAL).
    public let sequence: String
    /// Appended to a SELECT that is about to update the rows it reads, so concurrent writers take
    /// turns on them. Empty where a write transaction already excludes every other writer.
    public let forUpdate: String
    /// As `forUpdate`, but rows another transaction holds are passed over instead of waited for,
    /// so workers on several nodes claim different rows at once.
    public let forUpdateSkipLocked: String
    /// `forUpdateSkipLocked` for the rows of one table of a join (named by its alias).
    public let forUpdateOfSkipLocked: @Sendable (String) -> String
    /// Appended to a SELECT whose rows must not change or go before the transaction ends.
    public let forShare: String
    /// Column types in DDL: a 64-bit integer (times in ms, frame numbers) and a double.
    public let bigint: String
    public let double: String
    /// After a table whose primary key is its only index (SQLite stores it as the key's B-tree).
    public let withoutRowID: String
    /// The first line of a table that needs `sequence` as a column of its own (SQLite has rowid).
    public let sequenceColumn: String
    /// The insertion order as an index's last column (`, seq`); empty where every index already
    /// ends with it (SQLite's rowid).
    public let indexedSequence: String
    /// A condition true when the job's `metadata` has a string member named by the first parameter
    /// equal to the second (numbers and other types never match, on either database).
    public let metadataStringEquals: String
    /// A condition true when that member (named by the first two parameters) is a string containing
    /// the third, ASCII letters folded on both sides (SQLite's `lower` folds only those; PostgreSQL's
    /// would fold more, so it translates the same 26).
    public let metadataStringContains: String

    public static let sqlite = SQLDialect(sequence: "rowid", forUpdate: "", forUpdateSkipLocked: "",
                                          forUpdateOfSkipLocked: { _ in "" }, forShare: "",
                                          bigint: "INTEGER", double: "REAL", withoutRowID: " WITHOUT ROWID", sequenceColumn: "",
                                          indexedSequence: "", metadataStringEquals: "metadata -> ? = json_quote(?)",
                                          metadataStringContains: "(json_type(metadata -> ?) = 'text' AND instr(lower(metadata ->> ?), lower(?)) > 0)")
    public static let postgres = SQLDialect(sequence: "seq", forUpdate: " FOR UPDATE", forUpdateSkipLocked: " FOR UPDATE SKIP LOCKED",
                                            forUpdateOfSkipLocked: { " FOR UPDATE OF \($0) SKIP LOCKED" }, forShare: " FOR SHARE",
                                            bigint: "BIGINT", double: "DOUBLE PRECISION", withoutRowID: "",
                                            sequenceColumn: "seq BIGSERIAL NOT NULL UNIQUE,\n    ",
                                            indexedSequence: ", seq",
                                            metadataStringEquals: "metadata::jsonb -> (?::text) = to_jsonb(?::text)",
                                            metadataStringContains: "(jsonb_typeof(metadata::jsonb -> (?::text)) = 'string' AND strpos("
                                                + "translate(metadata::jsonb ->> (?::text), '\(upper)', '\(lower)'), translate(?::text, '\(upper)', '\(lower)')) > 0)")
    private static let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", lower = "abcdefghijklmnopqrstuvwxyz"
}
