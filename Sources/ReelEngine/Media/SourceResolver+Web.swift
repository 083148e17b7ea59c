import ReelStorage
import ReelFetch

extension SourceResolver {
    /// The `web` of a resolver that reads http(s) and `s3://` sources through a cache of web
    /// sources (the server's node cache, or the CLI's): a failure that may pass (a timeout, a 5xx)
    /// is `Unavailable`, so a job retries it; any other is a `Refusal`, which fails it.
    public static func web(_ sources: WebSources) -> @Sendable (String) throws -> String {
        { url in
            do throws(WebFailure) {
                return try sources.localCopy(url)
            } catch {
                if error.isTransient { throw Unavailable(src: url, reason: error.reason) }
                throw Refusal(src: url, reason: error.reason)
            }
        }
    }
}
