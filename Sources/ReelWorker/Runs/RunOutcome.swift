import ReelEngine
import ReelStorage
import ReelStore

/// What a run's failure means for its job or chunk, decided in one place for every run (a job's or
/// a chunk's; planning, rendering or publishing), as River's executor maps every outcome once.
enum RunOutcome: Equatable {
    /// The run stopped itself (its job cancelled, the pool stopping): its `StopReason` says which.
    case stopped
    /// The storage was out for longer than a run waits (`StorageWait`): not the job's fault, so
    /// the job or chunk is given back without spending its attempt.
    case givenBack
    /// Failed with `code` for the job's error; tried again while attempts remain when `retry`.
    case failed(JobError.Code, retry: Bool)

    init(_ error: any Error) {
        if case RenderError.cancelled = error { self = .stopped; return }
        if StorageOutage.isOutage(error) { self = .givenBack; return }
        switch error {
        case let failure as ChildFailure:
            // A render child's end: what it reported, or a crash, a limit or a stall (retried).
            self = .failed(failure.code, retry: failure.retry)
        case let failure as SpecPlanning.Failure:
            // A source that could not be reached for a passing reason is tried again; a spec that
            // cannot be rendered is not.
            self = .failed(failure.isRetryable ? .sourceUnavailable : .invalid, retry: failure.isRetryable)
        case let e as RenderError:
            // A damaged source or an invalid spec fails at once; a failure of the machine or the
            // network (out of memory, a dropped connection, a full disk) is tried again.
            switch e {
            case .invalid: self = .failed(.invalid, retry: false)
            case .source: self = .failed(.sourceFailed, retry: e.isRetryable)
            case .output, .cancelled: self = .failed(.renderFailed, retry: e.isRetryable)
            }
        default:
            // Anything else is the machine's (a file that could not be hashed, published or
            // recorded): tried again.
            self = .failed(.renderFailed, retry: true)
        }
    }
}
