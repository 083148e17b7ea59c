/// A stored spec with `{{name}}` placeholders, owned by the key that stored it.
public struct Template: Sendable, Equatable {
    public var id: String
    public var keyID: String
    public var name: String?
    /// What it makes and what to change, for people choosing one.
    public var description: String?
    /// The spec's JSON text as stored (placeholders unfilled).
    public var spec: String
    /// The placeholder names, in order of first use.
    public var placeholders: [String]
    /// The typed placeholders the template declares, as a JSON object by name (the API reads it);
    /// nil where none are declared.
    public var declarations: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64

    public init(id: String, keyID: String, name: String?, description: String? = nil, spec: String, placeholders: [String],
                declarations: String? = nil, createdAt: Int64) {
        self.id = id
        self.keyID = keyID
        self.name = name
        self.description = description
        self.spec = spec
        self.placeholders = placeholders
        self.declarations = declarations
        self.createdAt = createdAt
    }
}
