import ReelSpec
import ReelStorage

/// Where one server keeps what clients name — its media root, its data folder, its copies of web
/// sources — so that a message about any spec can be given back in the client's names
/// (`SourceNames`). Made once per server (`WorkerPool.naming`); each job's names come from the
/// sources its spec already holds, decoded once where the job is read, never from its text again.
public struct SourceNaming: Sendable {
    public let mediaRoot: String
    public let dataRoot: String
    /// The node's cache of web sources; nil where it fetches none (then no copy is named).
    public let webSources: WebSources?

    public init(mediaRoot: String, dataRoot: String, webSources: WebSources?) {
        self.mediaRoot = mediaRoot
        self.dataRoot = dataRoot
        self.webSources = webSources
    }

    /// The names for a job whose web and bucket sources are `remote`.
    public func names(remote: [String]) -> SourceNames {
        SourceNames(mediaRoot: mediaRoot, dataRoot: dataRoot,
                    webCopies: remote.compactMap { url in webSources?.copyPath(of: url).map { ($0, url) } })
    }

    /// The names for a decoded spec (nil: one that does not decode, which names no web source).
    public func names(of spec: JobSpec?) -> SourceNames { names(remote: spec?.timeline.remoteSources ?? []) }

    /// The names for a spec that may not decode: its sources found where the spec reads media.
    public func names(of json: JSONValue) -> SourceNames {
        names(remote: SourceCheck.mediaSources(in: json).map(\.src).filter { SourceScheme($0).isRemote })
    }
}
