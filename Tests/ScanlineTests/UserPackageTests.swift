import Foundation
import Testing
@testable import ScanlineCLI
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Issue #43 point 6: `scanline render PACKAGE` builds a package's library targets as SwiftPM
/// does (resources and `Bundle.module` included) and lists and renders its `#Preview`s by name.
/// The fixture (Fixtures/EffectPackage) is written as public effect packages are: for Apple's
/// platforms, no dependency on Scanline, its shader found with `ShaderLibrary.bundle(.module)`.
extension UserViewBuildTests {
    static let effectPackage = fixtures.deletingLastPathComponent().appendingPathComponent("EffectPackage")

    /// A copy of the fixture package, to edit.
    static func packageCopy(_ name: String) throws -> URL {
        let folder = makeTestFolder(name).appendingPathComponent("GlowKit")
        try FileManager.default.copyItem(at: effectPackage, to: folder)
        return folder
    }

    /// Every pixel of `url`, or the first that is not `rgba`, with where it is.
    static func everyPixel(_ url: URL, is rgba: (UInt8, UInt8, UInt8, UInt8)) throws -> String? {
        let image = try PixelBuffer(contentsOf: url)
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != rgba { return "(\(x), \(y)) is \(image[x, y]), not \(rgba)" } }
        return nil
    }

    @Test(.timeLimit(.minutes(30))) func aPackagesPreviewsAreListedAndRenderedByName() throws {
        let package = try Self.packageCopy("scanline-user-package")
        let out = package.deletingLastPathComponent()
        // Listed as Xcode's canvas lists them: name, target and file, canvas.
        let list = try Binary.capture(["render", package.path, "--list-previews"])
        #expect(list.code == 0, "\(list.stderr)")
        #expect(String(decoding: list.stdout, as: UTF8.self) == """
            "Tinted"\tGlowKitUI/Previews.swift:15\t20x20 pt
            "Dot"\tGlowKitUI/Previews.swift:19\tideal size
            "Asset"\tGlowKitUI/Previews.swift:23\tideal size
            "Framed"\tGlowKitUI/Previews.swift:29\tideal size
            "Demo"\tDemo/main.swift:8\tideal size
            "App"\tGlowApp/GlowApp.swift:18\tideal size

            """)
        // The package's own shader, from its bundle, paints the swatch system green (52, 199, 89):
        // the target's `define` applies and the iOS-only one does not. 20 × 20 pt from the traits.
        let tinted = out.appendingPathComponent("tinted.png")
        let t = try Self.render([package.path, "--preview", "Tinted", "--scale", "1", "-o", tinted.path], cache: Self.cache)
        #expect(t.code == 0, "\(t.stderr)")
        #expect(try PixelBuffer(contentsOf: tinted).width == 20)
        #expect(try Self.everyPixel(tinted, is: (52, 199, 89, 255)) == nil)
        // The app targets are built too, their entry points renamed: a preview in a tool's
        // main.swift (system orange, 6 × 6) and one beside an app's @main App (system purple, 8 × 8).
        for (name, side, rgba) in [("Demo", 6, (UInt8(255), UInt8(149), UInt8(0), UInt8(255))), ("App", 8, (175, 82, 222, 255))] {
            let url = out.appendingPathComponent("\(name).png")
            let r = try Self.render([package.path, "--preview", name, "--scale", "1", "-o", url.path], cache: Self.cache)
            #expect(r.code == 0, "\(name): \(r.stderr)")
            #expect(try PixelBuffer(contentsOf: url).width == side)
            #expect(try Self.everyPixel(url, is: rgba) == nil, "\(name)")
        }
        // Image("dot", bundle: .module): the `.copy` resource, blue.
        let dot = out.appendingPathComponent("dot.png")
        let d = try Self.render([package.path, "--preview", "Dot", "--scale", "1", "-o", dot.path], cache: Self.cache)
        #expect(d.code == 0, "\(d.stderr)")
        #expect(try Self.everyPixel(dot, is: (0, 0, 255, 255)) == nil)
        // @Previewable state and a public @Entry value from the other target: 5 pt of padding.
        let framed = out.appendingPathComponent("framed.png")
        let f = try Self.render([package.path, "--preview", "Framed", "--scale", "1", "-o", framed.path], cache: Self.cache)
        #expect(f.code == 0, "\(f.stderr)")
        let image = try PixelBuffer(contentsOf: framed)
        #expect(image[4, 10].a == 0 && image[5, 10] == (0, 122, 255, 255) && image[14, 10] == (0, 122, 255, 255) && image[15, 10].a == 0,
                "\(image[4, 10]) \(image[5, 10]) \(image[14, 10]) \(image[15, 10])")
        // A colour set of the package's asset catalog (a `.process` resource kept whole), light and
        // dark: 0xF0 0x80 0x20, and 0.25 0 0.5 (64, 0, 128). With the symbol Xcode generates for it
        // ("Glow Tint Color" → .glowTint), which scanline render generates too.
        try """
            import SwiftUI
            #Preview("Symbol") { Color.glowTint.frame(width: 10, height: 10) }
            """.write(to: package.appendingPathComponent("Sources/GlowKitUI/Symbol.swift"), atomically: true, encoding: .utf8)
        for (preview, scheme, rgb) in [("Asset", "light", (240, 128, 32)), ("Asset", "dark", (64, 0, 128)), ("Symbol", "light", (240, 128, 32))] {
            let out = package.deletingLastPathComponent().appendingPathComponent("\(preview)-\(scheme).png")
            let r = try Self.render([package.path, "--preview", preview, "--color-scheme", scheme, "--scale", "1", "-o", out.path], cache: Self.cache)
            #expect(r.code == 0, "\(preview) \(scheme): \(r.stderr)")
            #expect(try Self.everyPixel(out, is: (UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255)) == nil, "\(preview) \(scheme)")
        }
        // --view names an internal type of a target.
        let swatch = out.appendingPathComponent("swatch.png")
        let v = try Self.render([package.path, "--view", "Swatch", "--size", "4x4", "--scale", "1", "-o", swatch.path], cache: Self.cache)
        #expect(v.code == 0, "\(v.stderr)")
        #expect(try Self.everyPixel(swatch, is: (52, 199, 89, 255)) == nil)

        // The shader is read from the package, not copied: an edit shows at the next render.
        let shader = package.appendingPathComponent("Sources/GlowKit/Shaders/Tint.metal")
        try String(contentsOf: shader, encoding: .utf8).replacingOccurrences(of: "tintColor.rgb * color.a", with: "half3(1, 0, 0) * color.a")
            .write(to: shader, atomically: true, encoding: .utf8)
        let red = try Self.render([package.path, "--preview", "Tinted", "--scale", "1", "-o", tinted.path], cache: Self.cache)
        #expect(red.code == 0, "\(red.stderr)")
        #expect(try Self.everyPixel(tinted, is: (255, 0, 0, 255)) == nil)

        // A compile error names the package's own file and line.
        let previews = package.appendingPathComponent("Sources/GlowKitUI/Previews.swift")
        try String(contentsOf: previews, encoding: .utf8).replacingOccurrences(of: "Rectangle().glowTint(.green)", with: "Rectangle().glowTnt(.green)")
            .write(to: previews, atomically: true, encoding: .utf8)
        let broken = try Self.render([package.path, "--preview", "Dot", "-o", dot.path], cache: Self.cache)
        #expect(broken.code == 1 && broken.stderr.contains(previews.path + ":6:"), "\(broken.stderr)")
        #expect(broken.stderr.contains("did not compile ("), "\(broken.stderr)")
    }

    /// `scanline preview PACKAGE`: the preview is served, and an edit of the package's shader (a
    /// declared resource) is watched and shown.
    @Test(.timeLimit(.minutes(30))) func aPackagesPreviewIsServedAndFollowsItsShader() async throws {
        let package = try Self.packageCopy("scanline-package-preview")
        let preview = try Preview(["preview", package.path, "--preview", "Tinted", "--scale", "1", "--cache", Self.cache.path])
        defer { preview.stop() }
        _ = try preview.url(timeout: 300)
        let port = try #require(preview.port)
        let frame = package.deletingLastPathComponent().appendingPathComponent("frame.png")
        /// The served frame's first pixel, once it is `rgba` (nil when it never is in 120 s).
        func served(_ rgba: (UInt8, UInt8, UInt8, UInt8)) async throws -> String? {
            var last = "nothing served"
            for _ in 0..<600 {
                let r = await PreviewServerTests.get("/frame.png?frame=0", port: port)
                if r.status == 200 {
                    try r.body.write(to: frame)
                    if let image = try? PixelBuffer(contentsOf: frame) {
                        if image[0, 0] == rgba { return try Self.everyPixel(frame, is: rgba) }
                        last = "\(image[0, 0])"
                    }
                }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
            return "never \(rgba), last \(last): \(preview.stderr)"
        }
        #expect(try await served((52, 199, 89, 255)) == nil)
        let shader = package.appendingPathComponent("Sources/GlowKit/Shaders/Tint.metal")
        try String(contentsOf: shader, encoding: .utf8).replacingOccurrences(of: "tintColor.rgb * color.a", with: "half3(1, 0, 0) * color.a")
            .write(to: shader, atomically: true, encoding: .utf8)
        #expect(try await served((255, 0, 0, 255)) == nil)
    }

    /// `swift build $(scanline build-flags)` builds the package, written for Apple's platforms and
    /// not depending on Scanline, unchanged: its targets, its macros, and its app linked.
    @Test(.timeLimit(.minutes(30))) func swiftBuildBuildsTheUnchangedPackageWithScanlinesFlags() async throws {
        let package = try Self.packageCopy("scanline-build-flags")
        let flags = try Binary.capture(["build-flags"])
        #expect(flags.code == 0, "\(flags.stderr)")
        let words = String(decoding: flags.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words.contains("-lScanlineKit") && words.contains(where: { $0.hasSuffix("#ScanlineMacros") }), "\(words)")
        let (status, output) = try await DependentPackageTests.swift(["build", "--package-path", package.path] + words)
        #expect(status == 0, "swift build failed:\n\(output.suffix(3000))")
        let demo = try runTool(package.appendingPathComponent(".build/debug/Demo"), [])
        #expect(demo.code == 0 && demo.output == "demo\n", "\(demo.output)")
        // An app run on Linux: no window, one line that says so, exit status 1.
        let app = try runTool(package.appendingPathComponent(".build/debug/GlowApp"), [])
        #expect(app.code == 1 && app.output == "GlowApp: a SwiftUI App shows its scenes in windows, and Scanline has none; render its views with `scanline render` (a package's #Previews by name) or `scanline preview`\n", "\(app.output)")
    }

    /// Loose files that use `Bundle.module` get one made from the folders of the files given.
    @Test(.timeLimit(.minutes(30))) func looseFilesGetABundleModuleFromTheirFolders() throws {
        let out = makeTestFolder("scanline-loose-bundle").appendingPathComponent("paper.png")
        let r = try Self.render([Self.fixtures.appendingPathComponent("Paper.swift").path, Self.fixtures.appendingPathComponent("Ripple.metal").path,
                                 "--scale", "1", "-o", out.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr)")
        let image = try PixelBuffer(contentsOf: out)
        #expect(image.width == 20 && image[5, 5] == (52, 199, 89, 255) && image[15, 5] == (0, 0, 255, 255), "\(image[5, 5]) \(image[15, 5])")
    }

    /// Xcode's names for asset symbols, and colour sets read as Xcode writes them.
    @Test func assetSymbolsAndColorSetsAreReadAsXcodeWritesThem() throws {
        #expect(UserPackage.symbolName("Glow Tint Color") == "glowTint" && UserPackage.symbolName("shapeBase") == "shapeBase")
        #expect(UserPackage.symbolName("inner-shimmer") == "innerShimmer" && UserPackage.symbolName("2Tone") == "_2Tone")
        #expect(UserPackage.symbolName("Color") == "color" && UserPackage.symbolName(" ") == nil)
        let hex = try #require(NamedColors.rgba(["components": ["red": "0xFF", "green": "0x80", "blue": "0x00", "alpha": "1.000"]]))
        #expect(hex.red == 1 && abs(hex.green - 128.0 / 255) < 1e-12 && hex.blue == 0 && hex.opacity == 1)
        let whole = try #require(NamedColors.rgba(["components": ["red": "255", "green": "0", "blue": "51", "alpha": "0.5"]]))
        #expect(whole.red == 1 && whole.blue == 0.2 && whole.opacity == 0.5)
        let grey = try #require(NamedColors.rgba(["color-space": "gray-gamma-22", "components": ["white": "0.25", "alpha": "1"]]))
        #expect(grey.red == 0.25 && grey.green == 0.25 && grey.blue == 0.25)
        #expect(NamedColors.rgba(["components": ["red": "x"]]) == nil)
    }

    /// A package whose preview uses the products of two other packages: one by path, one by URL
    /// that SwiftPM has checked out (`.build/checkouts/Rings`, put there by hand here). Their
    /// targets are built first, each as a package of its own is.
    @Test(.timeLimit(.minutes(30))) func aPackagesDependenciesByPathAndCheckedOutAreBuiltWithIt() throws {
        let folder = makeTestFolder("scanline-user-package-dependencies")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ files: [String: String], in root: URL) throws {
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\n"
        let app = folder.appendingPathComponent("App")
        // Swatches (by path): a 10 × 10 green square, in a target that depends on another of its own.
        try write(["Package.swift": manifest + #"let package = Package(name: "Swatches", products: [.library(name: "SwatchKit", targets: ["SwatchKit"])], targets: [.target(name: "Base"), .target(name: "SwatchKit", dependencies: ["Base"])])"#,
                   "Sources/Base/Base.swift": "import SwiftUI\npublic let swatchSide: CGFloat = 10\n",
                   "Sources/SwatchKit/Swatch.swift": "import SwiftUI\nimport Base\npublic struct Swatch: View {\n    public init() {}\n    public var body: some View { Color.green.frame(width: swatchSide, height: swatchSide) }\n}\n"],
                  in: folder.appendingPathComponent("Swatches"))
        // Rings (by URL, checked out, and named by its product alone, as `dependencies: ["Rings"]`
        // names a package's product of the package's name): a blue 10 × 10 square.
        try write(["Package.swift": manifest + #"let package = Package(name: "Rings", products: [.library(name: "Rings", targets: ["Rings"])], targets: [.target(name: "Rings")])"#,
                   "Sources/Rings/Ring.swift": "import SwiftUI\npublic struct Ring: View {\n    public init() {}\n    public var body: some View { Color.blue.frame(width: 10, height: 10) }\n}\n\n#Preview(\"Ring alone\") { Ring() }\n"],
                  in: app.appendingPathComponent(".build/checkouts/Rings"))
        try write(["Package.swift": manifest + #"let package = Package(name: "App", dependencies: [.package(path: "../Swatches"), .package(url: "https://example.com/Rings.git", from: "1.0.0")], targets: [.target(name: "Screens", dependencies: [.product(name: "SwatchKit", package: "Swatches"), "Rings"])])"#,
                   "Sources/Screens/Screen.swift": "import SwiftUI\nimport SwatchKit\nimport Rings\n\n#Preview(\"Both\") { HStack(spacing: 0) { Swatch(); Ring() } }\n"],
                  in: app)
        // The package's previews are its own: a dependency's are neither listed nor the default.
        let list = try Binary.capture(["render", app.path, "--list-previews"])
        let listed = String(decoding: list.stdout, as: UTF8.self)
        #expect(list.code == 0 && listed.contains("\"Both\"") && !listed.contains("Ring alone"), "\(listed)\(list.stderr)")
        let out = folder.appendingPathComponent("both.png")
        let r = try Self.render([app.path, "--scale", "1", "-o", out.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr)")
        let image = try PixelBuffer(contentsOf: out)
        // System green (52, 199, 89) from Swatches, then system blue (0, 122, 255) from Rings.
        #expect(image.width == 20 && image.height == 10, "\(image.width) × \(image.height)")
        #expect(image[5, 5] == (52, 199, 89, 255) && image[15, 5] == (0, 122, 255, 255), "\(image[5, 5]) \(image[15, 5])")
    }

    @Test func packagesScanlineCannotBuildAreRefusedWithWhy() throws {
        let folder = makeTestFolder("scanline-user-package-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        func package(_ manifest: String, files: [String: String] = ["Sources/A/A.swift": "import SwiftUI\n"]) throws -> URL {
            let root = folder.appendingPathComponent("P\(UInt32.random(in: 0...UInt32.max))")
            for (path, text) in files.merging(["Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n" + manifest], uniquingKeysWith: { a, _ in a }) {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            return root
        }
        func refused(_ root: URL) throws -> String {
            let r = try Binary.run(["render", root.path, "-o", folder.appendingPathComponent("x.png").path])
            #expect(r.code != 0 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "one error line: \(r.stderr)")
            return r.stderr
        }
        let other = try package(#"let package = Package(name: "P", dependencies: [.package(url: "https://example.com/c.git", from: "1.0.0")], targets: [.target(name: "A", dependencies: [.product(name: "Collections", package: "c")])])"#)
        #expect(try refused(other).contains("the target A depends on the product Collections of the package c (https://example.com/c.git), which is not checked out in \(other.path)/.build/checkouts: run swift build in the package first"))
        let tests = try package(#"let package = Package(name: "P", targets: [.testTarget(name: "T")])"#, files: ["Tests/T/T.swift": "import XCTest\n"])
        #expect(try refused(tests).contains("the package has no library or executable target"))
        let broken = try package("let package = Package(name: \"P\", targets: [.target(name: \"A\")]")
        #expect(try refused(broken).contains("cannot read \(broken.path)/Package.swift: "))
        let c = try package(#"let package = Package(name: "P", targets: [.target(name: "A")])"#, files: ["Sources/A/a.c": "int a;\n"])
        #expect(try refused(c).contains("the target A has no Swift files"))
        let notPackage = folder.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: notPackage, withIntermediateDirectories: true)
        #expect(try refused(notPackage).contains("is a folder without a Package.swift"))
    }

    /// The manifest's settings as `dump-package` writes them: only those that apply on Linux in a
    /// debug build reach the compiler.
    @Test func settingsApplyWhereTheirConditionsSay() throws {
        // The target's folder is the test's own (it has Swift files).
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent()
        let json: [String: Any] = [
            "name": "P", "toolsVersion": ["_version": "6.0.0"],
            "targets": [[
                "name": "My-Lib", "type": "regular", "path": ".",
                "settings": [
                    ["kind": ["define": ["_0": "ALL"]], "tool": "swift"],
                    ["condition": ["platformNames": ["ios"]], "kind": ["define": ["_0": "IOS"]], "tool": "swift"],
                    ["condition": ["platformNames": ["linux", "macos"]], "kind": ["define": ["_0": "LINUX"]], "tool": "swift"],
                    ["condition": ["config": "release"], "kind": ["define": ["_0": "RELEASE"]], "tool": "swift"],
                    ["kind": ["enableUpcomingFeature": ["_0": "ExistentialAny"]], "tool": "swift"],
                    ["kind": ["swiftLanguageMode": ["_0": "5"]], "tool": "swift"],
                    ["kind": ["linkedLibrary": ["_0": "m"]], "tool": "linker"],
                ] as [[String: Any]],
            ] as [String: Any]],
        ]
        var target = try #require((json["targets"] as? [[String: Any]])?.first)
        target["path"] = here.lastPathComponent
        let package = try UserPackage.parse(json.merging(["targets": [target]], uniquingKeysWith: { _, b in b }), root: root)
        let t = try #require(package.targets.first)
        #expect(t.module == "My_Lib")
        #expect(t.flags == ["-D", "ALL", "-D", "LINUX", "-enable-upcoming-feature", "ExistentialAny"])
        #expect(t.languageMode == "5" && t.linkerFlags == ["-lm"])
        #expect(t.swiftFiles.contains(URL(fileURLWithPath: #filePath).standardizedFileURL.path))
        // Without a mode of its own, tools version 6 means Swift 6.
        target["settings"] = []
        #expect(try UserPackage.parse(json.merging(["targets": [target]], uniquingKeysWith: { _, b in b }), root: root).targets.first?.languageMode == "6")
    }
}
