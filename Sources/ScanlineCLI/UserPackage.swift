import Scanline
import SwiftSourceText
#if canImport(Glibc)
import Glibc
#endif

/// A user's SwiftPM package, for `scanline render PACKAGE` and `scanline preview PACKAGE`
/// (issue #43 point 6): its library and app targets are built as SwiftPM builds them, against the
/// prebuilt Scanline, and its `#Preview`s are listed and rendered by name, as Xcode's canvas does.
///
/// What is read from the manifest (`swift package dump-package`):
/// - the **regular and executable targets**, each compiled into a module of its own in
///   dependency order; an executable's entry point (`main.swift`, or its `@main` type) is given
///   another symbol, so its previews render beside the render's own `main`, and its top-level
///   code never runs; test, macro and plugin targets are not built;
/// - each target's folder (`path:`, else `Sources/NAME`, `Source/NAME`, `src/NAME` or
///   `srcs/NAME`), `sources:`, `exclude:` and `resources:`;
/// - dependencies on the package's own targets, on Scanline's products (`SwiftUI`, `Scanline`,
///   `simd` …), which the prebuilt Scanline provides, and on the library products of other
///   packages: one given by path (`.package(path:)`), or one SwiftPM has checked out in the
///   package's `.build/checkouts` (after a `swift build`), whose targets are built first, read as
///   this type reads any package; a package by URL not checked out yet is an error that says so;
/// - the language mode (`swiftLanguageModes`, else 6 for tools version 6 and later, else 5) and
///   the Swift settings `define`, `enableUpcomingFeature`, `enableExperimentalFeature`,
///   `swiftLanguageMode`, `unsafeFlags` and `linkedLibrary`, unless their condition names
///   platforms without Linux or the release configuration.
///
/// **Resources and `Bundle.module`**, as SwiftPM makes them on Linux: a target with resources gets
/// a folder `<Package>_<Target>.resources` beside the program and a `Bundle.module` that opens
/// it. `.process` resources are placed at the folder's top level (a folder's files one by one),
/// `.copy` ones as they are. `.metal` files and asset catalogs in a target are resources without
/// being declared, as SwiftPM treats them on Apple's platforms, so `ShaderLibrary.bundle(.module)`
/// and `Image(_:bundle: .module)` find them.
struct UserPackage: Sendable {
    /// A library or executable target.
    struct Target: Sendable {
        /// The name in the manifest, and the module's (letters, digits and `_`).
        var name: String
        var module: String
        var folder: URL
        /// The Swift files compiled into the module, full paths, sorted.
        var swiftFiles: [String]
        /// The `.metal` files in the folder that no declared resource holds.
        var metalFiles: [String]
        /// The declared resources: a file or folder, and whether it is copied as it is (`.copy`).
        var resources: [(path: String, copy: Bool)]
        /// The targets it depends on (names): the package's own, then those of the other
        /// packages' products it uses.
        var dependencies: [String]
        /// The other packages' products it depends on: (product, package identity).
        var products: [(product: String, package: String)] = []
        /// `swiftc` flags from its settings, and the language mode.
        var flags: [String]
        var languageMode: String
        /// Flags for the link (`linkedLibrary`).
        var linkerFlags: [String]
        var hasResources: Bool { !resources.isEmpty || !metalFiles.isEmpty }
        /// Whether it is the package's own, not another package's it depends on.
        var isOwn = true
        /// An app's or a tool's target: built as the others, its entry point renamed
        /// (`entryPoint`) so that it does not clash with the render's own `main`.
        var isExecutable = false
        /// The symbol an executable target's `main.swift` or `@main` type becomes.
        var entryPoint: String { "scanline_entry_\(module)" }
        /// Whether it has top-level code: an executable's `main.swift` (else its `@main` type is
        /// read as in a library, as SwiftPM does).
        var hasMainFile: Bool { isExecutable && swiftFiles.contains { URL(fileURLWithPath: $0).lastPathComponent == "main.swift" } }
        /// The compiler flags that make an executable's entry point `entryPoint`.
        var entryFlags: [String] { isExecutable ? ["-Xfrontend", "-entry-point-function-name", "-Xfrontend", entryPoint] : [] }
    }

