// swift-tools-version:6.0
import PackageDescription

// Module imports point one way (docs/ARCHITECTURE.md draws it):
//   ReelSpec (time + job spec, no C) → ReelEngine (FFmpeg: plan and render) ─┐
//   ReelStore (the job store's rules once, on SQLite or PostgreSQL) ─────────┴→ ReelWorker (pool, runs,
//   leases, webhook sender) → ReelAPI (REST handlers on ReelHTTP) → ReelServer (the wiring) → reel.
// ReelHTTP (HTTP/1.1 on POSIX sockets + epoll via CEpoll) knows nothing of Reel's domain; ReelStore
// knows nothing of media.
// Linux only: the HTTP server is built on epoll and eventfd, so no other platform is declared.
let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
                       providers: [.apt(["libimagequant-dev"])]),
        // zimg: wide-gamut and HDR pictures into the output's colour space (docs/ARCHITECTURE.md (colour)).
        .systemLibrary(name: "CZimg", path: "Sources/CZimg", pkgConfig: "zimg", providers: [.apt(["libzimg-dev"])]),
        .systemLibrary(name: "CEbur128", path: "Sources/CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        .systemLibrary(name: "CRlottie", path: "Sources/CRlottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CRubberBand", path: "Sources/CRubberBand", pkgConfig: "rubberband",
                       providers: [.apt(["librubberband-dev"])]),
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .systemLibrary(name: "CSched", path: "Sources/CSched"),
        // The render children's sandbox: libseccomp's filter, spawning, limits (ReelWorker/Isolation).
        .systemLibrary(name: "CSandbox", path: "Sources/CSandbox", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
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
        .target(name: "ReelSpec", exclude: ["README.md"]),
        // What every module may use: Hex, SHA-256 as hex (swift-crypto's), Backoff, and the threading
        // primitives (Guarded: state shared by threads under one lock with a condition, one of the
        // two unchecked Sendables with ReelEngine's immutable FontCandidate; CallbackSlot).
        .target(name: "ReelBasics", dependencies: [.product(name: "Crypto", package: "swift-crypto")], exclude: ["README.md"]),
        // HTTP over libcurl, and the rules of which addresses a URL a user gave may reach.
        .target(name: "ReelFetch", dependencies: ["CCurl"], exclude: ["README.md"]),
        // An S3 client: Signature Version 4 (headers and presigned URLs), objects, listings and
        // multipart uploads over ReelFetch's libcurl.
        .target(name: "ReelS3", dependencies: ["ReelBasics", "ReelFetch", .product(name: "Crypto", package: "swift-crypto")], exclude: ["README.md"]),
        // Where outputs, partial files, chunk pieces, uploads and web sources live, and their names.
        .target(name: "ReelStorage", dependencies: ["ReelS3", "ReelFetch", "ReelBasics", .product(name: "Crypto", package: "swift-crypto")], exclude: ["README.md"]),
        .target(
            name: "ReelEngine",
            dependencies: [
                "ReelSpec", "ReelStorage", "ReelFetch", "ReelBasics", "CFFmpeg", "CRubberBand", "CImageQuant", "CZimg", "CEbur128", "CRlottie",
                "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CUnibreak",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),
        .target(name: "ReelStore", dependencies: ["ReelBasics", "CSQLite", "CLibPQ"], exclude: ["README.md"]),
        .target(
            name: "ReelWorker",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelStore", "ReelStorage", "ReelS3", "ReelFetch", "ReelBasics", "CSched", "CSandbox",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"]
        ),
        .target(name: "ReelHTTP", dependencies: ["ReelBasics", "CEpoll"], exclude: ["README.md"]),
        .target(
            name: "ReelAPI",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelStore", "ReelStorage", "ReelS3", "ReelFetch", "ReelWorker", "ReelHTTP", "ReelBasics",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "ReelServer",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelStore", "ReelStorage", "ReelS3", "ReelFetch", "ReelWorker", "ReelHTTP", "ReelAPI", "CMalloc",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelSpec", "ReelEngine", "ReelStorage", "ReelFetch", "ReelWorker", "ReelAPI", "ReelServer",
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
        .executableTarget(name: "FuzzPlan", dependencies: ["ReelFuzzTargets"], path: "Fuzz/Plan"),
        // What every test target waits and draws with: Poll (conditions, never sleeps), SplitMix64 (seeded inputs), Collected.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["web-test-server.py", "outage-proxy.py"]),
        .testTarget(name: "ReelSpecTests", dependencies: ["ReelSpec", "TestSupport"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelSpec", "ReelStorage", "ReelBasics", "CFFmpeg", "TestSupport"], exclude: ["Fixtures"]),
        // A throwaway PostgreSQL cluster and a store on either database, for the store, worker and cluster tests.
        .target(name: "StoreFixtures", dependencies: ["ReelStore", "TestSupport"], path: "Tests/StoreFixtures"),
        .testTarget(name: "ReelStoreTests", dependencies: ["ReelStore", "ReelBasics", "StoreFixtures", "TestSupport"]),
        .testTarget(name: "ReelWorkerTests", dependencies: ["ReelWorker", "ReelStore", "ReelStorage", "ReelS3", "ReelEngine", "ReelSpec", "ReelHTTP", "ReelFetch", "ReelBasics", "StoreFixtures", "S3Fixtures", "TestSupport"]),
        .testTarget(name: "ReelHTTPTests", dependencies: ["ReelHTTP", "TestSupport"]),
        // A real S3 server (OpenStack Swift's s3api, which checks signatures) for the tests.
        .target(name: "S3Fixtures", dependencies: ["ReelS3", "TestSupport"], path: "Tests/S3Fixtures"),
        .testTarget(name: "ReelS3Tests", dependencies: ["ReelS3", "S3Fixtures", "TestSupport"]),
        .testTarget(name: "ReelFetchTests", dependencies: ["ReelFetch", "TestSupport"]),
        .testTarget(name: "ReelStorageTests", dependencies: ["ReelStorage", "ReelFetch", "TestSupport"]),
        .testTarget(name: "ReelBasicsTests", dependencies: ["ReelBasics"]),
        .testTarget(
            name: "ReelAPITests",
            dependencies: ["ReelAPI", "ReelServer", "ReelWorker", "ReelStore", "ReelStorage", "ReelS3", "ReelFetch", "ReelSpec", "ReelHTTP", "ReelBasics", "StoreFixtures",
                           "S3Fixtures", "TestSupport",
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
    ]
)
