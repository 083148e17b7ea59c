import ArgumentParser
import Foundation
import ReelEngine
import ReelSpec

/// `reel render SPEC.json -o FOLDER` for a spec with `outputs`: every output rendered in one pass
/// per distinct picture (`MultiRenderer`), each written into the folder as `NAME.EXT`.
extension RenderCommand {
    func renderOutputs(_ spec: JobSpec, _ plans: JobPlan, cancel: CancellationToken) throws {
        let members = MultiRenderer.members(plans, spec: spec)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printError("cannot make the folder \(output): \(error)")
            throw ExitCode(1)
        }
        let paths = Dictionary(uniqueKeysWithValues: members.map { ($0.name, output + "/" + $0.name + "." + $0.plan.format.rawValue) })
        let longest = members.map { $0.plan.outputRange.duration.approximateSeconds }.max() ?? 1
        let meter = ProgressMeter(enabled: progress, outputSeconds: longest)
        try rendering(meter) {
            try MultiRenderer(members: members).render(to: paths, cancel: cancel) { meter.update($0) }
            meter.finish()
            for m in members { printError("\(m.name): \(paths[m.name]!)") }
        }
    }
}
