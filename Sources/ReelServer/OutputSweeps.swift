import Foundation
import Logging
import ReelStorage
import ReelStore

/// What may be deleted from the outputs, decided against the job store: leftovers of processes
/// killed mid-write, outputs no job refers to, chunk folders no attempt can use. Every name is read
/// through `MediaLocations`, so these rules cannot disagree with the writers about a name.
struct OutputSweeps {
    let locations: any MediaLocations
    let outputs: any OutputStore
    let chunks: any ChunkStore
    let store: any JobQueue
    let logger: Logger

    /// Deletes temporary render files (`PartialName`) whose writing process is gone, as after a
    /// crash; files of a live process (another server on the same data) are left alone. Nodes
    /// sharing the folder see each other's files but not each other's processes: a partial whose
    /// job is running that attempt is left alone (another node may be writing it); the attempt
    /// that follows a dead one removes its partials (`JobRun.removePartials`).
    func removeStalePartials() {
        for (partial, path) in locations.partialOutputs() where !partial.writerIsAlive {
            if let output = OutputName(partial.target) {
                // Unreadable store: keep the file (another node may be writing it); the next start sweeps it.
                let job: Job?
                do { job = try store.job(output.jobID) } catch { continue }
                if let job, job.status == .running, job.attempts == output.attempt { continue }
            }
            locations.remove(path)
            logger.info("removed a partial output", metadata: ["file": "\(path)"])
        }
    }

    /// Deletes outputs no job refers to: an output is kept while it is one of its job's recorded
    /// outputs (its one, or a named one) or its job is running that attempt (a finished render is published before the store
    /// records it). Anything else under an output's name was left by a process killed between the
    /// publish and the record, by a deletion cut short, or by a job that no longer exists. Local
    /// renders are swept, and, where outputs are kept elsewhere (a bucket), the outputs there too.
    /// Runs at start and in every retention pass.
    func removeUnreferencedOutputs() {
        // Locally by name: the recorded path may spell the data directory differently (another
        // node's); where outputs are kept elsewhere, a local file is only ever a render's scratch copy.
        let local = outputs.keepsOutputsLocally
        guard sweep(locations.outputs().map { ($0.name, $0.path) }, remove: locations.remove, recorded: { out, name, _ in
            local && (out.path as NSString).lastPathComponent == name.name
        }) else { return }
        if !local {
            // In a bucket, only the objects of jobs this store knows (stale attempts): a bucket and
            // prefix shared by mistake with another deployment, or a node started on an empty
            // store, must not lose every output. A deleted job's objects went with its deletion.
            _ = sweep(outputs.publishedOutputs(), remove: outputs.remove, unknownJobs: false,
                      recorded: { out, _, location in out.path == location })
        }
    }

    /// Removes the `candidates` no job refers to (`unknownJobs`: also those whose job the store
    /// does not have); false when the job store could not be read.
    private func sweep(_ candidates: [(name: OutputName, location: String)], remove: (String) -> Void, unknownJobs: Bool = true,
                       recorded: (JobOutput, OutputName, String) -> Bool) -> Bool {
        for (name, location) in candidates {
            let job: Job?
            do { job = try store.job(name.jobID) } catch {
                logger.warning("output sweep stopped: the job store cannot be read", metadata: ["error": "\(error)"])
                return false
            }
            if let job {
                if job.status == .running && job.attempts == name.attempt { continue }
                if job.allOutputs.contains(where: { !$0.expired && recorded($0, name, location) }) { continue }
            } else if !unknownJobs {
                continue
            }
            remove(location)
            logger.info("removed an output no job refers to", metadata: ["file": "\(location)", "jobId": "\(name.jobID)"])
        }
        return true
    }

    /// Deletes chunk folders that no attempt can use any more: their job was deleted while it
    /// ran, or ended in a way whose worker did not clean up (a process killed after the job was
    /// recorded, a node that lost the job while joining). A queued job's folder stays (its next
    /// attempt reuses the audio and the chunks already done), and so does a running job's. Part of
    /// the retention pass, so on shared storage one node sweeps at a time.
    func removeEndedChunkFolders() {
        for jobID in chunks.jobsWithPieces() {
            let job: Job?
            do { job = try store.job(jobID) } catch {
                logger.warning("chunk folder sweep stopped: the job store cannot be read", metadata: ["error": "\(error)"])
                return
            }
            if let job, job.status == .queued || job.status == .running { continue }
            chunks.removePieces(jobID: jobID)
            logger.info("removed the chunk folder of an ended job", metadata: ["jobId": "\(jobID)",
                                                                              "status": "\(job?.status.rawValue ?? "deleted")"])
        }
    }
}
