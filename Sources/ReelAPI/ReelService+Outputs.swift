import Foundation
import Logging
import ReelQueue

extension ReelService {
    /// Deletes outputs no job refers to: a file is `<job id>-<attempt>.<ext>` (or such a folder),
    /// kept while it is its job's recorded output or its job is running that attempt (a finished
    /// render is renamed into place before the store records it). Anything else under that name
    /// was left by a process killed between the rename and the record, by a deletion cut short, or
    /// by a job that no longer exists. Runs at start and in every retention pass.
    static func sweepUnreferencedOutputs(in dir: String, store: any JobStore, logger: Logger) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names {
            guard let (jobID, attempt) = outputName(name) else { continue }
            let job: Job?
            do { job = try store.job(jobID) } catch {
                logger.warning("output sweep stopped: the job store cannot be read", metadata: ["error": "\(error)"])
                return
            }
            if let job {
                if job.status == .running && job.attempts == attempt { continue }
                if let out = job.output, !out.expired, (out.path as NSString).lastPathComponent == name { continue }
            }
            try? FileManager.default.removeItem(atPath: dir + "/" + name)
            logger.info("removed an output no job refers to", metadata: ["file": "\(name)", "jobId": "\(jobID)"])
        }
    }

    /// `job_<26 ULID characters>-<attempt>` followed by nothing or `.ext`.
    static func outputName(_ name: String) -> (jobID: String, attempt: Int)? {
        let b = Array(name.utf8)
        let idLength = 4 + 26
        guard b.count > idLength + 1, name.hasPrefix("job_"), b[idLength] == UInt8(ascii: "-") else { return nil }
        guard b[4..<idLength].allSatisfy({ (48...57).contains($0) || (65...90).contains($0) }) else { return nil }
        var i = idLength + 1
        var attempt = 0
        while i < b.count, (48...57).contains(b[i]), attempt < 1_000_000 {
            attempt = attempt * 10 + Int(b[i] - 48)
            i += 1
        }
        guard i > idLength + 1, i == b.count || b[i] == UInt8(ascii: ".") else { return nil }
        return (String(name.prefix(idLength)), attempt)
    }
}
