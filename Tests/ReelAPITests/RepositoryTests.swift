import Foundation
import XCTest

/// The repository stands alone (issue 40): no file of the project points outside it — not at the
/// product notes kept beside the checkout, nor at the contract's file there by name. A clone
/// has neither, so a reader sent there finds nothing.
final class RepositoryTests: XCTestCase {
    func testNoFilePointsOutsideTheRepository() throws {
        let root = PythonClientTests.repo
        let outside = ["../" + "shared", "PRODUCT" + ".md"]
        let kinds: Set = ["swift", "md", "py", "sh", "yaml", "yml", "toml", "json", "js", "ts", "txt", "cfg", "conf", "service", ""]
        let skipped: Set = [".build", ".git", "work", ".build-bench", ".build-anchor", "node_modules", "__pycache__"]
        var checked = 0
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            // Build folders (.build, .build-deb's Debian root, .build-compose's Docker engine) hold
            // others' files, not the project's.
            if skipped.contains(name) || name.hasPrefix(".build") { walker?.skipDescendants(); continue }
            let ext = (name as NSString).pathExtension
            guard kinds.contains(ext) || ["Makefile", "Dockerfile"].contains(name) else { continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDir), !isDir.boolValue,
                  let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { continue }
            checked += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where outside.contains(where: { line.contains($0) }) {
                found.append("\(relative):\(n + 1): \(line.prefix(120))")
            }
        }
        XCTAssertGreaterThan(checked, 300, "the walk found the project's files")
        XCTAssertEqual(found, [], "lines pointing outside the repository")
    }
}
