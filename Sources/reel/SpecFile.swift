import Foundation
import ReelEngine
import ReelSpec

/// A spec file read from disk, with the directory its relative sources resolve against.
struct SpecFile {
    let path: String
    let spec: JobSpec
    let directory: String

    /// Reads and decodes the spec; throws `CLIError` with every problem listed.
    static func load(_ path: String) throws -> SpecFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        switch SpecDecoder.decode(Array(data)) {
        case .success(let spec):
            let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
            return SpecFile(path: path, spec: spec, directory: dir)
        case .failure(let problems):
            throw CLIError(problemList(path, problems.problems))
        }
    }

    /// Plans the render, resolving sources under the spec's directory.
    func plan() throws -> RenderPlan {
        do {
            return try RenderPlanner(resolver: SourceResolver(mediaRoot: directory)).plan(spec)
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
