import Scanline

/// A prebuilt Scanline that a user's files are compiled against, so that `scanline render
/// FILE.swift` and `scanline preview FILE.swift` compile only the user's files (about a second)
/// instead of building Scanline in the cache first (minutes). docs/PREBUILT.md describes it.
///
/// It is a folder holding:
/// - `libScanlineKit.so`: the `ScanlineKit` dynamic product (the `SwiftUI`, `Scanline` (with `ScanlineCore` and `ScanlineExport`),
///   `ScanlineBlocks`, `ScanlineCLI`, `simd` and `CoreGraphics` modules, from the object files the `scanline` binary is
///   linked from);
/// - `Modules/`: those modules' `.swiftmodule` files;
/// - the C modules they import, `internal` as they are: the compiler still loads them to import
///   a non-resilient module, so their module maps travel too (`CModules/NAME/` when installed; the
///   source tree's `Sources/NAME/` and SwiftPM's generated `CScanline.build/` in a build folder);
/// - `Scanline_ScanlineBlocks.resources`, the seed shaders' bundle;
/// - `swift-version*.txt`, the `swiftc --version` of the toolchain that built it.
///
/// Two places are looked at, next to the running binary: `../lib/scanline` (what `make install`
/// puts in `PREFIX/lib/scanline`) and the binary's own folder (`.build/release` or
/// `.build/debug`, after `make release` or `swift build --product ScanlineKit`).
///
/// Swift modules of this kind (no library evolution) can be imported only by the compiler that
/// wrote them, so the toolchain is checked first and a different one is refused with what to do.
struct PrebuiltScanline: Sendable, Equatable {
    /// The folder (see the type's comment).
    var folder: URL
    /// The `swiftc --version` text of the toolchain that built it, trimmed.
    var builtWith: String
    /// The C modules' module maps, passed to the compiler with `-fmodule-map-file`.
    var moduleMaps: [URL]

    /// The C modules Scanline's Swift modules import.
    static let cModules = ["CCairo", "CGif", "CPNG", "CPango", "CWebP", "CScanline"]
    /// The Swift modules a user's view may import (and the ones they import).
    static let swiftModules = ["SwiftUI", "Scanline", "ScanlineCore", "ScanlineExport", "ScanlineBlocks", "ScanlineCLI", "SwiftSourceText", "simd", "CoreGraphics", "_Testing_CoreGraphics", "Combine", "QuartzCore"]
    /// The shared library's file name.
    static let libraryName = "libScanlineKit.so"
    /// The macro plugin's executable, as SwiftPM names it in the build folder.
    static let macroPlugin = "ScanlineMacros-tool"
    /// The resource bundles placed beside a user's binary, where `Bundle.module` looks first.
    static let resourceBundles = ["Scanline_ScanlineBlocks.resources"]

    var library: URL { folder.appendingPathComponent(Self.libraryName) }
    var modules: URL { folder.appendingPathComponent("Modules") }

    /// Why no usable prebuilt Scanline was found: each case says what to do.
    enum Problem: Error, CustomStringConvertible, Equatable {
        /// None next to the binary.
        case notFound(looked: [String])
        /// Built by another toolchain than the one on PATH.
        case toolchainDiffers(folder: String, builtWith: String, current: String)
        /// Part of it is newer than its library (a build of `--product scanline` alone after an edit).
        case outOfDate(folder: String, newer: String)
        /// A piece is missing.
        case incomplete(folder: String, missing: String)

        var description: String {
            switch self {
            case let .notFound(looked):
                return "no prebuilt Scanline next to this binary (looked in \(looked.joined(separator: ", "))); `make release` or `make install` builds one"
            case let .toolchainDiffers(folder, builtWith, current):
                return "the prebuilt Scanline in \(folder) was built by '\(builtWith)', but the swiftc on PATH is '\(current)', which cannot import its modules: "
                    + "rebuild it with this toolchain (`make install`, or `make release` in a checkout), or add --from-source to build Scanline from its sources in the cache (minutes, once)"
            case let .outOfDate(folder, newer):
                return "the prebuilt Scanline in \(folder) is out of date (\(newer) is newer than \(PrebuiltScanline.libraryName)): "
                    + "rebuild it (`make release`, or `swift build -c release --product ScanlineKit`), or add --from-source"
            case let .incomplete(folder, missing):
                return "the prebuilt Scanline in \(folder) is incomplete (no \(missing)): rebuild it with `make install` or `make release`, or add --from-source"
            }
        }
    }

