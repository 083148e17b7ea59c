import Foundation
import Logging
import ReelQueue

extension ReelService {
    /// Deletes chunk folders (`outputs/.chunks/<job id>`) that no attempt can use any more: their
    /// job was deleted while it ran, or ended in a way whose worker did not clean up (a process
    /// killed after the job was recorded, a node that lost the job while joining). A queued job's
    /// folder stays (its next attempt reuses the audio and the chunks already done), and so does a
    /// running job's. Part of the retention pass, so on shared storage one node sweeps at a time,
    /// and the first pass runs as the service starts. `.chunks` goes too once empty.
    static func sweepChunkFolders(in outputs: String, store: any JobStore, logger: Logger) {
        let root = outputs + "/.chunks"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        for name in names where isJobID(name) {
            let job: Job?
            do { job = try store.job(name) } catch {
                logger.warning("chunk folder sweep stopped: the job store cannot be read", metadata: ["error": "\(error)"])
                return
            }
            if let job, job.status == .queued || job.status == .running { continue }
            try? FileManager.default.removeItem(atPath: root + "/" + name)
            logger.info("removed the chunk folder of an ended job", metadata: ["jobId": "\(name)",
                                                                              "status": "\(job?.status.rawValue ?? "deleted")"])
        }
        // Refused while it holds anything (another job's folder, or one created meanwhile).
        rmdir(root)
    }

    /// `job_` and 26 ULID characters, as `outputName` reads them.
    static func isJobID(_ name: String) -> Bool {
        outputName(name + "-0")?.jobID == name
    }
}
