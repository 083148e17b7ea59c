@testable import ReelEngine
import XCTest

/// Messages to clients name sources as the client did, never by the server's paths.
final class SourceNamesTests: XCTestCase {
    let names = SourceNames(mediaRoot: "/srv/media", dataRoot: "/srv/data",
                            webCopies: [(path: "/srv/data/sources/ab12", url: "https://cdn.example.com/a.mp4?X-Amz-Signature=secret#t=1")])

    func testEveryKindOfSourceIsNamedAsTheClientGaveIt() {
        XCTAssertEqual(names.clientFacing("/timeline/videos/0 (/srv/data/assets/asset_01J9ZQ): /srv/data/assets/asset_01J9ZQ holds no picture"),
                       "/timeline/videos/0 (upload:asset_01J9ZQ): upload:asset_01J9ZQ holds no picture")
        XCTAssertEqual(names.clientFacing("cannot open /srv/data/assets/asset_01J9ZQ.3fa9c0 (avformat_open_input)"),
                       "cannot open upload:asset_01J9ZQ (avformat_open_input)", "a completed direct upload's claimed name")
        XCTAssertEqual(names.clientFacing("/srv/data/cache/uploads/asset_7 has no video stream"), "upload:asset_7 has no video stream")
        XCTAssertEqual(names.clientFacing("/srv/media/clips/a.mp4 has no audio stream"), "clips/a.mp4 has no audio stream")
        XCTAssertEqual(names.clientFacing("/srv/data/sources/ab12 holds no picture"), "https://cdn.example.com/a.mp4 holds no picture",
                       "a web source's copy is its URL, without the query that may carry a signature")
        XCTAssertEqual(names.clientFacing("writing /srv/data/outputs/job_1-1.mp4: No space left on device"),
                       "writing a file of the server: No space left on device")
        XCTAssertEqual(names.clientFacing("cannot open sequence:/srv/media/renders/beauty.%04d.png?first=1&rate=24&count=9"),
                       "cannot open sequence:renders/beauty.%04d.png?first=1&rate=24&count=9", "an image sequence's pattern")
        XCTAssertEqual(names.clientFacing("nothing to hide here"), "nothing to hide here")
    }

    /// The default data directory is relative (`./data`): its paths are found however spelled; a
    /// URL or bucket key that merely contains the folder's name is left alone.
    func testARelativeDataDirectoryAndWordsThatOnlyLookLikeIt() {
        let relative = SourceNames(mediaRoot: "/srv/media", dataRoot: "./data")
        XCTAssertEqual(relative.clientFacing("cannot open ./data/assets/asset_01J9ZQ.3fa9c0 (avformat_open_input)"),
                       "cannot open upload:asset_01J9ZQ (avformat_open_input)")
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(relative.clientFacing("\(cwd)/data/cache/uploads/asset_7 holds no picture"), "upload:asset_7 holds no picture")
        let docker = SourceNames(mediaRoot: "/media", dataRoot: "/data")
        XCTAssertEqual(docker.clientFacing("source \"https://cdn.example.com/data/clip.mp4\" answers HTTP 404"),
                       "source \"https://cdn.example.com/data/clip.mp4\" answers HTTP 404")
        XCTAssertEqual(docker.clientFacing("s3://bucket/media/clip.mp4 (/media/clip.mp4): no picture"),
                       "s3://bucket/media/clip.mp4 (clip.mp4): no picture")
    }
}