    /// The running binary's path: `/proc/self/exe`, as `argv[0]` is only `scanline` when the
    /// shell found it on PATH.
    static var runningExecutable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return URL(fileURLWithPath: path) }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The folders looked in, for the binary at `executable`: the installed kit first, then the
    /// binary's own build folder.
    static func candidates(executable: URL) -> [URL] {
        let dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [dir.deletingLastPathComponent().appendingPathComponent("lib/scanline"), dir].map(\.standardizedFileURL)
    }

    /// The prebuilt Scanline next to the running binary, checked against the toolchain whose
    /// `swiftc --version` is `currentToolchain`.
    static func find(executable: URL = runningExecutable, currentToolchain: String) throws -> PrebuiltScanline {
        let fm = FileManager.default
        let places = candidates(executable: executable)
        guard let folder = places.first(where: { fm.fileExists(atPath: $0.appendingPathComponent(libraryName).path) }) else {
            throw Problem.notFound(looked: places.map(\.path))
        }
        return try load(folder, currentToolchain: currentToolchain)
    }

    /// Reads and checks the kit in `folder`.
    static func load(_ folder: URL, currentToolchain: String) throws -> PrebuiltScanline {
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let versionFile = names.sorted().first(where: { $0.hasPrefix("swift-version") && $0.hasSuffix(".txt") }),
              let recorded = try? String(contentsOf: folder.appendingPathComponent(versionFile), encoding: .utf8) else {
            throw Problem.incomplete(folder: folder.path, missing: "swift-version.txt")
        }
        let builtWith = recorded.trimmingCharacters(in: .whitespacesAndNewlines)
        guard builtWith == currentToolchain else {
            throw Problem.toolchainDiffers(folder: folder.path, builtWith: firstLine(builtWith), current: firstLine(currentToolchain))
        }
        // The module maps: installed copies, else SwiftPM's generated one and the source tree's
        // (the package folder above `.build/<triple>/<configuration>`).
        var maps: [URL] = []
        let package = sequence(first: folder) { $0.pathComponents.count > 1 ? $0.deletingLastPathComponent() : nil }
            .dropFirst().prefix(4).first { fm.fileExists(atPath: $0.appendingPathComponent("Package.swift").path) }
        for name in cModules {
            let installed = folder.appendingPathComponent("CModules/\(name)/module.modulemap")
            let built = name == "CScanline" ? folder.appendingPathComponent("CScanline.build/module.modulemap")
                : package?.appendingPathComponent("Sources/\(name)/module.modulemap")
            guard let map = [installed, built].compactMap({ $0 }).first(where: { fm.fileExists(atPath: $0.path) }) else {
                throw Problem.incomplete(folder: folder.path, missing: "module map for \(name)")
            }
            maps.append(map)
        }
        let kit = PrebuiltScanline(folder: folder, builtWith: builtWith, moduleMaps: maps)
        let libraryDate = try modificationDate(kit.library)
        for module in swiftModules {
            let file = kit.modules.appendingPathComponent("\(module).swiftmodule")
            guard fm.fileExists(atPath: file.path) else { throw Problem.incomplete(folder: folder.path, missing: "Modules/\(module).swiftmodule") }
            if try modificationDate(file) > libraryDate { throw Problem.outOfDate(folder: folder.path, newer: "Modules/\(module).swiftmodule") }
        }
        return kit
    }

    static func firstLine(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }

    static func modificationDate(_ url: URL) throws -> Date {
        guard let d = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date else {
            throw Problem.incomplete(folder: url.deletingLastPathComponent().path, missing: url.lastPathComponent)
        }
        return d
    }

    /// `swiftc --version` of the toolchain that builds users' files (`swiftc` beside `swift`).
    static func currentToolchain(_ swiftc: URL) throws -> String {
        var text = ""
        let status = try UserView.run(swiftc, ["--version"]) { text += $0 + "\n" }
        guard status == 0 else { throw ScanlineError.renderFailed(reason: "\(swiftc.path) --version exited \(status)") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The C header search flags of the libraries behind the C modules, from pkg-config (the
    /// `-dev` packages `make setup` installs), for the compiler's importer.
    static func cFlags() throws -> [String] {
        let packages = ["cairo", "pango", "fontconfig", "freetype2", "harfbuzz", "libpng", "libwebpmux"]
        var text = ""
        let tool = ["/usr/bin/pkg-config", "/usr/local/bin/pkg-config"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { throw ScanlineError.fileNotFound(path: "pkg-config (install it with `make setup`, or apt-get install pkg-config)") }
        let status = try UserView.run(URL(fileURLWithPath: tool), ["--cflags"] + packages) { text += $0 + " " }
        guard status == 0 else {
            throw ScanlineError.renderFailed(reason: "pkg-config --cflags \(packages.joined(separator: " ")) failed: \(text.trimmingCharacters(in: .whitespacesAndNewlines)) (run `make setup`)")
        }
        return text.split(separator: " ").map(String.init).filter { $0.hasPrefix("-I") || $0.hasPrefix("-D") }
    }

    /// When the library and the macro plugin were last built, for the stamps of what is compiled
    /// against them: a changed macro expands users' files anew even when the library is the same.
    var builtAt: String {
        [library, folder.appendingPathComponent(Self.macroPlugin)]
            .map { String(describing: (try? Self.modificationDate($0))?.timeIntervalSince1970 ?? 0) }.joined(separator: " ")
    }

    /// The `swiftc` arguments every compile against this kit shares: the modules and C modules to
    /// import, the module cache, `DEBUG` defined (as Xcode does for previews: public code keeps
    /// its `#Preview`s in `#if DEBUG`), `-O` as the source build, and the macro plugin.
    func sharedArguments(moduleCache: URL, cFlags: [String]) -> [String] {
        var args = ["-parse-as-library", "-O", "-D", "DEBUG", "-I", modules.path, "-module-cache-path", moduleCache.path]
        for map in moduleMaps { args += ["-Xcc", "-fmodule-map-file=" + map.path] }
        for flag in cFlags { args += ["-Xcc", flag] }
        // SwiftUI's macros (#Preview, @Entry …) expand through Scanline's plugin, built beside the kit.
        let macros = folder.appendingPathComponent(Self.macroPlugin)
        if FileManager.default.isExecutableFile(atPath: macros.path) { args += ["-load-plugin-executable", macros.path + "#ScanlineMacros"] }
        return args
    }

    /// `swift build`'s flags for a package that imports SwiftUI without depending on Scanline
    /// (`scanline build-flags`): the kit's modules and C modules for the compiler, the macro
    /// plugin, and the library with its run path for the linker.
    func swiftBuildFlags(cFlags: [String]) -> [String] {
        var flags = ["-Xswiftc", "-I", "-Xswiftc", modules.path]
        let macros = folder.appendingPathComponent(Self.macroPlugin)
        if FileManager.default.isExecutableFile(atPath: macros.path) { flags += ["-Xswiftc", "-load-plugin-executable", "-Xswiftc", macros.path + "#ScanlineMacros"] }
        for map in moduleMaps { flags += ["-Xcc", "-fmodule-map-file=" + map.path] }
        for flag in cFlags { flags += ["-Xcc", flag] }
        flags += ["-Xlinker", "-L" + folder.path, "-Xlinker", "-lScanlineKit", "-Xlinker", "-rpath", "-Xlinker", folder.path]
        return flags
    }

    /// The `swiftc` arguments that compile `sources` into the executable `output` against this
    /// kit, in Swift 5 mode as the source build, with the kit's folder as the binary's run path.
    /// `extra` comes after the sources: for a package, its modules' folder (`-I`), its targets'
    /// objects and their linker flags.
    func compilerArguments(sources: [String], extra: [String] = [], output: URL, moduleCache: URL, cFlags: [String]) -> [String] {
        var args = ["-module-name", UserView.moduleName, "-swift-version", "5"] + sharedArguments(moduleCache: moduleCache, cFlags: cFlags)
        // The kit is the first library the binary needs, ahead of Foundation and the C library, so
        // that its definitions of the C library's clocks and CoreFoundation's run-loop timers
        // (Sources/CScanline/clock.c) are the ones the process uses (docs/TIME.md).
        args += [library.path] + sources + extra
        args += ["-L", folder.path, "-Xlinker", "-rpath", "-Xlinker", folder.path, "-o", output.path]
        return args
    }

    /// Links the kit's resource bundles into `folder`, beside a binary built against it, where
    /// `Bundle.module` looks first.
    func placeResources(in folder: URL) throws {
        let fm = FileManager.default
        for name in Self.resourceBundles {
            let source = self.folder.appendingPathComponent(name)
            let link = folder.appendingPathComponent(name)
            if (try? fm.destinationOfSymbolicLink(atPath: link.path)) == source.path { continue }
            try? fm.removeItem(at: link)
            if fm.fileExists(atPath: source.path) { try fm.createSymbolicLink(at: link, withDestinationURL: source) }
        }
    }
}
