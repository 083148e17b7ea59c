import ReelBasics
import ReelEngine
import ReelHTTP

/// The web console at `/console/` (docs/API.md, "The console"): a page, a style sheet and two JavaScript
/// modules (the console, and the timeline editor it imports), compiled into the binary (no CDN, no build step, nothing to install beside `reel`).
/// It is a client of the public API like any other, in the browser, with the key the user signs
/// in with; the server only hands out these files, under a Content-Security-Policy that lets the
/// page load nothing but them and talk to nothing but this API.
enum ConsoleAssets {
    struct File {
        let type: String
        let body: [UInt8]
        let etag: String

        init(type: String, text: String) {
            self.type = type
            body = Array(text.utf8)
            etag = "\"" + Digests.sha256Hex(body).prefix(24) + "\""
        }
    }

    /// By the name after `/console/` ("" is the page).
    static let files: [String: File] = [
        "": File(type: "text/html; charset=utf-8", text: page),
        "index.html": File(type: "text/html; charset=utf-8", text: page),
        "app.js": File(type: "text/javascript; charset=utf-8", text: script),
        "editor.js": File(type: "text/javascript; charset=utf-8", text: editorScript),
        "style.css": File(type: "text/css; charset=utf-8", text: style + "\n" + editorStyle),
        "icon.svg": File(type: "image/svg+xml", text: icon),
    ]

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
