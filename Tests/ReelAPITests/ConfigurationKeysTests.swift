import Foundation
@testable import ReelAPI
import XCTest

/// Every setting is declared once (`ServerConfiguration.keys`): the file and the environment read
/// it through that declaration alike (same range, same refusal naming the key or variable), and
/// docs/API.md's configuration table is that declaration: the same keys in the same order, with
/// their variables, ranges and defaults.
final class ConfigurationKeysTests: XCTestCase {
    var repoRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// The rows of docs/API.md's configuration table: key, variable (— for none), values, default column.
    func documentedRows() throws -> [(key: String, env: String, values: String, defaultColumn: String)] {
        let text = try String(contentsOf: repoRoot.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "\n## Configuration\n").dropFirst().first?.components(separatedBy: "\n### ").first)
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func firstCode(_ s: String) -> String? { s.hasPrefix("`") ? s.dropFirst().split(separator: "`").first.map(String.init) : nil }
            return (firstCode(cells[1]) ?? cells[1], firstCode(cells[2]) ?? cells[2], cells[3], cells[4])
        }
    }

    func testTheDocsTableIsTheDeclaredKeys() throws {
        let rows = try documentedRows()
        let defaults = ServerConfiguration()
        let declared = ServerConfiguration.keys.map { k in
            "\(k.name) | \(k.environment ?? "—") | \(k.range ?? "—") | \(k.shown(defaults))"
        }
        let documented = rows.map { r in
            let shownDefault = r.defaultColumn.hasPrefix("`") ? String(r.defaultColumn.dropFirst().prefix { $0 != "`" }) : "none"
            return "\(r.key) | \(r.env) | \(r.values) | \(shownDefault)"
        }
        XCTAssertEqual(documented.count, declared.count, "every key documented once")
        for (d, k) in zip(documented, declared) { XCTAssertEqual(d, k, "docs/API.md's configuration table against the declaration") }
    }

    /// Each number's range holds in both readers: its bounds are taken, one step past is refused
    /// naming the key (in the file) or the variable (in the environment).
    func testTheFileAndTheEnvironmentReadEachNumberAlike() throws {
        let path = NSTemporaryDirectory() + "reel-keys-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var checked = 0
        for key in ServerConfiguration.keys {
            guard let range = key.range, let dash = range.firstIndex(of: "–"), let env = key.environment else { continue }
            let (lo, hi) = (String(range[..<dash]), String(range[range.index(after: dash)...]))
            func file(_ v: String) -> String {
                let parts = key.name.split(separator: ".")
                return parts.count == 2 ? #"{ "limits": { "\#(parts[1])": \#(v) } }"# : #"{ "\#(key.name)": \#(v) }"#
            }
            for bound in [lo, hi] {
                try Data(file(bound).utf8).write(to: URL(fileURLWithPath: path))
                let fromFile = try ServerConfiguration.load(path: path, environment: [:])
                let fromEnvironment = try ServerConfiguration.load(path: nil, environment: [env: bound])
                XCTAssertEqual(fromFile, fromEnvironment, "\(key.name) = \(bound) read alike from the file and \(env)")
            }
            // One past the upper bound: the next whole number, or twice a decimal bound.
            let past = Int64(hi).map { String($0 + 1) } ?? String(Double(hi)! * 2)
            try Data(file(past).utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try ServerConfiguration.load(path: path, environment: [:]), key.name) {
                XCTAssertTrue("\($0)".contains(key.name) && "\($0)".contains("from \(lo) to \(hi)"), "\($0)")
            }
            XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: [env: past]), env) {
                XCTAssertTrue("\($0)".contains(env) && "\($0)".contains(past), "\($0)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 25, "the numbers with a variable")
    }
}
