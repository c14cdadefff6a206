// swift-tools-version:6.0
// Scanline: SwiftUI's visual-effects model, rendered headlessly on Linux. MIT licence.
import PackageDescription
import CompilerPluginSupport

// On Linux, CPango's flags come from a .pc file of its own (see the file): pangocairo.pc would make
// SwiftPM warn about a dropped -pthread in every package that depends on Scanline.
#if os(Linux)
let pangoPkgConfig = Context.packageDirectory + "/Sources/CPango/scanline-pango.pc"
#else
let pangoPkgConfig = "pangocairo"
#endif

let package = Package(
    name: "Scanline",
    products: [
        .library(name: "Scanline", targets: ["Scanline"]),
        .library(name: "ScanlineBlocks", targets: ["ScanlineBlocks"]),
        // Snapshot tests of views and images, for users' test targets (Swift Testing or XCTest).
        .library(name: "ScanlineTesting", targets: ["ScanlineTesting"]),
        // The command-line tool in process (tests, and the fuzz targets in Fuzz/).
        .library(name: "ScanlineCLI", targets: ["ScanlineCLI"]),
        .executable(name: "scanline", targets: ["scanline"]),
    ],
    targets: [
        // C libraries from Debian's -dev packages (see `make setup`).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: pangoPkgConfig,
                       providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CGif", path: "Sources/CGif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // Small C helpers: JPEG decoding and PNG encoding with chosen filters (libjpeg and libpng
        // report errors by longjmp, which Swift cannot catch), and the hot pixel loops.
        .target(name: "CScanline", path: "Sources/CScanline",
                linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
        // The library in layers (docs/ARCHITECTURE.md): the core, the encoders and exports over
        // it, and `Scanline`, which re-exports both (`import Scanline`).
        .target(name: "ScanlineCore", dependencies: ["CCairo", "CPango", "CPNG", "CGif", "CWebP", "CScanline"],
                path: "Sources/Scanline", exclude: ["Export"]),
        .target(name: "ScanlineExport", dependencies: ["ScanlineCore", "CPNG", "CGif", "CWebP", "CScanline"],
                path: "Sources/Scanline/Export"),
        .target(name: "Scanline", dependencies: ["ScanlineCore", "ScanlineExport"], path: "Sources/ScanlineUmbrella"),
        // The seed blocks, one file each, and the seed demos.
        .target(name: "ScanlineBlocks", dependencies: ["Scanline", "CScanline"], path: "Sources/ScanlineBlocks",
                resources: [.process("Shaders")]),
        .target(name: "ScanlineTesting", dependencies: ["Scanline"], path: "Sources/ScanlineTesting"),
        .target(name: "ScanlineCLI", dependencies: ["Scanline", "ScanlineBlocks", "CScanline", "SwiftSourceText"], path: "Sources/ScanlineCLI"),
        // Reading Swift source without a parser (#Preview bodies, view types, statements): for the
        // CLI and for the macro plugin.
        .target(name: "SwiftSourceText", path: "Sources/SwiftSourceText"),
        .executableTarget(name: "scanline", dependencies: ["ScanlineCLI"], path: "Sources/scanline"),
        .executableTarget(name: "scanline-bench", dependencies: ["Scanline", "ScanlineBlocks"], path: "Benchmarks/ScanlineBench"),
        .testTarget(name: "ScanlineTests", dependencies: ["Scanline", "ScanlineBlocks", "ScanlineCLI", "ScanlineTesting", "SwiftSourceText"],
                    path: "Tests/ScanlineTests",
                    // The fidelity cases' licences, sources and Apple's pictures sit beside their views.
                    exclude: ["__Snapshots__", "__Dumps__", "Fixtures", "Fidelity/PointFreeChecked/LICENSE",
                              "Fidelity/PointFreeChecked/SOURCE.md", "Fidelity/PointFreeChecked/references",
                              "Fidelity/SpeziViews/LICENSE.md", "Fidelity/SpeziViews/SOURCE.md", "Fidelity/SpeziViews/references",
                              "Fidelity/VaultLiterature/LICENSE", "Fidelity/VaultLiterature/SOURCE.md", "Fidelity/VaultLiterature/references",
                              "Fidelity/HomeAssistantLocationHistory/LICENSE.md", "Fidelity/HomeAssistantLocationHistory/SOURCE.md",
                              "Fidelity/HomeAssistantLocationHistory/references", "Fidelity/HomeAssistantPrivacy/LICENSE.md",
                              "Fidelity/HomeAssistantPrivacy/SOURCE.md", "Fidelity/HomeAssistantPrivacy/references",
                              "Fidelity/HomeAssistantGlassFilters/LICENSE.md", "Fidelity/HomeAssistantGlassFilters/SOURCE.md",
                              "Fidelity/HomeAssistantGlassFilters/references", "Fidelity/HomeAssistantAbout/LICENSE.md",
                              "Fidelity/HomeAssistantAbout/SOURCE.md", "Fidelity/HomeAssistantAbout/references"]),
    ],
    swiftLanguageModes: [.v6]
)

// `import SwiftUI` on Linux: a module of that name that re-exports Scanline, for files written for
// Apple's SwiftUI. Not offered where SwiftUI itself exists.
#if !canImport(Darwin)
package.products.append(.library(name: "SwiftUI", targets: ["SwiftUI"]))
// The fidelity suite's views are public SwiftUI code, compiled as written (`import SwiftUI`).
if let tests = package.targets.first(where: { $0.name == "ScanlineTests" }) { tests.dependencies.append("SwiftUI") }
// The prebuilt Scanline that `scanline render FILE.swift` and `preview` compile users' files
// against (docs/PREBUILT.md): one shared library of the modules a user's view may import, built
// with the `scanline` binary (`make release`, `make install`) from the same object files.
package.products.append(.library(name: "ScanlineKit", type: .dynamic, targets: ["SwiftUI", "ScanlineBlocks", "ScanlineCLI", "simd", "CoreGraphics", "Combine", "QuartzCore"]))
// Stand-ins for Apple's modules that SwiftUI code imports (docs/PORTING.md says what each holds).
package.products.append(.library(name: "simd", targets: ["simd"]))
package.products.append(.library(name: "CoreGraphics", targets: ["CoreGraphics"]))
package.products.append(.library(name: "Combine", targets: ["Combine"]))
package.products.append(.library(name: "QuartzCore", targets: ["QuartzCore"]))
package.targets += [
    // Every stand-in is a dependency of SwiftUI, so that a target depending on the SwiftUI
    // product alone can import each, as it can on Apple's platforms.
    .target(name: "SwiftUI", dependencies: ["Scanline", "simd", "CoreGraphics", "Combine", "QuartzCore", "ScanlineMacros"], path: "Sources/SwiftUI"),
    // SwiftUI's macros (#Preview, @Previewable, @Entry): a compiler plugin that speaks the
    // compiler's plugin messages itself, without swift-syntax (docs/MACROS.md).
    .macro(name: "ScanlineMacros", dependencies: ["SwiftSourceText"], path: "Sources/ScanlineMacros"),
    .target(name: "simd", path: "Sources/simd"),
    .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"], path: "Sources/CoreGraphics"),
    // Swift Testing's cross-import overlay for CoreGraphics, which the Linux toolchain names but
    // does not ship: empty (see the file), built wherever CoreGraphics is.
    .target(name: "_Testing_CoreGraphics", path: "Sources/_Testing_CoreGraphics"),
    .target(name: "Combine", path: "Sources/Combine"),
    .target(name: "QuartzCore", dependencies: ["CoreGraphics"], path: "Sources/QuartzCore"),
    // Compiled against the stand-ins alone, with code in the shape public packages write.
    .testTarget(name: "simdTests", dependencies: ["simd"], path: "Tests/simdTests"),
    .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"], path: "Tests/CoreGraphicsTests"),
    .testTarget(name: "CombineTests", dependencies: ["Combine"], path: "Tests/CombineTests"),
    // "Scanline" is listed beside "SwiftUI" (which re-exports it, so the tests see nothing more)
    // for the build alone: SwiftUI's own module does not change when Scanline's layout does, and
    // without the direct dependency an incremental build kept these tests compiled against the old
    // layout (they crashed after a stored property was added to EnvironmentValues or Color).
    .testTarget(name: "SwiftUICompatibilityTests", dependencies: ["SwiftUI", "Scanline"], path: "Tests/SwiftUICompatibilityTests",
                resources: [.process("Resources")]),
]
// Scanline's CG types (CGAffineTransform, CGPath, CGLineCap …) come from CoreGraphics,
// ObservableObject and publishers from Combine, and CATransform3D from QuartzCore: Apple's on its
// platforms, the stand-ins here.
package.targets.first { $0.name == "ScanlineCore" }!.dependencies += ["CoreGraphics", "Combine", "QuartzCore"]
#endif
