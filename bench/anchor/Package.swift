// swift-tools-version:6.2
import PackageDescription

// The benchmark's anchor (docs/PERFORMANCE.md): a Hummingbird 2 server answering one fixed JSON
// body, to compare Reel's GET /v1/jobs/{id} with. Built only by bench/bench.py (`make bench`),
// never by the tests or CI, with its own scratch path.
let package = Package(
    name: "Anchor",
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "Anchor",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