    var root: URL
    var name: String
    /// The library and executable targets, each after the targets it depends on (other packages' first).
    var targets: [Target]
    /// The library products, by name: the targets each holds.
    var products: [String: [String]] = [:]
    /// What the render should know (targets not built, settings not used).
    var notes: [String] = []

    var swiftFiles: [String] { targets.flatMap(\.swiftFiles) }
    /// The Swift files of the package's own targets: where its previews are.
    var ownSwiftFiles: [String] { targets.filter(\.isOwn).flatMap(\.swiftFiles) }
    var metalFiles: [String] { targets.flatMap(\.metalFiles) }
    /// Every `.metal` file the targets have, declared resources' included: what `scanline
    /// preview` watches.
    var allMetalFiles: [String] {
        var all = metalFiles
        for r in targets.flatMap(\.resources) {
            if r.path.hasSuffix(".metal") { all.append(r.path); continue }
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: r.path), includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker where url.pathExtension.lowercased() == "metal" { all.append(url.standardizedFileURL.path) }
        }
        return all.sorted()
    }

    /// The target whose module holds `file` (a full path).
    func target(of file: String) -> Target? { targets.first { $0.swiftFiles.contains(file) } }

    /// Scanline's products, which the prebuilt Scanline provides to a package that names them.
    static let scanlineProducts: Set<String> = ["SwiftUI", "Scanline", "ScanlineBlocks", "ScanlineCLI", "simd", "CoreGraphics", "Combine", "QuartzCore"]

    /// Whether `path` is a folder: given to `render` or `preview`, a package's (`files` says
    /// when it has no `Package.swift`).
    static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Whether `path` is a package folder (a folder holding `Package.swift`).
    static func isPackage(_ path: String) -> Bool {
        isFolder(path) && FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("Package.swift").path)
    }

    /// The module name SwiftPM gives a target: every character but letters, digits and `_` made
    /// `_`, and a leading digit prefixed with `_`.
    static func moduleName(_ target: String) -> String {
        var name = String(target.unicodeScalars.map { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" ? Character($0) : "_" })
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    /// Reads the package at `folder` with `swift package dump-package`.
    static func read(_ folder: URL) throws -> UserPackage {
        let root = folder.standardizedFileURL
        let manifest = try dumpPackage(root)
        guard let json = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any] else {
            throw ScanlineError.unreadableFile(path: root.appendingPathComponent("Package.swift").path, reason: "swift package dump-package printed no manifest")
        }
        return try parse(json, root: root)
    }

    /// `swift package dump-package`'s JSON; its errors (the manifest's own) are thrown, first line first.
    static func dumpPackage(_ root: URL) throws -> Data {
        let ended = try ChildProcess.run(try UserView.swiftTool(), ["package", "dump-package", "--package-path", root.path],
                                         stderr: .keep, stop: .killTree)
        guard ended.status == 0 else {
            let lines = String(decoding: ended.stderr, as: UTF8.self).split(separator: "\n").map(String.init)
            let first = lines.first { $0.contains("error:") } ?? lines.first ?? "exit \(ended.status)"
            throw ScanlineError.unreadableFile(path: root.appendingPathComponent("Package.swift").path, reason: first)
        }
        return ended.stdout
    }

    /// The package from `dump-package`'s JSON (see the type's comment for what is read).
    static func parse(_ json: [String: Any], root: URL) throws -> UserPackage {
        let name = json["name"] as? String ?? root.lastPathComponent
        let tools = ((json["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? "5.9.0"
        let toolsMajor = Int(tools.split(separator: ".").first ?? "5") ?? 5
        let modes = (json["swiftLanguageVersions"] as? [Any] ?? json["swiftLanguageModes"] as? [Any] ?? []).compactMap(languageMode)
        let packageMode = modes.sorted().last ?? (toolsMajor >= 6 ? "6" : "5")
        let rawTargets = json["targets"] as? [[String: Any]] ?? []
        let names = Set(rawTargets.compactMap { $0["name"] as? String })
        var notes: [String] = []
        var targets: [String: Target] = [:]
        var order: [String] = []
        var external: [Target] = []
        let packages = PackageDependencies(json, root: root)
        for raw in rawTargets {
            guard let tname = raw["name"] as? String else { continue }
            let type = raw["type"] as? String ?? "regular"
            guard type == "regular" || type == "executable" else { continue }
            var t = try target(raw, name: tname, root: root, packageMode: packageMode, targetNames: names, notes: &notes)
            t.isExecutable = type == "executable"
            // Another package's product: its targets, built before this one's.
            for (product, package) in t.products {
                let theirs = try packages.targets(of: product, in: package, for: tname)
                for var dep in theirs where !external.contains(where: { $0.name == dep.name }) {
                    dep.isOwn = false
                    if names.contains(dep.name) {
                        throw ScanlineError.unreadableFile(path: root.appendingPathComponent("Package.swift").path,
                                                           reason: "the target \(dep.name) of the package \(package) has the name of one of this package's targets")
                    }
                    external.append(dep)
                }
                t.dependencies += theirs.map(\.name)
            }
            targets[tname] = t
            order.append(tname)
        }
        for t in external { targets[t.name] = t }
        // Each target after those it depends on; a dependency that is not a library or executable target is an error.
        var sorted: [Target] = [], state: [String: Int] = [:]
        func visit(_ n: String, from: String) throws {
            guard let t = targets[n] else {
                throw ScanlineError.unreadableFile(path: root.appendingPathComponent("Package.swift").path,
                                                   reason: "the target \(from) depends on \(n), which is not a library or executable target; scanline render builds only those")
            }
            if state[n] == 2 { return }
            if state[n] == 1 { throw ScanlineError.unreadableFile(path: root.appendingPathComponent("Package.swift").path, reason: "the targets \(from) and \(n) depend on each other") }
            state[n] = 1
            for d in t.dependencies { try visit(d, from: n) }
            state[n] = 2
            sorted.append(t)
        }
        for n in order { try visit(n, from: n) }
        guard !sorted.isEmpty else {
            throw UsageError("\(root.path): the package has no library or executable target to render from (scanline render builds those)")
        }
        var products: [String: [String]] = [:]
        for p in json["products"] as? [[String: Any]] ?? [] {
            if let n = p["name"] as? String, let ts = p["targets"] as? [String], (p["type"] as? [String: Any])?["library"] != nil { products[n] = ts }
        }
        return UserPackage(root: root, name: name, targets: sorted, products: products, notes: notes)
    }

    /// "5" or "6" from a language mode as the manifest's JSON writes it (`"5"`, `{"v6": {}}`,
    /// `{"version": {"_0": "6"}}`).
    static func languageMode(_ any: Any) -> String? {
        if let s = any as? String { return s.hasPrefix("v") ? String(s.dropFirst()) : s.split(separator: ".").first.map(String.init) }
        if let d = any as? [String: Any] {
            for (k, v) in d {
                if k.hasPrefix("v"), Int(k.dropFirst()) != nil { return String(k.dropFirst()) }
                if let m = languageMode(v) { return m }
            }
        }
        if let a = any as? [Any] { return a.lazy.compactMap(languageMode).first }
        return nil
    }

    /// One regular target from the manifest's JSON.
    static func target(_ raw: [String: Any], name: String, root: URL, packageMode: String, targetNames: Set<String>,
                       notes: inout [String]) throws -> Target {
        let fm = FileManager.default
        let manifest = root.appendingPathComponent("Package.swift").path
        let folder: URL
        if let path = raw["path"] as? String {
            folder = root.appendingPathComponent(path).standardizedFileURL
        } else {
            guard let found = ["Sources", "Source", "src", "srcs"].map({ root.appendingPathComponent($0).appendingPathComponent(name) })
                .first(where: { fm.fileExists(atPath: $0.path) }) else {
                throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(name) has no folder (looked for Sources/\(name))")
            }
            folder = found
        }
        // Dependencies: the package's own targets, and Scanline's products.
        var dependencies: [String] = []
        var products: [(product: String, package: String)] = []
        for dep in raw["dependencies"] as? [[String: Any]] ?? [] {
            if let byName = dep["byName"] as? [Any], let n = byName.first as? String {
                // By name, as SwiftPM reads it: a target of the package, else the product of that
                // name of the package of that name (`dependencies: ["ShapeUp"]`).
                if targetNames.contains(n) { dependencies.append(n) } else if !scanlineProducts.contains(n) { products.append((n, n)) }
            } else if let t = dep["target"] as? [Any], let n = t.first as? String {
                dependencies.append(n)
            } else if let p = dep["product"] as? [Any], let n = p.first as? String {
                if !scanlineProducts.contains(n) {
                    guard p.count > 1, let package = p[1] as? String else {
                        throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(name) depends on the product \(n) of no package")
                    }
                    products.append((n, package))
                }
            }
        }
        // Files: sources:, exclude: and resources: are paths relative to the target's folder.
        func paths(_ key: String) -> [String] { (raw[key] as? [String] ?? []).map { folder.appendingPathComponent($0).standardizedFileURL.path } }
        let excluded = paths("exclude")
        var resources: [(path: String, copy: Bool)] = []
        for r in raw["resources"] as? [[String: Any]] ?? [] {
            guard let path = r["path"] as? String else { continue }
            let rule = r["rule"] as? [String: Any] ?? [:]
            if rule["embedInCode"] != nil { notes.append("\(name): the resource \(path) (.embedInCode) is not embedded"); continue }
            resources.append((folder.appendingPathComponent(path).standardizedFileURL.path, rule["copy"] != nil))
        }
        let only = raw["sources"] as? [String] != nil ? paths("sources") : nil
        func within(_ path: String, _ roots: [String]) -> Bool { roots.contains { path == $0 || path.hasPrefix($0 + "/") } }
        var swift: [String] = [], metal: [String] = []
        if let walker = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) {
            for case let url as URL in walker {
                let path = url.standardizedFileURL.path
                if within(path, excluded) || within(path, resources.map(\.path)) { walker.skipDescendants(); continue }
                if let only, !within(path, only) { continue }
                switch url.pathExtension.lowercased() {
                case "swift": swift.append(path)
                case "metal": metal.append(path)
                // An asset catalog no resource declares is one all the same, as SwiftPM treats it
                // on Apple's platforms (twostraws/Vortex's particle images are in one).
                case "xcassets": resources.append((path, false)); walker.skipDescendants()
                default: break
                }
            }
        }
        if swift.isEmpty {
            throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(name) has no Swift files in \(folder.path) (C targets are not built)")
        }
        // Settings that apply on Linux in a debug build.
        var flags: [String] = [], linker: [String] = [], mode = packageMode
        for setting in raw["settings"] as? [[String: Any]] ?? [] {
            if let condition = setting["condition"] as? [String: Any] {
                if let platforms = condition["platformNames"] as? [String], !platforms.isEmpty, !platforms.contains("linux") { continue }
                if let config = condition["config"] as? String, config == "release" { continue }
            }
            guard let kind = setting["kind"] as? [String: Any], let (key, value) = kind.first else { continue }
            let argument = (value as? [String: Any])?["_0"]
            switch key {
            case "define": if let d = argument as? String { flags += ["-D", d] }
            case "enableUpcomingFeature": if let f = argument as? String { flags += ["-enable-upcoming-feature", f] }
            case "enableExperimentalFeature": if let f = argument as? String { flags += ["-enable-experimental-feature", f] }
            case "swiftLanguageMode", "swiftLanguageVersion": if let m = argument.flatMap(languageMode) { mode = m }
            case "unsafeFlags": if setting["tool"] as? String == "swift", let f = argument as? [String] { flags += f }
            case "linkedLibrary": if let l = argument as? String { linker.append("-l" + l) }
            case "linkedFramework", "headerSearchPath": break
            default: notes.append("\(name): the setting \(key) is not used")
            }
        }
        return Target(name: name, module: moduleName(name), folder: folder, swiftFiles: swift.sorted(), metalFiles: metal.sorted(),
                      resources: resources, dependencies: dependencies, products: products, flags: flags, languageMode: mode, linkerFlags: linker)
    }

    /// The resource bundle's folder name, as SwiftPM names it on Linux.
    func bundleName(_ t: Target) -> String { "\(name)_\(t.name).resources" }

    /// Builds every target against `kit` in `build` (`Modules/`, one object per target, the
    /// resource bundles beside the program), each only when its sources, flags or dependencies
    /// changed since the last build (a stamp beside its object holds their hash). Returns the
    /// objects and linker flags to link the program with, and the failing compiler's status (0
    /// when every target built).
    func buildTargets(kit: PrebuiltScanline, in build: URL, moduleCache: URL, cFlags: [String],
                      line: (String) -> Void) throws -> (objects: [String], linkerFlags: [String], status: Int32) {
        let fm = FileManager.default
        let modules = build.appendingPathComponent("Modules")
        try fm.createDirectory(at: modules, withIntermediateDirectories: true)
        var stamps: [String: String] = [:]
        var objects: [String] = []
        for t in targets {
            var sources = t.swiftFiles
            if t.hasResources {
                try placeResources(t, in: build.appendingPathComponent(bundleName(t)))
                let accessor = build.appendingPathComponent("accessors/\(t.module).swift")
                try fm.createDirectory(at: accessor.deletingLastPathComponent(), withIntermediateDirectories: true)
                try UserView.update(accessor, Self.bundleAccessor(bundleName(t), build: build))
                sources.append(accessor.path)
                if let symbols = assetSymbols(t) {
                    let file = build.appendingPathComponent("accessors/\(t.module)+Assets.swift")
                    try UserView.update(file, symbols)
                    sources.append(file.path)
                }
            }
            let object = build.appendingPathComponent("\(t.module).o")
            // -enable-testing: the render's entry reaches the targets' internal views (`--view`).
            let shared = kit.sharedArguments(moduleCache: moduleCache, cFlags: cFlags).filter { !(t.hasMainFile && $0 == "-parse-as-library") }
            let arguments = ["-module-name", t.module, "-swift-version", t.languageMode] + shared
                + ["-I", modules.path, "-enable-testing", "-wmo", "-emit-module", "-emit-module-path", modules.appendingPathComponent("\(t.module).swiftmodule").path,
                   "-c", "-o", object.path] + t.entryFlags + t.flags + sources
            var stamp = StableHash()
            stamp.add(kit.builtWith)
            stamp.add(kit.builtAt)
            stamp.add(arguments.joined(separator: "\u{0}"))
            for d in t.dependencies { stamp.add(stamps[d] ?? "") }
            for s in sources { stamp.add((try? Data(contentsOf: URL(fileURLWithPath: s))) ?? Data()) }
            stamps[t.name] = stamp.hex
            objects.append(object.path)
            let stampFile = build.appendingPathComponent("\(t.module).stamp")
            if fm.fileExists(atPath: object.path), (try? String(contentsOf: stampFile, encoding: .utf8)) == stamp.hex { continue }
            try? fm.removeItem(at: stampFile)
            let status = try UserView.run(try UserView.swiftcTool(), arguments, line: line)
            guard status == 0 else { return (objects, [], status) }
            try AtomicFile.write(Data(stamp.hex.utf8), to: stampFile)
        }
        return (objects, targets.flatMap(\.linkerFlags), 0)
    }

    /// Links the target's resources into its bundle folder (made afresh): `.process` ones at the
    /// top level, a folder's files one by one; `.copy` ones as they are; its `.metal` files.
    func placeResources(_ t: Target, in bundle: URL) throws {
        let fm = FileManager.default
        try? fm.removeItem(at: bundle)
        try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
        func link(_ path: String) throws {
            let at = bundle.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
            guard !fm.fileExists(atPath: at.path) else { return }
            try fm.createSymbolicLink(at: at, withDestinationURL: URL(fileURLWithPath: path))
        }
        for r in t.resources {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: r.path, isDirectory: &isDir) else {
                throw ScanlineError.fileNotFound(path: r.path + " (a resource of the target \(t.name))")
            }
            if r.copy || !isDir.boolValue { try link(r.path); continue }
            // An asset catalog is one resource, kept whole (SwiftPM copies it so on Linux).
            if Self.keptWhole.contains(URL(fileURLWithPath: r.path).pathExtension) { try link(r.path); continue }
            guard let walker = fm.enumerator(at: URL(fileURLWithPath: r.path), includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                if Self.keptWhole.contains(url.pathExtension) { try link(url.path); walker.skipDescendants(); continue }
                var dir: ObjCBool = false
                if fm.fileExists(atPath: url.path, isDirectory: &dir), !dir.boolValue { try link(url.path) }
            }
        }
        for m in t.metalFiles { try link(m) }
    }

    /// Folders a `.process` resource keeps whole: asset catalogs.
    static let keptWhole: Set<String> = ["xcassets"]

    /// The colour sets of the target's asset catalogs, by name.
    func colorSets(_ t: Target) -> [String] {
        let fm = FileManager.default
        var names: [String] = []
        for r in t.resources {
            var catalogs: [URL] = []
            let url = URL(fileURLWithPath: r.path)
            if url.pathExtension == "xcassets" { catalogs = [url] } else if let walker = fm.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
                for case let u as URL in walker where u.pathExtension == "xcassets" { catalogs.append(u); walker.skipDescendants() }
            }
            for catalog in catalogs {
                guard let walker = fm.enumerator(at: catalog, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { continue }
                for case let u as URL in walker where u.pathExtension == "colorset" {
                    names.append(u.deletingPathExtension().lastPathComponent); walker.skipDescendants()
                }
            }
        }
        return Array(Set(names)).sorted()
    }

    /// The Swift name Xcode gives an asset's symbol: words joined in lower camel case (spaces,
    /// `-`, `_` and `.` split words), a trailing "Color" dropped from a colour's name, and a
    /// leading digit prefixed with `_`; nil when nothing is left.
    static func symbolName(_ asset: String, droppingSuffix suffix: String = "Color") -> String? {
        let words = asset.split(whereSeparator: { " -_.".contains($0) }).map(String.init)
        guard !words.isEmpty else { return nil }
        var name = words.enumerated().map { i, w in i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst() }.joined()
        if name.count > suffix.count, name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        name = String(name.unicodeScalars.filter { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }.map(Character.init))
        guard !name.isEmpty else { return nil }
        return name.first!.isNumber ? "_" + name : name
    }

    /// The colours SwiftUI has by name, which an asset's symbol would clash with (Xcode leaves those out).
    static let systemColorNames: Set<String> = ["accentColor", "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint",
                                                "orange", "pink", "primary", "purple", "red", "secondary", "teal", "white", "yellow"]

    /// The asset symbols Xcode generates for the target's colour sets (`Color.shapeBase` for
    /// `shapeBase.colorset`), over `Bundle.module`; nil when it has none.
    func assetSymbols(_ t: Target) -> String? {
        let names = colorSets(t).compactMap { n in Self.symbolName(n).map { (asset: n, symbol: $0) } }.filter { !Self.systemColorNames.contains($0.symbol) }
        guard !names.isEmpty else { return nil }
        func literal(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let colors = names.map { "    static var \($0.symbol): SwiftUI.Color { SwiftUI.Color(\(literal($0.asset)), bundle: .module) }" }.joined(separator: "\n")
        return """
        // Generated by `scanline render`: the asset symbols Xcode generates for the target's colours. Do not edit.
        import Foundation
        import SwiftUI

        extension SwiftUI.Color {
        \(colors)
        }

        extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {
        \(colors)
        }

        """
    }

    /// The `Bundle.module` of a target with resources: the folder `name` beside the program, else
    /// in `build` (a copy of the program run elsewhere, as `scanline preview` runs one), as
    /// SwiftPM's accessor looks beside the program, then in its build folder.
    static func bundleAccessor(_ name: String, build: URL) -> String {
        let quoted = build.appendingPathComponent(name).path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
        // Generated by `scanline render`: the target's resource bundle, as SwiftPM makes it. Do not edit.
        import Foundation

        extension Foundation.Bundle {
            static let module: Bundle = {
                let beside = Bundle.main.bundleURL.appendingPathComponent("\(name)").path
                let path = FileManager.default.fileExists(atPath: beside) ? beside : "\(quoted)"
                guard let bundle = Bundle(path: path) else { fatalError("could not load the resource bundle \\(path)") }
                return bundle
            }()
        }

        """
    }
}

/// The packages a manifest depends on, found where SwiftPM finds them on this machine: a
/// `.package(path:)` at its path, a `.package(url:)` in the package's `.build/checkouts` once a
/// `swift build` has fetched it. Each is read (once) as `UserPackage` reads any package.
final class PackageDependencies {
    let root: URL
    /// Identity (SwiftPM's: the last path component, lower-cased, without `.git`) → folder, or
    /// nil for a package by URL not checked out here (then its URL, for the error).
    private var folders: [String: URL] = [:]
    private var remote: [String: String] = [:]
    private var read: [String: UserPackage] = [:]

    init(_ json: [String: Any], root: URL) {
        self.root = root
        for dep in json["dependencies"] as? [[String: Any]] ?? [] {
            if let fs = (dep["fileSystem"] as? [[String: Any]])?.first, let id = fs["identity"] as? String, let path = fs["path"] as? String {
                folders[id] = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
            } else if let sc = (dep["sourceControl"] as? [[String: Any]])?.first, let id = sc["identity"] as? String {
                let url = (((sc["location"] as? [String: Any])?["remote"] as? [[String: Any]])?.first?["urlString"] as? String) ?? id
                let checkout = root.appendingPathComponent(".build/checkouts").appendingPathComponent(Self.repositoryName(url))
                if FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) { folders[id] = checkout } else { remote[id] = url }
            }
        }
    }

    /// The folder name SwiftPM checks a repository out under: its URL's last component, without `.git`.
    static func repositoryName(_ url: String) -> String {
        var last = String(url.split(separator: "/").last ?? Substring(url))
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// The targets of `product` of the package `package` (its identity or name), each after those
    /// it depends on, for the error messages of the target `from`.
    func targets(of product: String, in package: String, for from: String) throws -> [UserPackage.Target] {
        let manifest = root.appendingPathComponent("Package.swift").path
        let id = package.lowercased()
        if let url = remote[id] {
            throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(from) depends on the product \(product) of the package \(package) (\(url)), which is not checked out in \(root.path)/.build/checkouts: run swift build in the package first")
        }
        guard let folder = folders[id] else {
            throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(from) depends on the product \(product) of the package \(package), which the manifest does not list")
        }
        let dep = try read[id] ?? UserPackage.read(folder)
        read[id] = dep
        guard let wanted = dep.products[product] else {
            throw ScanlineError.unreadableFile(path: manifest, reason: "the target \(from) depends on the product \(product) of the package \(package), which has no library product of that name")
        }
        // The product's targets and all they depend on, in the dependency's own order.
        var needed = Set(wanted)
        for t in dep.targets.reversed() where needed.contains(t.name) { needed.formUnion(t.dependencies) }
        return dep.targets.filter { needed.contains($0.name) }
    }
}
