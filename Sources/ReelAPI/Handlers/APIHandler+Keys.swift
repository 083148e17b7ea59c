import Foundation
import Logging
import ReelHTTP
import ReelSpec
import ReelStore

/// A project's keys (`/v1/keys`): made, listed and deleted by the project's full keys, so a key
/// is rotated by making a new one, switching to it and deleting the old: what the project owns
/// stays where it is.
extension APIHandler {
    /// Records the configured keys in the store (where every request's key is looked up) and
    /// moves what each owned before projects to its project. A configured key deleted through the
    /// API stays refused: the log says so, to have it removed from the configuration.
    public static func registerKeys(_ config: ServerConfiguration, in store: any KeyStore, logger: Logger) throws {
        let ring = KeyRing(config)
        guard !ring.isEmpty else { return }
        for key in try store.registerConfiguredKeys(ring.configured) where key.deletedAt != nil {
            logger.warning("a configured key was deleted through the API and is refused; remove it from the configuration",
                           metadata: ["keyId": "\(key.id)", "project": "\(key.project)"])
        }
    }

    /// `POST /v1/keys` `{"scope": "full"|"read"}` (full when absent): a new key of the caller's
    /// project; its secret is in this answer only.
    func createKey(_ r: HTTPRequest, project: String) throws -> HTTPResponse {
        try keysConfigured()
        let members = try jsonObject(r)
        var problems = members.filter { $0.key != "scope" }.map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        var scope = StoredKey.Scope.full
        switch members.first(where: { $0.key == "scope" })?.value {
        case nil: break
        case .string(let s)? where StoredKey.Scope(rawValue: s) != nil: scope = StoredKey.Scope(rawValue: s)!
        default: problems.append(SpecProblem(pointer: "/scope", message: "must be \"full\" or \"read\""))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let secret = KeyRing.newSecret()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let key = StoredKey(id: "key_" + ULID.make(millis: now), project: project, scope: scope, hash: KeyRing.hash(secret),
                            configured: false, createdAt: now)
        try store.insertKey(key)
        logger.info("key created", metadata: ["keyId": "\(key.id)", "project": "\(project)", "scope": "\(scope.rawValue)"])
        var members2 = Self.keyMembers(key)
        members2.insert(("key", .string(secret)), at: 1)
        return JSONValue.object(members2).response(201, headers: [("Location", "/v1/keys/\(key.id)"), ("Cache-Control", "no-store")])
    }

    /// `GET /v1/keys`: the project's keys, oldest first, without secrets.
    func listKeys(project: String, caller: StoredKey?) throws -> HTTPResponse {
        try keysConfigured()
        let keys = try store.keys(project: project).map { key -> JSONValue in
            .object(Self.keyMembers(key) + [("current", .bool(key.id == caller?.id))])
        }
        return JSONValue.object([("project", .string(project)), ("keys", .array(keys))]).response(200)
    }

    /// `DELETE /v1/keys/{id}`: refused from the next request on, on every node. A project keeps
    /// at least one full key (409 `last-full-key`).
    func deleteKey(_ id: String, project: String) throws -> HTTPResponse {
        try keysConfigured()
        switch try store.deleteKey(id, project: project) {
        case .deleted:
            logger.info("key deleted", metadata: ["keyId": "\(id)", "project": "\(project)"])
            return HTTPResponse(status: 204)
        case .notFound: throw ProblemError(.notFound("no key \(id)"))
        case .lastFullKey:
            throw ProblemError(.conflict("last-full-key", "\(id) is the project's last full key: make another full key first (POST /v1/keys)"))
        }
    }

    /// Keys belong to projects, which a server without keys has none of.
    private func keysConfigured() throws {
        guard keys.isEmpty else { return }
        throw ProblemError(.conflict("keys-not-configured", "this server runs without API keys, so it has no projects to hold keys; "
                                     + "configure apiKeys (REEL_API_KEYS) or projects (REEL_PROJECTS)"))
    }

    private static func keyMembers(_ key: StoredKey) -> [(key: String, value: JSONValue)] {
        [("id", .string(key.id)), ("scope", .string(key.scope.rawValue)), ("configured", .bool(key.configured)),
         ("createdAt", .string(JobJSON.timestamp(key.createdAt))),
         ("lastUsedAt", key.lastUsedAt.map { .string(JobJSON.timestamp($0)) } ?? .null)]
    }
}
