/// Specs with `{{name}}` placeholders, each owned by an API key.
public protocol TemplateStore: AnyObject, Sendable {
    func insertTemplate(keyID: String, name: String?, description: String?, spec: String, placeholders: [String],
                        declarations: String?) throws -> Template
    func template(_ id: String, keyID: String) throws -> Template?
    func listTemplates(keyID: String, limit: Int, cursor: String?) throws -> (templates: [Template], nextCursor: String?)
    func deleteTemplate(_ id: String, keyID: String) throws -> Bool
}
