import Crypto
import Foundation
import ReelAPI
import TestSupport
import XCTest

/// API keys: required on every /v1/ route and /metrics, and every job, asset and idempotency key
/// scoped to the key that made it.
final class AccessTests: XCTestCase {
    let alpha = "alpha-key-0123456789abcdef"
    let beta = "beta-key-0123456789abcdef"

    func testKeysAreRequiredAndWrongKeysAre401() throws {
        let f = try ServiceFixture(keys: [alpha, beta])
        let none = try TestClient(port: f.port)
        let missing = try none.request("GET", "/v1/jobs")
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(missing.json["type"] as? String, "urn:reel:problem:unauthorized")
        XCTAssertTrue(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true, "\(missing.headers)")
        let wrong = try TestClient(port: f.port, key: alpha + "x").request("GET", "/v1/jobs")
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.header("WWW-Authenticate"), #"Bearer realm="reel", error="invalid_token""#)
        XCTAssertEqual(try none.request("GET", "/v1/jobs", headers: [("Authorization", "Basic " + alpha)]).status, 401)
        XCTAssertEqual(try none.request("GET", "/healthz").status, 200, "liveness stays open")
        XCTAssertEqual(try none.request("GET", "/metrics").status, 401)
        XCTAssertEqual(try f.client(key: beta).request("GET", "/metrics").status, 200)
        XCTAssertEqual(try none.request("GET", "/v1/jobs/job_x").status, 401, "401 before 404: ids are not probed")
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs", headers: [("Authorization", "bearer  " + alpha)]).status, 200,
                       "the scheme is case-insensitive")

