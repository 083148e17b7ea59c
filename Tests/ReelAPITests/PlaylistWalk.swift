/// An HLS output walked as a player walks it: from the first URL, every URI of every playlist (its
/// plain lines and its `URI="…"` attributes), a relative one resolved against the playlist's folder
/// (the playlist's own query dropped), an absolute one kept.
enum PlaylistWalk {
    /// Every URL reached from `start`, in the order fetched. `fetch` gets each one and gives its
    /// text when it is a playlist to walk on, nil for a file that ends the path (a segment).
    static func walk(from start: String, fetch: (String) throws -> String?) rethrows -> [String] {
        var queue = [start], fetched: [String] = []
        while let url = queue.popLast() {
            fetched.append(url)
            guard let playlist = try fetch(url) else { continue }
            let folder = String(url.prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")) + "/"
            queue += uris(in: playlist).map { $0.hasPrefix("http") ? $0 : folder + $0 }
        }
        return fetched
    }

    /// The URIs a playlist names.
    static func uris(in playlist: String) -> [String] {
        playlist.split(separator: "\n").compactMap { line -> String? in
            if !line.hasPrefix("#") { return String(line) }
            guard let at = line.range(of: "URI=\"") else { return nil }
            return String(line[at.upperBound...].prefix { $0 != "\"" })
        }
    }
}
