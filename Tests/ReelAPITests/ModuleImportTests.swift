import Foundation
import XCTest

/// Every module a target imports of this package's own is one it declares in Package.swift: a
/// module that builds only because another dependency brings it along breaks the day that one
/// stops, and hides which way the imports point (ARCHITECTURE.md's map).
final class ModuleImportTests: XCTestCase {
    /// A target as Package.swift declares it: its name, the package's own modules it names, where
    /// its sources are.
    struct Target {
        let name: String
        let dependencies: Set<String>
        let path: String
    }

    /// The targets of Package.swift's text (`.target`, `.executableTarget`, `.testTarget`,
    /// `.systemLibrary`), each read from its opening parenthesis to the one that closes it.
    static func targets(in manifest: String) -> [Target] {
        let text = Array(manifest)
        var found: [Target] = []
        let kinds = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
        var i = 0
        while i < text.count {
            guard let kind = kinds.first(where: { k in i + k.count <= text.count && String(text[i..<i + k.count]) == k }) else {
                i += 1
                continue
            }
            var depth = 0, j = i + kind.count - 1
            repeat {
                if text[j] == "(" { depth += 1 } else if text[j] == ")" { depth -= 1 }
                j += 1
            } while depth > 0 && j < text.count
            let block = String(text[i..<j])
            i = j
            guard let name = firstMatch(#"name:\s*"([^"]+)""#, in: block) else { continue }
            var deps = Set<String>()
            if let list = firstMatch(#"dependencies:\s*\[((?:[^\[\]]|\[[^\]]*\])*)\]"#, in: block) {
                // Plain names only: `.product(name: …)` is another package's.
                let plain = list.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                for m in matches(#""([^"]+)""#, in: plain) { deps.insert(m) }
            }
            let base = kind == ".testTarget(" ? "Tests/" : "Sources/"
            found.append(Target(name: name, dependencies: deps, path: firstMatch(#"path:\s*"([^"]+)""#, in: block) ?? base + name))
        }
        return found
    }

    func testEveryImportOfThePackagesOwnModulesIsDeclared() throws {
        let root = PythonClientTests.repo
        let targets = Self.targets(in: try String(contentsOfFile: root + "/Package.swift", encoding: .utf8))
        let own = Set(targets.map(\.name))
        XCTAssertTrue(own.isSuperset(of: ["ReelSpec", "ReelEngine", "ReelWorker", "ReelAPI", "ReelServer", "reel", "ReelAPITests"]), "\(own.sorted())")
        var undeclared: [String] = []
        var files = 0
        for target in targets {
            let walker = FileManager.default.enumerator(atPath: root + "/" + target.path)
            while let relative = walker?.nextObject() as? String {
                guard relative.hasSuffix(".swift"), let text = try? String(contentsOfFile: root + "/" + target.path + "/" + relative, encoding: .utf8) else {
                    continue
                }
                files += 1
                for module in Self.matches(#"(?m)^(?:@testable\s+)?import\s+(\w+)"#, in: text)
                where own.contains(module) && module != target.name && !target.dependencies.contains(module) {
                    undeclared.append("\(target.name) imports \(module) (\(target.path)/\(relative))")
                }
            }
        }
        XCTAssertGreaterThan(files, 300, "the sources were found")
        XCTAssertEqual(Set(undeclared).sorted(), [], "imports of the package's modules that Package.swift does not declare")
    }

    /// The parser reads both forms of a declaration (the test of the test).
    func testTheManifestReaderFindsNamesDependenciesAndPaths() {
        let sample = """
            .target(name: "A", dependencies: ["B", .product(name: "Logging", package: "swift-log")]),
            .target(
                name: "C",
                dependencies: [
                    "A", "B",
                ],
                path: "Elsewhere/C"
            ),
            .testTarget(name: "CTests", dependencies: ["C"]),
            """
        let t = Self.targets(in: sample)
        XCTAssertEqual(t.map(\.name), ["A", "C", "CTests"])
        XCTAssertEqual(t.map(\.dependencies), [["B"], ["A", "B"], ["C"]])
        XCTAssertEqual(t.map(\.path), ["Sources/A", "Elsewhere/C", "Tests/CTests"])
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? { matches(pattern, in: text).first }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
            Range(m.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
