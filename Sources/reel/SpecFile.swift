import Foundation
import ReelEngine
import ReelSpec

/// A spec file read from disk, with the directory its relative sources resolve against. An
/// OpenTimelineIO file (`.otio`: a `Timeline.1` object) is a spec too: its timeline with the
/// output's defaults (docs/API.md (OpenTimelineIO)), its problems named by pointers into the file.
struct SpecFile {
    let path: String
    let spec: JobSpec
    /// The spec as JSON (an OTIO file's wrapped in a job), as written.
    let json: JSONValue
    let directory: String
    /// The file is OTIO: problems at `/otio/…` are shown at `/…` of the file.
    let isOTIO: Bool

    /// Reads and decodes the spec; throws `CLIError` with every problem listed.
    ///
    /// With `outputPath` (`reel render -o`), the file's extension and the spec's `output.format`
    /// must agree: a spec that names no format takes the extension's, and one that names another
    /// is refused rather than written in a format the file's name denies.
    /// `media`: where the sources resolve (default the file's directory); an OTIO file's
    /// `file://` references are looked up there by file name.
    /// With `web`, a spec whose structure is not valid also has its sources checked from the JSON
    /// (`SourceCheck`), so every problem is listed at once, as the API's 422 lists them.
    static func load(_ path: String, outputPath: String? = nil, media: String? = nil, web: WebSourceOptions? = nil) throws -> SpecFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            let message = (error as? JSONParser.SyntaxError)?.description ?? "invalid JSON: \(error)"
            throw CLIError(path: path, problems: [SpecProblem(pointer: "", message: message)])
        }
        let isOTIO: Bool
        if case .string(let schema)? = json.member("OTIO_SCHEMA"), schema.hasPrefix("Timeline.") {
            isOTIO = true
            // A file Reel wrote keeps the output's settings in its `metadata.reel.output`, which the
            // decoder reads for a spec's `otio` (the API's rule too).
            json = .object([("version", .number("1")), ("otio", json)])
        } else {
            isOTIO = false
        }
        // A spec with `outputs` (or an OTIO file that keeps them) is written into a folder: each
        // output's format is its own.
        let hasOutputs = json.member("outputs") != nil || json.member("otio")?.member("metadata")?.member("reel")?.member("outputs") != nil
        if let outputPath, !hasOutputs, let implied = OutputFormat(fileExtension: URL(fileURLWithPath: outputPath).pathExtension) {
            switch json.member("output")?.member("format") {
            case .string(let named)? where named != implied.rawValue:
                throw CLIError("\(outputPath) names a .\(URL(fileURLWithPath: outputPath).pathExtension) file, but \(path) asks for output.format \"\(named)\"")
            case nil:
                json = json.setting(implied.rawValue, at: ["output", "format"])
            default:
                break
            }
        }
        let dir = media ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
        switch SpecDecoder.decode(json: json) {
        case .success(let spec):
            return SpecFile(path: path, spec: spec, json: json, directory: dir, isOTIO: isOTIO)
        case .failure(let problems):
            let sources = web.map { SourceCheck.problems(in: json, resolver: $0.resolver(mediaRoot: dir), skipping: problems.problems) } ?? []
            throw CLIError(path: path, problems: problems.problems + sources, otio: isOTIO, sourcesIn: dir)
        }
    }

    /// Plans the render, resolving sources under the spec's directory and on the web: the plan of
    /// each output (the one, or each of `outputs`).
    func plans(web: WebSourceOptions) throws -> JobPlan {
        do {
            return try RenderPlanner(resolver: web.resolver(mediaRoot: directory)).planOutputs(spec)
        } catch RenderError.invalid(let problems) {
            throw CLIError(path: path, problems: problems, otio: isOTIO, sourcesIn: directory)
        }
    }

    /// One problem per line; an OTIO file's pointers are into the file itself.
    static func problemList(_ path: String, _ problems: [SpecProblem]) -> String {
        let lines = problems.map { "  \($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }
        return "\(path) has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n" + lines.joined(separator: "\n")
    }
}

/// A failure the CLI reports on standard error before exiting non-zero; a spec's problems are kept
/// too (`reel validate --json` prints them).
struct CLIError: Error, CustomStringConvertible {
    let description: String
    /// The spec's problems, their pointers into the file the user gave (an OTIO file's without `/otio`).
    let problems: [SpecProblem]?

    init(_ message: String) {
        description = message
        problems = nil
    }

    /// `sourcesIn`: where relative sources were looked up, said when one was not found there.
    init(path: String, problems: [SpecProblem], otio: Bool = false, sourcesIn: String? = nil) {
        let shown = problems.map { p -> SpecProblem in
            guard otio, p.pointer == "/otio" || p.pointer.hasPrefix("/otio/") else { return p }
            return SpecProblem(pointer: String(p.pointer.dropFirst(5)), message: p.message)
        }
        self.problems = shown
        var text = SpecFile.problemList(path, shown)
        if let sourcesIn, shown.contains(where: { $0.message.hasSuffix("does not exist") }) {
            text += "\n(relative sources are looked up under \(sourcesIn); --media DIR, or REEL_MEDIA_ROOT as `reel serve` reads it, looks elsewhere)"
        }
        description = text
    }
}
