/// A complete request, handed to `HTTPHandler.handle` on a pool thread once its body is in.
public struct HTTPRequest: Sendable {
    public let head: HTTPRequestHead
    public let body: HTTPRequestBody

    public init(head: HTTPRequestHead, body: HTTPRequestBody = .none) {
        self.head = head
        self.body = body
    }
}
