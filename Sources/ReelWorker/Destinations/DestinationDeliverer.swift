import Foundation
import ReelBasics
import Logging
import ReelS3
import ReelStorage
import ReelStore
import Synchronization

/// Copies succeeded outputs to their destinations (`output.destinations`): claims due copies from
/// the store's outbox on any node, and writes the output with the destination's account
/// (`DestinationAccounts`): an output in a bucket of that same account is copied by the service
/// (CopyObject, UploadPartCopy past 5 GiB); otherwise the node uploads it from where outputs are
/// kept (the file itself, or a private copy when they are in a bucket), a large file as a
/// multipart upload that appears only when whole.
/// A failed copy is tried again on `RetrySchedule` until its horizon, then fails; a profile the
/// configuration no longer has, or an output deleted meanwhile, fails at once. The same key is
/// written on every attempt, so a copy done twice (a claimer that died after uploading) leaves
/// one object.
public final class DestinationDeliverer: Sendable {
    let store: any JobStore
    let outputs: any OutputStore
    let accounts: DestinationAccounts
    let schedule: RetrySchedule
    let logger: Logger
    /// Where an output kept in a bucket is copied for the length of one upload (its own file, so
    /// no cache eviction can pull it away mid-upload).
    let scratch: String
    private let sender: OutboxSender<DestinationDelivery>
    /// Set by `stop`: uploads in flight are aborted and their copies released, not recorded.
    private let stopping = Atomic(false)
    /// How long a claim holds a copy before another node may take it: longer than any upload.
    static let leaseMillis: Int64 = 3_600_000

    public init(store: any JobStore, outputs: any OutputStore, accounts: DestinationAccounts, schedule: RetrySchedule,
                scratch: String, logger: Logger, senders: Int = 2) {
        self.store = store
        self.outputs = outputs
        self.accounts = accounts
        self.schedule = schedule
        self.scratch = scratch
        self.logger = logger
        sender = OutboxSender(.init(noun: "destination", claim: { claimer, limit in
            try store.claimDestinations(by: claimer, limit: limit, leaseMillis: DestinationDeliverer.leaseMillis)
        }, claimers: { try store.destinationClaimers() }, release: { try store.releaseDestinations(claimedBy: $0) }),
        senders: senders, logger: logger)
    }

    public func start() { sender.start(threadName: "reel-destinations") { [self] in attempt($0) } }

    /// Stops: uploads in flight are aborted, and the copies this process holds are made due again.
    public func stop() { sender.stop { stopping.store(true, ordering: .releasing) } }

    /// Why a copy cannot be made at all, not even later.
    struct Permanent: Error, CustomStringConvertible {
        let description: String
    }

    private func attempt(_ d: DestinationDelivery) {
        let outcome: DestinationOutcome
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        if Double(now - d.createdAt) > schedule.horizon * 1000 + Double(Self.leaseMillis) {
            // Claimed again and again without an outcome (a process dying mid-copy): the schedule is over.
            outcome = .failed(error: "no attempt ended within deliveryRetryHours (\(d.destination.attempts - 1) began)")
        } else {
            do {
                outcome = .delivered(etag: try copy(d))
            } catch let e as Permanent {
                outcome = .failed(error: e.description)
            } catch {
                if stopping.load(ordering: .acquiring) { return }  // aborted by stop: released, tried again by the next start
                if let e = error as? S3Error, Self.neverSucceeds(e) {
                    outcome = .failed(error: "\(error)")
                } else if let next = schedule.nextAttempt(afterAttempt: d.destination.attempts, now: now, created: d.createdAt) {
                    outcome = .retry(error: "\(error)", next: next)
                } else {
                    outcome = .failed(error: "\(error)")
                }
            }
        }
        record(d, outcome)
    }

    /// Records the outcome, waiting out a store that is busy for a moment (pauses 0.25 s doubling
    /// to 2 s, for up to 4 s: an upload done is not redone for a lost record unless the store stays away).
    private func record(_ d: DestinationDelivery, _ outcome: DestinationOutcome) {
        do {
            try Backoff(first: 0.25, limit: 2).run(patience: 4, isPassing: { _ in true }, retrying: { error, tries in
                logger.error("destination record failed", metadata: ["jobId": "\(d.jobID)", "attempt": .stringConvertible(tries), "error": "\(error)"])
            }) {
                try store.recordDestination(jobID: d.jobID, index: d.index, claimer: sender.claimer, outcome)
            }
        } catch {
            logger.error("destination record failed", metadata: ["jobId": "\(d.jobID)", "error": "\(error)"])
        }
        var meta: Logger.Metadata = ["jobId": "\(d.jobID)", "destination": "\(d.destination.url)", "attempt": .stringConvertible(d.destination.attempts)]
        switch outcome {
        case .delivered(let etag): logger.info("output delivered", metadata: meta.merging(["etag": "\(etag)"]) { $1 })
        case .retry(let error, _):
            meta["error"] = "\(error)"
            logger.info("output delivery failed; will retry", metadata: meta)
        case .failed(let error):
            meta["error"] = "\(error)"
            logger.warning("output delivery gave up", metadata: meta)
        }
    }