        // An upload without a key is answered from its head: nothing is stored, the connection closes.
        let upload = try TestClient(port: f.port)
        let refused = try upload.request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4")], body: Array(repeating: 7, count: 200_000))
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.header("Connection"), "close")
        XCTAssertEqual(f.dataFiles("tmp"), [])
        XCTAssertEqual(f.dataFiles("assets"), [])
    }

    func testJobsAssetsAndIdempotencyKeysBelongToTheirKey() throws {
        let f = try ServiceFixture(keys: [alpha, beta])
        let a = try f.client(key: alpha), b = try f.client(key: beta)
        let asset = try f.uploadClip(key: alpha)
        XCTAssertEqual(try a.request("GET", "/v1/assets/\(asset)").status, 200)
        XCTAssertEqual(try b.request("GET", "/v1/assets/\(asset)").status, 404, "another key's asset does not exist for B")
        XCTAssertEqual(try b.request("DELETE", "/v1/assets/\(asset)").status, 404)
        let stolen = try b.json("POST", "/v1/jobs", ##"{ "version": 1, "timeline": { "videos": [ { "src": "upload:\##(asset)" } ] } }"##)
        XCTAssertEqual(stolen.status, 422, stolen.text)
        XCTAssertEqual(((stolen.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/timeline/videos/0/src")
        let probe = #"{ "src": "upload:\#(asset)" }"#
        XCTAssertEqual(try a.json("POST", "/v1/probe", probe).status, 200, "the owner probes it")
        let peek = try b.json("POST", "/v1/probe", probe)
        XCTAssertEqual(peek.status, 422, "another key's upload cannot be probed: \(peek.text)")
        XCTAssertEqual(((peek.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/src")
        XCTAssertTrue(peek.text.contains("names no uploaded asset"), peek.text)
        XCTAssertNil(peek.json["streams"], "nothing of the file is shown")

        let id = try f.submit(ServiceFixture.longSpec(extra: #", { "src": "upload:\#(asset)" }"#), key: alpha)
        for (method, path) in [("GET", "/v1/jobs/\(id)"), ("POST", "/v1/jobs/\(id)/cancel"), ("DELETE", "/v1/jobs/\(id)"),
                               ("GET", "/v1/jobs/\(id)/output"), ("GET", "/v1/jobs/\(id)/thumbnail")] {
            let r = try b.request(method, path)
            XCTAssertEqual(r.status, 404, "\(method) \(path) as another key: \(r.text)")
        }
        XCTAssertEqual((try b.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "B lists none of A's jobs")
        XCTAssertEqual((try a.request("GET", "/v1/jobs").json["jobs"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])
        XCTAssertEqual(try a.request("GET", "/v1/jobs/\(id)").status, 200)
        XCTAssertEqual(try a.request("POST", "/v1/jobs/\(id)/cancel").status, 202, "the owner can cancel it")

        // The same Idempotency-Key under two keys makes two jobs.
        let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##
        let ja = try a.json("POST", "/v1/jobs", spec, headers: [("Idempotency-Key", "order-1")])
        let jb = try b.json("POST", "/v1/jobs", spec, headers: [("Idempotency-Key", "order-1")])
        XCTAssertEqual(ja.status, 202, ja.text)
        XCTAssertEqual(jb.status, 202, jb.text)
        XCTAssertNotEqual(ja.json["id"] as? String, jb.json["id"] as? String)
    }

    /// The real server, asked with good and bad keys, writes none of them to its log, only the
    /// first 8 hex digits of each configured key's SHA-256.
    func testKeysNeverAppearInTheServerLog() throws {
        let root = NSTemporaryDirectory() + "reel-keylog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": alpha + "," + beta])
        let a = try TestClient(port: server.port, key: alpha)
        let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##
        let submitted = try a.json("POST", "/v1/jobs", spec)
        XCTAssertEqual(submitted.status, 202, submitted.text)
        let id = try XCTUnwrap(submitted.json["id"] as? String)
        XCTAssertEqual(try a.request("GET", "/v1/jobs/\(id)").status, 200)
        XCTAssertEqual(try a.request("GET", "/metrics").status, 200)
        XCTAssertEqual(try TestClient(port: server.port, key: beta).request("GET", "/v1/jobs/\(id)").status, 404)
        let anonymous = try TestClient(port: server.port)
        for header in ["Bearer \(alpha)x", "Bearer x\(beta)", "Basic \(alpha)", "Bearer \(alpha) \(beta)", alpha] {
            XCTAssertEqual(try anonymous.request("GET", "/v1/jobs", headers: [("Authorization", header)]).status, 401, header)
        }
        XCTAssertEqual(try TestClient(port: server.port, key: alpha + "x").json("POST", "/v1/jobs", spec).status, 401)
        XCTAssertTrue(server.terminate(), "the server exits after SIGTERM")
        var log = server.log
        Poll.until(seconds: 10, every: 0.05) {
            log = server.log
            return log.contains("\"stopped\"")
        }
        // The log is the real one: it has the requests and the job's project (named from the key's
        // hash: "prj_" and 26 hex digits of SHA-256("reel project\n" + the hash)), never the hash itself.
        XCTAssertTrue(log.contains("/v1/jobs/\(id)") && log.contains("\"stopped\""), log)
        func hex(_ s: String) -> String { SHA256.hash(data: Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertTrue(log.contains("\"project\":\"prj_" + hex("reel project\n" + hex(alpha)).prefix(26) + "\""), log)
        for key in [alpha, beta] {
            XCTAssertFalse(log.contains(hex(key)), "the hash of \(key) is logged")
            XCTAssertFalse(log.contains(key), "the key \(key) is in the log")
            XCTAssertFalse(log.contains(String(key.dropFirst(4).dropLast(4))), "part of the key \(key) is in the log")
        }
    }

    /// A documented placeholder is refused at start, naming the setting: the deploy files' own
    /// (each `CHANGE-ME` value of deploy/kubernetes/secret.yaml meant for Reel), the docs' spellings,
    /// in keys, project keys and secrets; a short link secret too. A real random value passes.
    func testPlaceholdersAndShortSecretsAreRefusedNamingTheSetting() throws {
        let manifest = try String(contentsOfFile: PythonClientTests.repo + "/deploy/kubernetes/secret.yaml", encoding: .utf8)
        let shipped = ModuleImportTests.matches(#"(?m)^\s*(REEL_(?:API_KEYS|LINK_SECRET|WEBHOOK_SECRET)):\s*"([^"]*)""#, in: manifest)
        XCTAssertEqual(shipped.sorted(), ["REEL_API_KEYS", "REEL_LINK_SECRET", "REEL_WEBHOOK_SECRET"], "the manifest's Reel secrets")
        // The error names the setting as it was given (here its environment variable).
        for name in shipped {
            let value = try XCTUnwrap(ModuleImportTests.firstMatch(#"(?m)^\s*"# + name + #":\s*"([^"]*)""#, in: manifest))
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: [name: value]), "\(name)=\(value)") { error in
                XCTAssertTrue("\(error)".contains(name), "\(error) names \(name)")
                XCTAssertTrue("\(error)".contains("placeholder"), "\(error)")
            }
        }
        for (name, value) in [("REEL_LINK_SECRET", "change-me-link-secret-0123456789"), ("REEL_API_KEYS", "a-real-key-0123456789,ChangeMe_please_0123456"),
                              ("REEL_WEBHOOK_SECRET", "CHANGEME0123456789abcdef")] {
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: [name: value]), "\(name)=\(value)")
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_PROJECTS": #"{"acme":{"full":["CHANGE-ME-to-a-long-random-key"]}}"#])) { error in
            XCTAssertTrue("\(error)".contains("REEL_PROJECTS.acme.full"), "\(error)")
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_LINK_SECRET": "short-secret"])) { error in
            XCTAssertTrue("\(error)".contains("REEL_LINK_SECRET"), "\(error)")
        }
        let real = "3f9c2a7d1e8b4c6a9d0e5f7a2b4c6d8e"
        XCTAssertNoThrow(try ServerConfiguration.load(path: nil, environment: ["REEL_API_KEYS": real + "k", "REEL_LINK_SECRET": real, "REEL_WEBHOOK_SECRET": real]))
    }

    func testWithoutKeysOnlyLoopbackIsServed() throws {
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_LISTEN": "0.0.0.0:8080"])) { error in
            let text = "\(error)"
            for name in ["apiKeys", "REEL_API_KEYS", "allowUnauthenticated", "REEL_ALLOW_UNAUTHENTICATED", "0.0.0.0"] {
                XCTAssertTrue(text.contains(name), "\(text) names \(name)")
            }
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_LISTEN": "[::]:8080"]))
        XCTAssertNoThrow(try ServerConfiguration.load(path: nil, environment: ["REEL_LISTEN": "0.0.0.0:8080", "REEL_ALLOW_UNAUTHENTICATED": "true"]))
        XCTAssertNoThrow(try ServerConfiguration.load(path: nil, environment: ["REEL_LISTEN": "0.0.0.0:8080", "REEL_API_KEYS": alpha]))
        for host in ["127.0.0.1", "127.1.2.3", "[::1]", "localhost"] {
            XCTAssertNoThrow(try ServerConfiguration.load(path: nil, environment: ["REEL_LISTEN": "\(host):8080"]), host)
        }
        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_API_KEYS": "short"]), "keys are at least 16 characters")

        // The real executable refuses to start, before binding anything, and says why.
        let p = Process()
        p.executableURL = ServerProcess.binary
        p.arguments = ["serve"]
        let root = NSTemporaryDirectory() + "reel-open-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        p.environment = ServerProcess.environment(["REEL_LISTEN": "0.0.0.0:0", "REEL_DATA_DIR": root + "/data"])
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertNotEqual(p.terminationStatus, 0)
        XCTAssertTrue(text.contains("apiKeys") && text.contains("allowUnauthenticated"), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/data/reel.db"), "nothing was started")
    }
}
