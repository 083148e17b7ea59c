public enum CancelResult: Sendable {
    /// A queued job was cancelled at once.
    case canceled(Job)
    /// A running job was asked to stop; its worker stops within a second.
    case requested(Job)
    case alreadyFinished(Job)
    case notFound
}