    /// S3 answers that no retry can change: a request the service finds malformed (a key too
    /// long), a bucket that does not exist or cannot.
    static func neverSucceeds(_ e: S3Error) -> Bool {
        e.status == 400 || ["NoSuchBucket", "InvalidBucketName", "KeyTooLongError", "EntityTooLarge"].contains(e.code)
    }

    /// Uploads the job's output to the destination; returns the ETag (an HLS folder's: its master
    /// playlist's, uploaded last so the folder is whole once it is there).
    private func copy(_ d: DestinationDelivery) throws -> String {
        // The output the copy is of: the job's one, or the named one among its outputs.
        guard let job = try store.job(d.jobID), let output = job.allOutputs.first(where: { $0.name == d.outputName }), !output.expired else {
            throw Permanent(description: "the output was deleted before it could be copied")
        }
        guard try outputs.exists(output.path) else { throw Permanent(description: "the output is no longer where outputs are kept") }
        let account: S3Account
        switch accounts.account(for: d.destination.profile) {
        case .success(let a): account = a
        case .failure(let refusal): throw Permanent(description: "profile " + refusal.description)
        }
        guard let (bucket, key) = Self.split(d.destination.url) else { throw Permanent(description: "\(d.destination.url) is not s3://bucket/key") }
        let client = account.client(bucket: bucket) { [weak self] in self?.stopping.load(ordering: .relaxed) ?? true }
        guard let files = try outputs.files(output.path) else {
            return Self.bare(try put(output.path, nil, with: client, to: key, contentType: output.contentType, job: d.jobID))
        }
        guard files.contains("master.m3u8") else { throw Permanent(description: "the output's folder has no master playlist") }
        var etag = ""
        for file in files.sorted(by: { ($0 == "master.m3u8" ? 1 : 0, $0) < ($1 == "master.m3u8" ? 1 : 0, $1) }) {
            let tag = try put(output.path, file, with: client, to: key + "/" + file, contentType: S3Outputs.type(of: file), job: d.jobID)
            if file == "master.m3u8" { etag = Self.bare(tag) }
        }
        return etag
    }

    /// Writes one file of the output (`file`: one of its folder's) to `key` of `client`'s bucket.
    /// An output in a bucket of the same account is copied by the service itself (no byte through
    /// this node, no scratch disk, any size in minutes); where the service refuses that (a policy
    /// that denies reading the storage's bucket, a service without CopyObject), and everywhere
    /// else, the node uploads a local copy. Returns the ETag.
    private func put(_ location: String, _ file: String?, with client: S3Client, to key: String, contentType: String, job: String) throws -> String {
        if let source = outputs.object(location, file: file), source.client.sharesAccount(with: client) {
            do {
                return try client.copyObject(from: source.client, key: source.key, to: key, contentType: contentType)
            } catch let e as S3Error where e.status == 403 || e.status == 501 {
                logger.info("copy inside the service refused; uploading from this node",
                            metadata: ["jobId": "\(job)", "key": "\(key)", "error": "\(e)"])
            }
        }
        return try withLocalFile(location, file) { try client.upload(file: $0, to: key, contentType: contentType) }
    }

    /// Runs `body` with a local file holding the output (`file`: one of its folder's): the file
    /// itself where outputs are local, else a private copy deleted afterwards.
    private func withLocalFile<T>(_ location: String, _ file: String?, _ body: (String) throws -> T) throws -> T {
        if outputs.keepsOutputsLocally { return try body(try outputs.localCopy(location, file: file)) }
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw ScratchUnavailable(folder: scratch, cause: error)
        }
        let path = scratch + "/destination-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        try outputs.copy(location, file: file, to: path)
        return try body(path)
    }

    /// The node has nowhere to put its copy of an output for the upload (a disk that is full or
    /// read-only, a file where the folder should be): worth trying again later, and said plainly.
    struct ScratchUnavailable: Error, CustomStringConvertible {
        let folder: String
        let cause: Error
        var description: String {
            let posix = ((cause as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { String(cString: strerror(Int32(($0 as NSError).code))) }
            return "this node cannot make its copy for the upload in \(folder): \(posix ?? "\(cause)")"
        }
    }

    /// `s3://bucket/key` split.
    static func split(_ url: String) -> (bucket: String, key: String)? {
        guard url.hasPrefix("s3://") else { return nil }
        let rest = url.dropFirst(5)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return (String(rest[..<slash]), String(rest[rest.index(after: slash)...]))
    }

    /// An ETag without its quotes.
    static func bare(_ etag: String) -> String { etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
}
