import ArgumentParser
import Foundation
import ReelAPI
import ReelEngine
import ReelStorage
import ReelFetch

/// How the CLI reads sources from the web: like the server (any public host, checked at every hop,
/// private hosts only when named), through a cache kept between runs: the layout of a data
/// directory's `sources/`, so `--cache ./data` shares the copies of a `reel serve` on this machine.
struct WebSourceOptions: ParsableArguments {
    @Option(name: .customLong("cache"),
            help: "Where sources from the web are kept between runs (default: $XDG_CACHE_HOME/reel, else ~/.cache/reel).")
    var cacheDirectory: String?

    @Option(name: .customLong("allow-host"),
            help: "A private host (name or address) whose URLs may be read too; repeat for more. Public hosts need no listing.")
    var allowedHosts: [String] = []

    /// The cache's folder: the option, else the user's cache directory.
    var cacheRoot: String {
        if let cacheDirectory { return cacheDirectory }
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/reel" }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.cache/reel"
    }

    /// A resolver for sources relative to `directory` and on the web, with the server's default limits.
    func resolver(mediaRoot directory: String) -> SourceResolver {
        let defaults = ServerConfiguration()
        let data = DataDirectory(root: cacheRoot)
        let sources = WebSources(folder: data.sources, validators: data.sourceValidators, limit: defaults.sourceCacheBytes,
                                 fetch: WebFetch(resolver: HostResolver(trusted: allowedHosts), maxBytes: defaults.sourceBytes,
                                                 maxSeconds: defaults.sourceSeconds))
        return SourceResolver(mediaRoot: directory, web: SourceResolver.web(sources))
    }
}
