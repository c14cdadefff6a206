// swift-tools-version:5.9
// A package written as public effect packages are, for Apple's platforms: no dependency on
// Scanline, shaders found with ShaderLibrary.bundle(.module), previews in #if DEBUG.
// `scanline render` builds it (UserPackageTests).
import PackageDescription

let package = Package(
    name: "GlowKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "GlowKit", targets: ["GlowKit", "GlowKitUI"])],
    targets: [
        .target(name: "GlowKit", resources: [.process("Shaders"), .copy("Images/dot.png")],
                swiftSettings: [.define("GLOW_TINT"), .define("GLOW_IOS_ONLY", .when(platforms: [.iOS]))]),
        // Its asset catalog is not declared: SwiftPM counts one as a resource on Apple's platforms
        // (twostraws/Vortex relies on it), and makes no Bundle.module for it on Linux.
        .target(name: "GlowKitUI", dependencies: ["GlowKit"], exclude: ["Notes.md"]),
        .executableTarget(name: "Demo", dependencies: ["GlowKitUI"]),
        .executableTarget(name: "GlowApp", dependencies: ["GlowKitUI"]),
        .testTarget(name: "GlowKitTests", dependencies: ["GlowKit"]),
    ]
)
