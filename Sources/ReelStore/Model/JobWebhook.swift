/// A job's webhook: the URL and the events (`succeeded`, `failed`, `canceled`, `progress`) it gets.
public struct JobWebhook: Sendable, Equatable {
    public var url: String
    public var events: [String]

    public init(url: String, events: [String]) {
        self.url = url
        self.events = events
    }
}
