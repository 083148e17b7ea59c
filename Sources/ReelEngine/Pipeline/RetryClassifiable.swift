/// An error that knows whether the work that failed could succeed when tried again unchanged
/// (`RenderError.isRetryable` asks its cause through this).
public protocol RetryClassifiable: Error {
    /// True for failures of the machine or the network rather than of the input.
    var isTransient: Bool { get }
}
