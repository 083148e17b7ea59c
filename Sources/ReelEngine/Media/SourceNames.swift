import Foundation

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
        let data = dataRoot.hasPrefix("/") ? dataRoot : FileManager.default.currentDirectoryPath + "/" + dataRoot
        self.dataRoot = data.hasSuffix("/") ? String(data.dropLast()) : data
        self.webCopies = webCopies.map { ($0.path, Self.shown($0.url)) }
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
        for copy in webCopies.sorted(by: { $0.path.count > $1.path.count }) {
            out = out.replacingOccurrences(of: copy.path, with: copy.url)
        }
        for root in Set([dataRoot, (dataRoot as NSString).resolvingSymlinksInPath]) {
            guard let uploads = try? Regex("\(NSRegularExpression.escapedPattern(for: root))/(?:assets/incoming|assets|cache/uploads)/(asset_[0-9A-Za-z]+)(?:\\.[0-9a-f]+)?"),
                  let other = try? Regex("\(NSRegularExpression.escapedPattern(for: root))/[^\\s:()\"']*") else { continue }
            out = out.replacing(uploads) { "upload:" + String($0.output[1].substring ?? "") }
            out = out.replacing(other) { _ in "a file of the server" }
        }
        if !mediaRoot.isEmpty && mediaRoot != "/" {
            out = out.replacingOccurrences(of: mediaRoot + "/", with: "")
        }
        return out
    }
}
