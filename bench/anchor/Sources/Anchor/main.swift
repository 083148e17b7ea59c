import Foundation
import Hummingbird

// Usage: Anchor PORT BODY_FILE. Answers GET /v1/jobs/{id} with the bytes of BODY_FILE (Reel's
// answer for the benchmark's job, so both servers send the same bytes) as application/json.
let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 8181 : 8181
let body = arguments.count > 2 ? (try Data(contentsOf: URL(fileURLWithPath: arguments[2]))) : Data(#"{"status":"ok"}"#.utf8)
let buffer = ByteBuffer(bytes: body)

let router = Router()
router.get("/v1/jobs/:id") { _, _ -> Response in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: buffer))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
