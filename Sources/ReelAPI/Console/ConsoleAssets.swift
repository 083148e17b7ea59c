import Foundation
import ReelBasics
import ReelEngine
import ReelHTTP

/// The web console at `/console/` (docs/API.md, "The console"): the files of the repository's
/// `console/` folder (a page, style sheets, ES modules), built into the binary by
/// scripts/console_embed.py as `ConsoleFiles.swift` (no CDN, no build step at run time, nothing to
/// install beside `reel`).
/// It is a client of the public API like any other, in the browser, with the key the user signs
/// in with; the server only hands out these files, under a Content-Security-Policy that lets the
/// page load nothing but them and talk to nothing but this API.
enum ConsoleAssets {
    struct File {
        let type: String
        let body: [UInt8]
        let etag: String

        init(type: String, body: [UInt8]) {
            self.type = type
            self.body = body
            etag = "\"" + Digests.sha256Hex(body).prefix(24) + "\""
        }
    }

    /// By the path after `/console/` ("" is the page, `index.html`).
    static let files: [String: File] = {
        var files: [String: File] = [:]
        for (path, type, base64) in embedded {
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                preconditionFailure("ConsoleFiles.swift holds \(path) in base64 that does not decode: run scripts/console_embed.py")
            }
            files[path] = File(type: type, body: [UInt8](data))
        }
        files[""] = files["index.html"]
        return files
    }()

    /// Scripts and styles from this server only (no inline code); images and media also as blobs
    /// (thumbnails fetched with the key) and, for media, a bucket's presigned `https:` link; calls to
    /// this API only; no frames, forms elsewhere or base URL tricks.
    static let securityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: https:; "
        + "media-src 'self' blob: https:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// The answer to `GET`/`HEAD /console/NAME`.
    static func response(_ name: String, ifNoneMatch: String?) -> HTTPResponse? {
        guard let file = files[name] else { return nil }
        var headers: HTTPHeaders = ["Content-Type": file.type, "Content-Security-Policy": securityPolicy,
                                    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                                    "Cache-Control": "no-cache", "ETag": file.etag]
        if ifNoneMatch == file.etag {
            headers.set("Content-Length", String(file.body.count))
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(file.body))
    }
}
