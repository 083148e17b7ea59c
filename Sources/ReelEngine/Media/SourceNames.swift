import Foundation
import ReelSpec

/// Rewrites the server's own file paths in a message a client reads (a job's error, a problem's
/// detail) into the names the client gave: a source under the media root as its relative path, an
/// upload as `upload:ID`, a web source as its URL without the query (which may hold a signature),
/// and any other file of the data directory as "a file of the server". Clients never learn where
/// the server keeps things.
public struct SourceNames: Sendable {
    let mediaRoot: String
    let dataRoot: String
    /// Local copies of web sources, and the URL each stands for.
    let webCopies: [(path: String, url: String)]

    public init(mediaRoot: String, dataRoot: String, webCopies: [(path: String, url: String)] = []) {
        self.mediaRoot = mediaRoot.hasSuffix("/") ? String(mediaRoot.dropLast()) : mediaRoot
        self.dataRoot = dataRoot.hasSuffix("/") ? String(dataRoot.dropLast()) : dataRoot
        self.webCopies = webCopies.map { ($0.path, Self.shown($0.url)) }
    }

    /// A folder's spellings in messages: as configured (`./data`), absolute, and without symbolic links.
    static func spellings(_ root: String) -> [String] {
        guard !root.isEmpty, root != "/" else { return [] }
        let absolute = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
        let standard = (absolute as NSString).standardizingPath
        let spellings = [root, absolute, standard, (standard as NSString).resolvingSymlinksInPath]
        return spellings.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.sorted { $0.count > $1.count }
    }

    /// A URL as a client may see it again: without its query and fragment.
    static func shown(_ url: String) -> String {
        guard var c = URLComponents(string: url) else { return url }
        c.query = nil
        c.fragment = nil
        c.user = nil
        c.password = nil
        return c.string ?? url
    }

    public func clientFacing(_ text: String) -> String {
        var out = text
        // A path starts a message or follows a space, a quote, a bracket, `=` or an image
        // sequence's `sequence:`; never mid-word (`https://host/data/…` is not the data directory).
        let edge = "(^|[\\s\"'(=\\[]|sequence:)"
        func replace(_ pattern: String, _ with: (Regex<AnyRegexOutput>.Match) -> String) {
            guard let regex = try? Regex(edge + pattern) else { return }
            out = out.replacing(regex) { m in (m.output[1].substring.map(String.init) ?? "") + with(m) }
        }
        for copy in webCopies.sorted(by: { $0.path.count > $1.path.count }) {
            replace(NSRegularExpression.escapedPattern(for: copy.path)) { _ in copy.url }
        }
        for root in Self.spellings(dataRoot) {
            let r = NSRegularExpression.escapedPattern(for: root)
            replace(r + "/(?:assets/incoming|assets|cache/uploads)/(asset_[0-9A-Za-z]+)(?:\\.[0-9a-f]+)?") { m in
                SourceScheme.upload(m.output[2].substring.map(String.init) ?? "")
            }
            replace(r + "/[^\\s:()\"']*") { _ in "a file of the server" }
        }
        for root in Self.spellings(mediaRoot) {
            replace(NSRegularExpression.escapedPattern(for: root) + "/") { _ in "" }
        }
        return out
    }
}
