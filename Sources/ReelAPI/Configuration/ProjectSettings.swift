import ReelSpec
import ReelStore

/// A project of the configuration (`projects`, `REEL_PROJECTS`): its id and its keys, each `full`
/// or `read`. In JSON: `{"acme": {"full": ["KEY", …], "read": ["KEY", …]}, …}`; the environment
/// variable holds the same JSON text. Keys made through the API (`POST /v1/keys`) join a project
/// in the store; these are the ones a node starts with.
public struct ProjectSettings: Sendable, Equatable {
    public struct Key: Sendable, Equatable {
        public var secret: String
        public var scope: StoredKey.Scope
    }

    public var id: String
    public var keys: [Key]

    /// A project's id: letters, digits, `.`, `_` and `-`, up to 64, not starting with `prj_`
    /// (the projects of `apiKeys`' keys are named so).
    static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...64).contains(bytes.count), !id.hasPrefix("prj_") else { return false }
        return bytes.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 46 || $0 == 95 || $0 == 45 }
            && bytes[0] != 46 && bytes[0] != 45
    }

    /// Parses `projects` (`key` names it in errors: `projects.acme.read[1]`).
    static func parse(_ json: JSONValue, key: String) throws -> [ProjectSettings] {
        guard case .object(let members) = json else {
            throw ServerConfiguration.Problem(key: key, message: #"must be an object of projects: {"ID": {"full": [KEYS], "read": [KEYS]}}"#)
        }
        return try members.map { member in
            let (id, value) = (member.key, member.value)
            let at = "\(key).\(id)"
            guard isValidID(id) else {
                throw ServerConfiguration.Problem(key: at, message: "a project's id is 1 to 64 letters, digits, '.', '_' or '-', not starting with prj_")
            }
            guard case .object(let scopes) = value else { throw ServerConfiguration.Problem(key: at, message: #"must be {"full": [KEYS], "read": [KEYS]}"#) }
            var keys: [Key] = []
            for (scopeName, list) in scopes {
                guard let scope = StoredKey.Scope(rawValue: scopeName) else {
                    throw ServerConfiguration.Problem(key: "\(at).\(scopeName)", message: "is not a scope (full or read)")
                }
                guard case .array(let items) = list else { throw ServerConfiguration.Problem(key: "\(at).\(scopeName)", message: "must be an array of keys") }
                let secrets = try items.map { item -> String in
                    guard case .string(let s) = item else { throw ServerConfiguration.Problem(key: "\(at).\(scopeName)", message: "must be an array of keys") }
                    return s
                }
                keys += try ServerConfiguration.checkedKeys(secrets, key: "\(at).\(scopeName)").map { Key(secret: $0, scope: scope) }
            }
            guard !keys.isEmpty else { throw ServerConfiguration.Problem(key: at, message: "has no keys") }
            return ProjectSettings(id: id, keys: keys)
        }
    }
}
