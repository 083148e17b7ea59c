import Foundation
import ReelEngine
import ReelHTTP
import ReelStore
import ReelSpec

extension APIHandler {
    /// `POST /v1/templates` `{"name": …, "description": …, "spec": {…}, "placeholders": {…}}`: stores a spec with
    /// placeholders once its structure is valid as far as it can be without the values (problems
    /// at `/spec/…`), and its typed placeholders once each declaration is (at `/placeholders/…`).
    func createTemplate(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let members = try jsonObject(r)
        var problems = members.filter { !["name", "description", "spec", "placeholders"].contains($0.key) }
            .map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        var name: String?
        switch members.first(where: { $0.key == "name" })?.value {
        case nil, .null?: break
        case .string(let s)? where !s.isEmpty && s.count <= 200: name = s
        default: problems.append(SpecProblem(pointer: "/name", message: "must be a string of 1 to 200 characters"))
        }
        var description: String?
        switch members.first(where: { $0.key == "description" })?.value {
        case nil, .null?: break
        case .string(let s)? where !s.isEmpty && s.count <= 2000: description = s
        default: problems.append(SpecProblem(pointer: "/description", message: "must be a string of 1 to 2000 characters"))
        }
        guard let spec = members.first(where: { $0.key == "spec" })?.value, case .object = spec else {
            problems.append(SpecProblem(pointer: "/spec", message: "is required and must be a job spec object"))
            throw ProblemError(.validation(problems))
        }
        let declarations = members.first(where: { $0.key == "placeholders" })?.value
        // The request's `placeholders` is an object when given (openapi.yaml); a stored template's
        // absent declarations are read as null elsewhere, which is why the reader accepts it.
        if declarations == .null { problems.append(SpecProblem(pointer: "/placeholders", message: "must be an object of placeholder declarations by name")) }
        let names = TemplateDocument(spec).names
        let (declared, declarationProblems) = Placeholder.declarations(declarations, pointer: "/placeholders", used: names)
        let document = TemplateDocument(spec, declared: declared)
        problems += document.structuralProblems().map { SpecProblem(pointer: "/spec" + $0.pointer, message: $0.message) }
        problems += declarationProblems
        if declarationProblems.isEmpty { problems += document.defaultProblems(pointer: "/placeholders") }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let stored = declared.isEmpty ? nil : JSONValue.object(declared.map { ($0.name, $0.json) }).serialized
        let template = try store.insertTemplate(keyID: key, name: name, description: description, spec: spec.serialized,
                                                placeholders: document.names, declarations: stored)
        logger.info("template stored", metadata: ["templateId": "\(template.id)", "project": "\(KeyRing.logName(key))"])
        return JobJSON.template(template).response(201, headers: [("Location", "/v1/templates/\(template.id)")])
    }

    func getTemplate(_ id: String, key: String) throws -> HTTPResponse {
        guard let t = try store.template(id, keyID: key) else { throw ProblemError(.notFound("no template \(id)")) }
        return JobJSON.template(t).response(200)
    }

    func listTemplates(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        var problems: [SpecProblem] = []
        let (limit, cursor) = pageParameters(r, &problems)
        let includeSpec = includesSpec(r, &problems)
        if !problems.isEmpty { throw ProblemError(.validation(problems, detail: "the query parameters are not valid")) }
        let page = try store.listTemplates(keyID: key, limit: limit, cursor: cursor)
        return JSONValue.object([
            ("templates", .array(page.templates.map { JobJSON.template($0, includeSpec: includeSpec) })),
            ("nextCursor", page.nextCursor.map { .string(Cursor.encode($0)) } ?? .null),
        ]).response(200)
    }

    func deleteTemplate(_ id: String, key: String) throws -> HTTPResponse {
        guard try store.deleteTemplate(id, keyID: key) else { throw ProblemError(.notFound("no template \(id)")) }
        logger.info("template deleted", metadata: ["templateId": "\(id)"])
        return HTTPResponse(status: 204)
    }

    /// `POST /v1/jobs` `{"template": "tpl_…", "merge": {…}}`: fills the placeholders, then
    /// validates and queues the merged spec like any other. Problems with the request or the merge
    /// values are at their pointers in the body (`/merge/NAME`); problems of the merged spec at
    /// their pointers in the merged spec, which the job shows as its `spec`. A merged spec may be no
    /// longer than a spec sent as the body (`limits.jsonBodyBytes`), checked before it is built.
    func submitFromTemplate(_ members: [(key: String, value: JSONValue)], _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (merged, id) = try mergedTemplate(members, key: key)
        return try inMergedSpec(id) {
            try queue(merged, text: merged.serialized, bodyHash: APIHandler.bodyHash(.object(members)), r, key: key, templateID: id)
        }
    }

    /// The spec a `{"template", "merge"}` request makes, and the template's id; a 422 for what is
    /// wrong with the request or its merge values.
    /// `preview`: a preview's, where defaults fill required placeholders too (`TemplateDocument.merged`).
    func mergedTemplate(_ members: [(key: String, value: JSONValue)], key: String, preview: Bool = false) throws -> (spec: JSONValue, templateID: String) {
        var problems = members.filter { $0.key != "template" && $0.key != "merge" }
            .map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        var values: [(key: String, value: JSONValue)] = []
        switch members.first(where: { $0.key == "merge" })?.value {
        case nil: break
        case .object(let m)?: values = m
        default: problems.append(SpecProblem(pointer: "/merge", message: "must be an object of placeholder values"))
        }
        guard case .string(let id)? = members.first(where: { $0.key == "template" })?.value else {
            problems.append(SpecProblem(pointer: "/template", message: "must be a template id"))
            throw ProblemError(.validation(problems))
        }
        guard let template = try store.template(id, keyID: key) else {
            problems.append(SpecProblem(pointer: "/template", message: "names no template"))
            throw ProblemError(.validation(problems))
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        let document = try TemplateDocument(stored: template)
        let merged: JSONValue
        switch document.merged(values, limit: config.jsonBodyBytes, preview: preview) {
        case .success(let m): merged = m
        case .failure(let p): throw ProblemError(.validation(p.problems, detail: "the merge values do not fit template \(id); see errors"))
        }
        return (merged, id)
    }

    /// `body`, whose validation problems are at pointers into the spec merged from template `id`.
    func inMergedSpec<T>(_ id: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as ProblemError where e.problem.type == "validation" {
            throw ProblemError(.validation(e.problem.errors, detail: "the spec merged from template \(id) is not valid; "
                                           + "each pointer is into the merged spec"))
        }
    }

    /// A JSON body, as its bytes and parsed; a 415 (not JSON), 413 or 422 (malformed, at `""`).
    func jsonDocument(_ r: HTTPRequest) throws -> (bytes: [UInt8], json: JSONValue) {
        let body = try jsonBody(r)
        do { return (body, try JSONParser.parse(body)) } catch {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: (error as? JSONParser.SyntaxError)?.description ?? "\(error)")]))
        }
    }

    /// The members of a JSON object body, or a 415/422.
    func jsonObject(_ r: HTTPRequest) throws -> [(key: String, value: JSONValue)] {
        let json = try jsonDocument(r).json
        guard case .object(let members) = json else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "must be an object")]))
        }
        return members
    }
}
