import Crypto
import Foundation
@testable import ReelAPI
import ReelSpec
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// Projects and their keys, on both stores: what a key owned before projects moves to its project;
/// a key is rotated (a new one made, the old deleted) without orphaning anything; a deleted key is
/// refused by the next request on every node, and after a restart; a read key may only read; the
/// store holds hashes, never a secret.
final class ProjectKeysTests: XCTestCase {
    let alpha = "alpha-key-0123456789abcdef"
    let full = "acme-full-0123456789abcdef"
    let read = "acme-read-0123456789abcdef"

    private func backends() throws -> [StoreBackend] { [.sqlite, try StoreBackend.postgres()] }

    private static func env(_ backend: StoreBackend) -> [String: String] {
        if case .postgres(let url) = backend { return ["REEL_DATABASE_URL": url] }
        return [:]
    }

    private static func sha256(_ s: String) -> String { SHA256.hash(data: Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }

    func testRotationOrphansNothingAndADeletedKeyIsRefusedOnEveryNode() throws {
        for backend in try backends() {
            try backend.run { try rotation(backend) }
        }
    }

    private func rotation(_ backend: StoreBackend) throws {
        // What an earlier version left: rows owned by the key itself (its SHA-256), as before projects.
        let root = NSTemporaryDirectory() + "reel-keys-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        let old = try Self.openStore(backend, dataDir: root + "/data")
        let legacyOwner = Self.sha256(alpha)
        let template = try old.insertTemplate(keyID: legacyOwner, name: "before projects", spec: #"{"version":1}"#, placeholders: [])
        let spec = ServiceFixture.longSpec()
        let submission = JobSubmission(spec: spec, bodyHash: APIHandler.bodyHash(try JSONParser.parse(Array(spec.utf8))), idempotencyKey: "once",
                                       keyID: legacyOwner)
        guard case .created(let job) = try old.submit(submission) else { return XCTFail("the legacy job was not stored") }

        let env = Self.env(backend)
        var node1: ServiceFixture? = try ServiceFixture(keys: [alpha], env: env, root: root)
        var node2: ServiceFixture? = try ServiceFixture(keys: [alpha], env: env, root: root)
        let a1 = try node1!.client(key: alpha), a2 = try node2!.client(key: alpha)
        XCTAssertEqual(try a1.request("GET", "/v1/jobs/\(job.id)").status, 200, "the key's job is its project's now")
        XCTAssertEqual(try a2.request("GET", "/v1/templates/\(template.id)").status, 200)
        let asset = try node1!.uploadClip(key: alpha)

        // Rotation: a new full key, used instead, then the old one deleted.
        let made = try a1.json("POST", "/v1/keys", #"{"scope": "full"}"#)
        XCTAssertEqual(made.status, 201, made.text)
        XCTAssertEqual(made.header("Cache-Control"), "no-store")
        let secret = try XCTUnwrap(made.json["key"] as? String)
        let newID = try XCTUnwrap(made.json["id"] as? String)
        XCTAssertEqual(made.header("Location"), "/v1/keys/\(newID)")
        XCTAssertEqual(made.json["scope"] as? String, "full")
        XCTAssertTrue(secret.hasPrefix("reel_") && secret.count == 69, secret)
        let b1 = try node1!.client(key: secret), b2 = try node2!.client(key: secret)
        XCTAssertEqual(try b2.request("GET", "/v1/jobs/\(job.id)").status, 200, "the new key reaches the project's job on the other node at once")
        XCTAssertEqual(try b1.request("GET", "/v1/templates/\(template.id)").status, 200)
        XCTAssertEqual(try b1.request("GET", "/v1/assets/\(asset)").status, 200)
        let listed = try b1.request("GET", "/v1/jobs").json["jobs"] as? [[String: Any]]
        XCTAssertEqual(listed?.compactMap { $0["id"] as? String }, [job.id])
        let replay = try b1.json("POST", "/v1/jobs", spec, headers: [("Idempotency-Key", "once")])
        XCTAssertEqual(replay.json["id"] as? String, job.id, "idempotency keys are the project's too: \(replay.text)")

        let keyList = try b1.request("GET", "/v1/keys").json
        let keys = try XCTUnwrap(keyList["keys"] as? [[String: Any]])
        XCTAssertEqual(keys.count, 2, "\(keys)")
        // The project is named (as the console's header shows it): the apiKeys key's own, from its hash.
        let project = try XCTUnwrap(keyList["project"] as? String)
        XCTAssertTrue(project.hasPrefix("prj_") && project.count == 30, project)
        XCTAssertEqual(try node2!.client(key: secret).request("GET", "/v1/keys").json["project"] as? String, project, "the same on every node")
        let oldKey = try XCTUnwrap(keys.first { $0["configured"] as? Bool == true })
        let oldID = try XCTUnwrap(oldKey["id"] as? String)
        XCTAssertEqual(keys.first { $0["id"] as? String == newID }?["current"] as? Bool, true)
        XCTAssertNotNil(oldKey["lastUsedAt"] as? String, "the old key was used: \(oldKey)")
        XCTAssertFalse(try b1.request("GET", "/v1/keys").text.contains(secret), "no secret is listed")

        XCTAssertEqual(try b1.request("DELETE", "/v1/keys/\(oldID)").status, 204)
        for (client, node) in [(a1, "node 1"), (a2, "node 2")] {
            let refused = try client.request("GET", "/v1/jobs/\(job.id)")
            XCTAssertEqual(refused.status, 401, "the deleted key on \(node)")
            XCTAssertEqual(refused.header("WWW-Authenticate"), #"Bearer realm="reel", error="invalid_token""#)
        }
        XCTAssertEqual(try b1.request("DELETE", "/v1/keys/\(oldID)").status, 404, "gone already")
        let last = try b2.request("DELETE", "/v1/keys/\(newID)")
        XCTAssertEqual(last.status, 409, last.text)
        XCTAssertEqual(last.json["type"] as? String, "urn:reel:problem:last-full-key")

        // A restart with the old key still configured: it stays deleted; nothing is orphaned.
        node2 = nil
        node1 = nil
        let again = try ServiceFixture(keys: [alpha], env: env, root: root)
        XCTAssertEqual(try again.client(key: alpha).request("GET", "/v1/jobs").status, 401)
        let b = try again.client(key: secret)
        for path in ["/v1/jobs/\(job.id)", "/v1/templates/\(template.id)", "/v1/assets/\(asset)"] {
            XCTAssertEqual(try b.request("GET", path).status, 200, path)
        }

        // The store holds hashes only: no secret in any of its rows (nor in SQLite's files).
        let store = try Self.openStore(backend, dataDir: root + "/data")
        let text = try Self.everyValue(store)
        XCTAssertTrue(text.contains(Self.sha256(secret)), "the new key is stored, as its hash")
        for s in [alpha, secret] { XCTAssertFalse(text.contains(s), "a secret in the store") }
        if case .sqlite = backend {
            for file in ["reel.db", "reel.db-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: root + "/data/" + file))) ?? Data()
                for s in [alpha, secret] { XCTAssertNil(bytes.range(of: Data(s.utf8)), "\(file) holds a secret") }
            }
        }
    }

    func testAReadKeyIsRefusedOnEveryWriteRoute() throws {
        for backend in try backends() {
            try backend.run {
                var env = Self.env(backend)
                env["REEL_PROJECTS"] = #"{"acme": {"full": ["\#(full)"], "read": ["\#(read)"]}}"#
                let f = try ServiceFixture(env: env)
                let writer = try f.client(key: full), reader = try f.client(key: read)
                let job = try XCTUnwrap(try writer.json("POST", "/v1/jobs", ServiceFixture.longSpec()).json["id"] as? String)
                XCTAssertEqual(try reader.request("GET", "/v1/jobs/\(job)").status, 200, "one project: the read key sees the full key's job")
                XCTAssertEqual(try reader.request("HEAD", "/v1/jobs/\(job)").status, 200)
                XCTAssertEqual(try reader.request("GET", "/v1/keys").status, 200)

                let writes = RouteTable.rows.filter { $0.scope == .write }
                XCTAssertGreaterThan(writes.count, 12)
                // The POSTs that change nothing are a read key's: it may judge specs and draw frames.
                XCTAssertEqual(Set(RouteTable.rows.filter { $0.method == "POST" && $0.scope == .read }.map(\.pattern.text)),
                               ["/v1/validate", "/v1/probe", "/v1/waveform", "/v1/preview"])
                for row in writes {
                    let path = Self.path(row.pattern, id: job)
                    // A body where the route takes one (elsewhere a body is a 413 whoever sends it).
                    let body = row.body == .none ? [] : Array("{}".utf8)
                    let r = try TestClient(port: f.port, key: read).request(row.method, path, headers: [("Content-Type", "application/json")],
                                                                           body: body)
                    XCTAssertEqual(r.status, 403, "\(row.method) \(path): \(r.text)")
                    XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:read-only-key", "\(row.method) \(path)")
                }
                let after = try writer.request("GET", "/v1/jobs/\(job)")
                XCTAssertEqual(after.status, 200, "not deleted")
                XCTAssertTrue(["queued", "running"].contains(after.json["status"] as? String ?? ""), "not cancelled: \(after.text)")
                XCTAssertEqual((try writer.request("GET", "/v1/keys").json["keys"] as? [Any])?.count, 2, "no key was made")

                // A read key made through the API is refused the same way, and judges specs the same way.
                let made = try writer.json("POST", "/v1/keys", #"{"scope": "read"}"#)
                let secret = try XCTUnwrap(made.json["key"] as? String)
                let r = try f.client(key: secret).json("POST", "/v1/jobs", ServiceFixture.longSpec())
                XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:read-only-key", r.text)
                let judged = try f.client(key: secret).json("POST", "/v1/validate", ServiceFixture.longSpec())
                XCTAssertEqual(judged.status, 200, judged.text)
                XCTAssertEqual(judged.json["valid"] as? Bool, true, judged.text)
                XCTAssertEqual((try writer.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 1, "judging queued nothing")
                XCTAssertEqual(try f.client(key: secret).request("GET", "/v1/jobs/\(job)").status, 200)
                let bad = try writer.json("POST", "/v1/keys", #"{"scope": "admin", "name": 1}"#)
                XCTAssertEqual(bad.status, 422)
                XCTAssertEqual(Set((bad.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String } ?? []), ["/scope", "/name"])
            }
        }
    }

    func testAServerWithoutKeysHasNoProjectKeys() throws {
        let f = try ServiceFixture()
        for (method, path) in [("GET", "/v1/keys"), ("POST", "/v1/keys"), ("DELETE", "/v1/keys/key_01ARZ3NDEKTSV4RRFFQ69G5FAV")] {
            let r = try f.client().request(method, path, headers: [("Content-Type", "application/json")], body: method == "POST" ? Array("{}".utf8) : [])
            XCTAssertEqual(r.status, 409, "\(method) \(path)")
            XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:keys-not-configured")
        }
    }

    /// A path of `pattern` with its ids filled in: the job's for `{job_}`, a well-formed id otherwise.
    private static func path(_ pattern: RoutePattern, id job: String) -> String {
        "/" + pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let word): return word
            case .id(let prefix): return prefix == "job_" ? job : prefix + "01ARZ3NDEKTSV4RRFFQ69G5FAV"
            case .any: return "name"
            }
        }.joined(separator: "/")
    }

    private static func openStore(_ backend: StoreBackend, dataDir: String) throws -> SQLJobStore {
        switch backend {
        case .sqlite: return try SQLJobStore.sqlite(path: dataDir + "/reel.db")
        case .postgres(let url): return try SQLJobStore.postgres(url: url, dataDirectory: dataDir)
        }
    }

    /// Every value of every table of the store, as text.
    private static func everyValue(_ store: SQLJobStore) throws -> String {
        try store.backend.withConnection { db in
            let tables = store.backend is SQLiteBackend
                ? try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").rows.map { try $0.text("name") }
                : try db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()").rows.map { try $0.text("table_name") }
            XCTAssertTrue(tables.contains("api_keys"), "\(tables)")
            return try tables.map { table in
                try db.query("SELECT * FROM \(table)").rows.map { row in row.values.map { "\($0)" }.joined(separator: "|") }.joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }
}
