import Foundation
import XCTest

/// The exact area coverage of shapes on the 64×48 grid the shape and mask tests draw on, computed
/// independently of Reel by `Fixtures/coverage_oracle.py`, and the check of a lossless render's
/// luma against it (white over black: 16 + 219 × coverage).
enum CoverageOracle {
    static let (width, height) = (64, 48)

    static var python: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/pyvenv/bin/python").path
    }
    static var oracle: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/coverage_oracle.py").path }

    /// The oracle's coverage of `shape` (its JSON case members).
    static func exact(_ ws: Workspace, _ shape: [String: Any]) throws -> [Double] {
        var c = shape
        c["width"] = width
        c["height"] = height
        try JSONSerialization.data(withJSONObject: c).write(to: URL(fileURLWithPath: ws.path("case.json")))
        let r = try Tools.run(python, [oracle, ws.path("case.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [Double])
    }

    /// Every pixel's luma within 1.6 levels of 16 + 219 × coverage (the alpha's and the luma's
    /// rounding); returns how many pixels are partly covered, so a case can insist it has edges.
    @discardableResult
    static func assertCoverage(_ got: [UInt8], _ want: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        XCTAssertEqual(got.count, want.count, file: file, line: line)
        var worst = (error: 0.0, at: 0), partial = 0
        for (i, (g, c)) in zip(got, want).enumerated() {
            let error = abs(Double(g) - (16 + 219 * c))
            if error > worst.error { worst = (error, i) }
            if c > 0.02 && c < 0.98 { partial += 1 }
        }
        XCTAssertLessThanOrEqual(worst.error, 1.6, "\(what): pixel (\(worst.at % width), \(worst.at / width)) has luma \(got[worst.at]), coverage \(want[worst.at])",
                                 file: file, line: line)
        return partial
    }
}
