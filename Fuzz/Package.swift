// swift-tools-version:6.0
// libFuzzer targets for Scanline's parsers, built with `swift build -sanitize=fuzzer` by
// `make fuzz` (a package of its own: with that flag libFuzzer supplies `main`, which a normal build
// of the main package would lack). Each target feeds arbitrary bytes to one parser through its
// public API; a crash, a hang or a leak is a bug, a thrown error is the expected answer.
import PackageDescription

let package = Package(
    name: "ScanlineFuzz",
    dependencies: [.package(name: "Scanline", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-subtitles", dependencies: [.product(name: "ScanlineBlocks", package: "Scanline")], path: "Sources/subtitles"),
        .executableTarget(name: "fuzz-curve", dependencies: [.product(name: "Scanline", package: "Scanline")], path: "Sources/curve"),
        .executableTarget(name: "fuzz-keyframes", dependencies: [.product(name: "Scanline", package: "Scanline")], path: "Sources/keyframes"),
        .executableTarget(name: "fuzz-images", dependencies: [.product(name: "Scanline", package: "Scanline")], path: "Sources/images"),
        .executableTarget(name: "fuzz-arguments", dependencies: [.product(name: "ScanlineCLI", package: "Scanline")], path: "Sources/arguments"),
        .executableTarget(name: "fuzz-metal", dependencies: [.product(name: "Scanline", package: "Scanline")], path: "Sources/metal"),
        .executableTarget(name: "fuzz-shards", dependencies: [.product(name: "Scanline", package: "Scanline")], path: "Sources/shards"),
        .executableTarget(name: "fuzz-batch", dependencies: [.product(name: "ScanlineCLI", package: "Scanline")], path: "Sources/batch"),
    ]
)
