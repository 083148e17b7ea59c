// swift-tools-version:5.10
import PackageDescription

// Module imports point one way: ReelSpec (time + job spec, no C) → ReelEngine (FFmpeg) → reel.
// ReelHTTP (sockets + epoll via CEpoll) stands alone; the API layer will join it to the engine.
let package = Package(
    name: "Reel",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "reel", targets: ["reel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        // epoll, eventfd and TCP_NODELAY, which Glibc's Swift module does not export.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .target(name: "ReelSpec"),
        // HTTP/1.1 server core on POSIX sockets and epoll; knows nothing of specs or rendering.
        .target(name: "ReelHTTP", dependencies: ["CEpoll"]),
        .target(
            name: "ReelEngine",
            dependencies: [
                "ReelSpec", "CFFmpeg",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelSpec", "ReelEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "ReelSpecTests", dependencies: ["ReelSpec"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelSpec", "CFFmpeg"]),
        .testTarget(name: "ReelHTTPTests", dependencies: ["ReelHTTP"]),
    ]
)
