import Foundation
import ReelEngine
import ReelSpec

/// A spec file read from disk, with the directory its relative sources resolve against.
struct SpecFile {
    let path: String
    let spec: JobSpec
    let directory: String

    /// Reads and decodes the spec; throws `CLIError` with every problem listed.
    ///
    /// With `outputPath` (`reel render -o`), the file's extension and the spec's `output.format`
    /// must agree: a spec that names no format takes the extension's, and one that names another
    /// is refused rather than written in a format the file's name denies.
    static func load(_ path: String, outputPath: String? = nil) throws -> SpecFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            let message = (error as? JSONParser.SyntaxError)?.description ?? "invalid JSON: \(error)"
            throw CLIError(problemList(path, [SpecProblem(pointer: "", message: message)]))
        }
        if let outputPath, let implied = OutputFormat(fileExtension: URL(fileURLWithPath: outputPath).pathExtension) {
            switch json.member("output")?.member("format") {
            case .string(let named)? where named != implied.rawValue:
                throw CLIError("\(outputPath) names a .\(URL(fileURLWithPath: outputPath).pathExtension) file, but \(path) asks for output.format \"\(named)\"")
            case nil:
                json = json.setting(implied.rawValue, at: ["output", "format"])
            default:
                break
            }
        }
        switch SpecDecoder.decode(json: json) {
        case .success(let spec):
            let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
            return SpecFile(path: path, spec: spec, directory: dir)
        case .failure(let problems):
            throw CLIError(problemList(path, problems.problems))
        }
    }

    /// Plans the render, resolving sources under the spec's directory and on the web.
    func plan(web: WebSourceOptions) throws -> RenderPlan {
        do {
            return try RenderPlanner(resolver: web.resolver(mediaRoot: directory)).plan(spec)
        } catch RenderError.invalid(let problems) {
            throw CLIError(SpecFile.problemList(path, problems))
        }
    }

    static func problemList(_ path: String, _ problems: [SpecProblem]) -> String {
        let lines = problems.map { "  \($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }
        return "\(path) has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n" + lines.joined(separator: "\n")
    }
}

/// A failure the CLI reports on standard error before exiting non-zero.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
