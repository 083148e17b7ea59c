import Foundation
import Glibc
import ReelHTTP

/// The application used by the server tests. Routes:
/// `GET /hello`, `POST /echo` (buffer ≤ 1 MiB), `POST /json` (buffer ≤ 64 B), `POST /upload`
/// (file ≤ 256 KiB), `POST /upload-keep` (moves the upload away), `GET /file?offset=&length=`,
/// `POST /refused-upload` (body left unread, 401), `GET /missing-file`, `GET /sleep?ms=&tag=`, `GET /path…` (echoes the decoded path and query),
/// `GET /remote`, `GET /inline` (answered on the event loop by `respondInline`), `GET /stream?limit=&heartbeat=` (a
/// `ResponseStream` the test feeds, kept in `streams`), `GET /growing?offset=&length=` (a `GrowingFile` of an empty
/// file the test writes, kept in `growingFiles`). Errors from the server come back as problem+json from `reject`.
final class TestHandler: HTTPHandler, @unchecked Sendable {
    let uploadDirectory: String
    let keepDirectory: String
    let filePath: String
    private let lock = NSLock()
    private var handled = 0
    private var rejected: [(status: Int, reason: String)] = []
    private var uploads: [(path: String, bytes: Int64, content: [UInt8])] = []
    /// Signalled when a `/sleep` request starts.
    let sleepStarted = DispatchSemaphore(value: 0)
    /// Heads the server has read and asked about (`bodyPolicy`, on the event loop): once it moves,
    /// the server has read everything a client sent up to that head.
    var headsRead: Int { lock.lock(); defer { lock.unlock() }; return heads }
    private var heads = 0
    private var opened: [ResponseStream] = []
    /// The streams `GET /stream` answered with, in order.
    var streams: [ResponseStream] { lock.lock(); defer { lock.unlock() }; return opened }
    private var growingOpened: [(path: String, file: GrowingFile)] = []
    /// The files `GET /growing` answered with (empty when answered), for the test to write.
    var growingFiles: [(path: String, file: GrowingFile)] { lock.lock(); defer { lock.unlock() }; return growingOpened }

    init(uploadDirectory: String, keepDirectory: String, filePath: String) {
        self.uploadDirectory = uploadDirectory
        self.keepDirectory = keepDirectory
        self.filePath = filePath
    }

    var handledCount: Int { lock.lock(); defer { lock.unlock() }; return handled }
    var rejections: [(status: Int, reason: String)] { lock.lock(); defer { lock.unlock() }; return rejected }
    var receivedUploads: [(path: String, bytes: Int64, content: [UInt8])] { lock.lock(); defer { lock.unlock() }; return uploads }

    func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy {
        lock.lock()
        heads += 1
        lock.unlock()
        switch head.path {
        case "/echo": return .buffer(maxBytes: 1 << 20)
        case "/json": return .buffer(maxBytes: 64)
        case "/upload", "/upload-keep": return .file(directory: uploadDirectory, maxBytes: 256 * 1024)
        case "/upload-nowhere": return .file(directory: "/nonexistent-reel-dir", maxBytes: 1024)
        case "/refused-upload": return .unread
        default: return .none
        }
    }

    func respondInline(to head: HTTPRequestHead) -> HTTPResponse? {
        head.path == "/inline" ? .text(200, "inline \(head.queryValue("n") ?? "")") : nil
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        lock.lock()
        handled += 1
        lock.unlock()
        let head = request.head
        switch head.path {
        case "/hello":
            return .text(200, "hello")
        case "/refused-upload":
            return request.body == .none ? .text(401, "no credentials") : .text(500, "a body was read")
        case "/echo", "/json":
            guard case .data(let bytes) = request.body else { return .text(500, "expected data") }
            var response = HTTPResponse(status: 200, headers: ["X-Method": head.method, "Content-Length": "999"], body: .bytes(bytes))
            response.headers.add("X-Tag", head.queryValue("tag") ?? "")
            return response
        case "/upload", "/upload-keep":
            guard case let .file(path, bytes) = request.body else { return .text(500, "expected a file") }
            let content = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
            lock.lock()
            uploads.append((path, bytes, content))
            lock.unlock()
            if head.path == "/upload-keep" {
                rename(path, keepDirectory + "/kept")
            }
            return .json(201, Array("{\"bytes\":\(bytes)}".utf8))
        case "/file":
            let size = (try? FileManager.default.attributesOfItem(atPath: filePath)[.size] as? Int64) ?? 0
            let offset = head.queryValue("offset").flatMap { Int64($0) } ?? 0
            let length = head.queryValue("length").flatMap { Int64($0) } ?? (size - offset)
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"],
                                body: .file(path: filePath, offset: offset, length: length))
        case "/missing-file":
            return HTTPResponse(status: 200, body: .file(path: "/nonexistent-reel-file", offset: 0, length: 10))
        case "/sleep":
            sleepStarted.signal()
            let ms = head.queryValue("ms").flatMap { UInt32($0) } ?? 100
            usleep(ms * 1000)
            return .text(200, "slept \(head.queryValue("tag") ?? "")")
        case "/remote":
            return .text(200, head.remoteAddress)
        case "/growing":
            let path = uploadDirectory + "/growing-\(UUID().uuidString)"
            let file = GrowingFile()
            guard FileManager.default.createFile(atPath: path, contents: nil), (try? file.open(path)) != nil else { return .text(500, "no file") }
            lock.lock()
            growingOpened.append((path, file))
            lock.unlock()
            return HTTPResponse(status: 200, body: .growingFile(file, offset: head.queryValue("offset").flatMap { Int64($0) } ?? 0,
                                                                length: head.queryValue("length").flatMap { Int64($0) } ?? 0))
        case "/stream":
            let stream = ResponseStream(limit: head.queryValue("limit").flatMap { Int($0) } ?? (1 << 20),
                                        heartbeat: Array(": beat\n".utf8),
                                        heartbeatSeconds: head.queryValue("heartbeat").flatMap { Double($0) } ?? 60)
            lock.lock()
            opened.append(stream)
            lock.unlock()
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
        default:
            if head.path.hasPrefix("/path") {
                let query = head.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
                return .text(200, "\(head.path)|\(query)")
            }
            return .text(404, "no route for \(head.path)")
        }
    }

    func reject(_ head: HTTPRequestHead?, requestID: String, status: Int, reason: String) -> HTTPResponse {
        lock.lock()
        rejected.append((status, reason))
        lock.unlock()
        let body = "{\"status\":\(status),\"title\":\"\(HTTPStatus.reasonPhrase(status))\"}"
        return HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"], body: .bytes(Array(body.utf8)))
    }
}
