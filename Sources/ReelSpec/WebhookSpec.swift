/// Where and on which events the server POSTs the job as it changes (docs/API.md).
public struct WebhookSpec: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable {
        case succeeded, failed, canceled, progress
    }

    /// An `http` or `https` URL; whether its host is allowed is the server's decision.
    public var url: String
    /// Default: the three terminal events (progress is opt-in).
    public var events: [Event]

    public init(url: String, events: [Event] = [.succeeded, .failed, .canceled]) {
        self.url = url
        self.events = events
    }
}
