// swift-tools-version:5.10
import PackageDescription

// Module imports point one way:
//   ReelSpec (time + job spec, no C) → ReelEngine (FFmpeg) → ReelQueue (job store on SQLite or PostgreSQL, workers)
//   → ReelAPI (REST API v1 on ReelHTTP) → reel (the executable).
// ReelHTTP (HTTP/1.1 on POSIX sockets + epoll via CEpoll) knows nothing of Reel's domain.
// Linux only: the HTTP server is built on epoll and eventfd, so no other platform is declared.
let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
                       providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CRubberBand", path: "Sources/CRubberBand", pkgConfig: "rubberband",
                       providers: [.apt(["librubberband-dev"])]),
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .systemLibrary(name: "CSched", path: "Sources/CSched"),
        // The text stack: FreeType rasterises and strokes, HarfBuzz shapes, FriBidi orders,
        // fontconfig matches families and falls back by coverage, libunibreak finds line breaks.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CUnibreak", path: "Sources/CUnibreak", pkgConfig: "libunibreak",
                       providers: [.apt(["libunibreak-dev"])]),
        .target(name: "ReelSpec"),
        .target(
            name: "ReelEngine",
            dependencies: [
                "ReelSpec", "CFFmpeg", "CRubberBand", "CImageQuant",
                "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CUnibreak",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ReelQueue",
            dependencies: [
                "ReelSpec", "ReelEngine", "CSQLite", "CLibPQ", "CSched",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "ReelHTTP", dependencies: ["CEpoll"]),
        .target(
            name: "ReelAPI",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelQueue", "ReelHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fuzz targets (scripts/fuzz.sh builds them with --sanitize=fuzzer -DFUZZING for libFuzzer;
        // a normal build makes them replay tools that run a target over files).
        .target(name: "ReelFuzzTargets", dependencies: ["ReelSpec", "ReelHTTP", "ReelEngine"]),
        .executableTarget(name: "FuzzSpec", dependencies: ["ReelFuzzTargets"], path: "Fuzz/Spec"),
        .executableTarget(name: "FuzzHTTPHead", dependencies: ["ReelFuzzTargets"], path: "Fuzz/HTTPHead"),
        .executableTarget(name: "FuzzChunked", dependencies: ["ReelFuzzTargets"], path: "Fuzz/Chunked"),
        .executableTarget(name: "FuzzProbe", dependencies: ["ReelFuzzTargets"], path: "Fuzz/Probe"),
        .testTarget(name: "ReelSpecTests", dependencies: ["ReelSpec"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelSpec", "CFFmpeg"]),
        // A throwaway PostgreSQL cluster for the store and cluster tests.
        .target(name: "PostgresFixture", dependencies: ["ReelQueue"], path: "Tests/PostgresFixture"),
        .testTarget(name: "ReelQueueTests", dependencies: ["ReelQueue", "ReelEngine", "ReelSpec", "ReelHTTP", "PostgresFixture"]),
        .testTarget(name: "ReelHTTPTests", dependencies: ["ReelHTTP"]),
        .testTarget(
            name: "ReelAPITests",
            dependencies: ["ReelAPI", "ReelQueue", "ReelSpec", "ReelHTTP", "PostgresFixture",
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
    ]
)
