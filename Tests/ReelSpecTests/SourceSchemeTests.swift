import ReelSpec
import XCTest

/// What a `src` names, by the one rule (`SourceScheme`): URL schemes case-insensitive, `upload:`
/// exact, everything else a path under the media root.
final class SourceSchemeTests: XCTestCase {
    func testEachSchemeIsToldAndOnlyURLsAndObjectsAreRemote() {
        let cases: [(String, SourceScheme)] = [
            ("https://example.com/a.mp4", .web), ("HTTP://example.com/a.mp4", .web), ("s3://bucket/key.mp4", .bucket),
            ("S3://bucket/key.mp4", .bucket), ("upload:asset_01ABC", .upload), ("clips/a.mp4", .local),
            ("UPLOAD:asset_01ABC", .local), ("uploads/a.mp4", .local), ("httpx://a", .local), ("", .local),
        ]
        for (src, scheme) in cases { XCTAssertEqual(SourceScheme(src), scheme, src) }
        XCTAssertEqual(cases.filter { SourceScheme($0.0).isRemote }.map(\.0),
                       ["https://example.com/a.mp4", "HTTP://example.com/a.mp4", "s3://bucket/key.mp4", "S3://bucket/key.mp4"])
    }

    func testAnUploadsIdAndItsSourceGoBothWays() {
        XCTAssertEqual(SourceScheme.uploadID("upload:asset_01ABC"), "asset_01ABC")
        XCTAssertEqual(SourceScheme.upload("asset_01ABC"), "upload:asset_01ABC")
        XCTAssertNil(SourceScheme.uploadID("clips/upload:asset_01ABC"))
        XCTAssertNil(SourceScheme.uploadID("https://example.com/upload:x"))
        XCTAssertEqual(SourceScheme.uploadID(SourceScheme.upload("a")), "a")
    }
}
