import Foundation

/// The programs the build made beside the test bundle (`swift build --build-tests` builds them
/// all into one folder).
public enum TestBinaries {
    /// The built `reel`: the program a test's service starts its render processes from.
    public static var reel: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        // …/debug/ReelPackageTests.xctest (a file on Linux) → …/debug/reel
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("reel").path
    }
}
