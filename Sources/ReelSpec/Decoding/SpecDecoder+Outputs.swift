/// Decoding of `outputs`: several named outputs rendered from one pass over the timeline
/// (docs/SPEC.md). Each entry takes every member `output` takes, plus its `name`; what can only be
/// wrong between outputs (a repeated name, two outputs writing one bucket object) is checked here.
extension SpecDecoder {
    /// One decoded entry of `outputs`; `name` nil where it was missing or invalid.
    struct DecodedNamedOutput {
        var name: String?
        var output: DecodedOutput
    }

    /// `outputs`: 1 to `NamedOutput.maxCount` objects with distinct names. Nil when it is not an
    /// array or is empty.
    static func outputs(_ f: Field) -> [DecodedNamedOutput]? {
        guard let items = f.array(nonEmpty: true) else { return nil }
        if items.count > NamedOutput.maxCount { f.report("must have at most \(NamedOutput.maxCount) outputs, found \(items.count)") }
        var firstWithName: [String: Int] = [:]
        let decoded = items.enumerated().compactMap { i, item in
            item.object { r -> DecodedNamedOutput? in
                var name: String?
                if let nf = r.required("name"), let n = nf.string() {
                    if !NamedOutput.isValidName(n) {
                        nf.report(NamedOutput.nameRule)
                    } else if let first = firstWithName[n] {
                        nf.report("is the name of \(f.pointer)/\(first) too; each output needs a name of its own")
                    } else {
                        firstWithName[n] = i
                        name = n
                    }
                }
                return DecodedNamedOutput(name: name, output: output(r, named: true))
            }
        }
        guard decoded.count == items.count else { return decoded }
        checkDestinationsApart(decoded, problems: f)
        return decoded
    }

    /// Two outputs of one job must not write the same bucket object, nor one inside the folder an
    /// HLS output fills: the second copy would replace the first, and which one is left would depend
    /// on which finished last. Keys are compared as every job fills them (`keyPattern`).
    private static func checkDestinationsApart(_ outputs: [DecodedNamedOutput], problems f: Field) {
        struct Written { let at: String; let key: String; let isFolder: Bool }
        var earlier: [Written] = []
        for (i, o) in outputs.enumerated() {
            guard let name = o.name, let format = o.output.format else { continue }
            for (d, index) in zip(o.output.spec.destinations, o.output.destinationIndices) {
                let key = (d.profile ?? "") + "\u{0}" + d.bucket + "/" + d.keyPattern(ext: format.rawValue, name: name)
                let here = Written(at: "\(f.pointer)/\(i)/destinations/\(index)/url", key: key, isFolder: format == .hls)
                if let clash = earlier.first(where: { $0.key == here.key }) {
                    f.problems.report(here.at, "writes the same object as \(clash.at); put {name} in the key, or end it with / for a folder")
                } else if let clash = earlier.first(where: { $0.isFolder && here.key.hasPrefix($0.key + "/") }) {
                    f.problems.report(here.at, "writes inside the HLS folder that \(clash.at) fills; put {name} in the key")
                } else if here.isFolder, let clash = earlier.first(where: { $0.key.hasPrefix(here.key + "/") }) {
                    f.problems.report(here.at, "names an HLS folder that \(clash.at) writes inside; put {name} in the key")
                }
                earlier.append(here)
            }
        }
    }
}
