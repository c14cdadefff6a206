import Scanline
import SwiftSourceText
#if canImport(Glibc)
import Glibc
#endif

/// `scanline render FILE.swift [MORE.swift …] [SHADERS.metal …]`: renders a user's own view from
/// source. The files are copied unchanged into a folder of the cache and compiled, with `DEBUG`
/// defined (as Xcode builds previews) and a generated entry point, into a program that renders
/// with the render options. A `#Preview` is called through its macro's expansion: a function
/// whose symbol is `scanline_preview_UserView_<file>_<line>` (docs/MACROS.md), so its body is
/// compiled where it was written and may use the file's private declarations. Two ways (docs/PREBUILT.md):
/// - **prebuilt** (the default): `swiftc` compiles only the user's files against the prebuilt
///   Scanline next to the binary (`PrebuiltScanline`), in about a second;
/// - **from source** (`--from-source`, or when no prebuilt Scanline is found): a small package
///   that depends on Scanline's sources, built by SwiftPM in release mode; the first build
///   compiles Scanline (minutes), later ones only the user's module.
/// `.metal` files are read at run time (the render request names them), so editing one needs no rebuild.
enum UserView {
    /// What to render: the body of a `#Preview`, or `TypeName()`, and its canvas when `--size`
    /// is not given (see `UserViewCanvas`).
    struct Choice: Equatable {
        var body: String
        var describes: String
        var canvas: UserViewCanvas = .idealSize
        /// Traits of the `#Preview` that Scanline does not use, for a warning.
        var ignoredTraits: [String] = []
        /// Where `body` is in the user's files (a `#Preview`'s: its file and the line its body
        /// starts on), so the compiler's errors in it name that place.
        var location: (file: String, line: Int)? = nil
        /// A `#Preview`'s file and the line of its `#`: where its macro's function comes from.
        var preview: (file: String, line: Int)? = nil
        static func == (a: Choice, b: Choice) -> Bool {
            a.body == b.body && a.describes == b.describes && a.canvas == b.canvas && a.ignoredTraits == b.ignoredTraits
                && a.location?.file == b.location?.file && a.location?.line == b.location?.line
                && a.preview?.file == b.preview?.file && a.preview?.line == b.preview?.line
        }
    }

    /// A `#Preview`'s body, with the canvas its traits ask for.
    static func choice(_ preview: SwiftSource.Preview, file: String? = nil, describes: String) -> Choice {
        let (canvas, ignored) = canvas(traits: preview.traits)
        return Choice(body: preview.body, describes: describes, canvas: canvas, ignoredTraits: ignored,
                      location: file.map { ($0, preview.bodyLine ?? preview.line) }, preview: file.map { ($0, preview.line) })
    }

    /// The canvas a `#Preview`'s `traits:` ask for, and the traits that say nothing of size
    /// (`UserViewCanvas` lists the rule).
    static func canvas(traits: String?) -> (canvas: UserViewCanvas, ignored: [String]) {
        guard let traits else { return (.idealSize, []) }
        var canvas = UserViewCanvas.idealSize, ignored: [String] = []
        // Top-level commas separate the traits (`.fixedLayout(width: 1, height: 2), .landscapeLeft`).
        var parts: [String] = [], depth = 0, current = ""
        for c in traits {
            if c == "(" || c == "[" { depth += 1 } else if c == ")" || c == "]" { depth -= 1 }
            if c == "," && depth == 0 { parts.append(current); current = "" } else { current.append(c) }
        }
        parts.append(current)
        for raw in parts {
            let trait = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let name = trait.hasPrefix(".") ? String(trait.dropFirst()) : trait
            if let m = name.wholeMatch(of: #/fixedLayout\(\s*width:\s*([0-9.]+)\s*,\s*height:\s*([0-9.]+)\s*\)/#),
               let w = Double(m.output.1), let h = Double(m.output.2), w > 0, h > 0, w <= 16384, h <= 16384 {
                canvas = .fixed(width: w, height: h)
            } else if name == "sizeThatFitsLayout" {
                canvas = .idealSize
            } else if ["defaultLayout", "portrait", "portraitUpsideDown"].contains(name) {
                canvas = .fixed(width: UserViewCanvas.device.width, height: UserViewCanvas.device.height)
            } else if ["landscapeLeft", "landscapeRight"].contains(name) {
                canvas = .fixed(width: UserViewCanvas.device.height, height: UserViewCanvas.device.width)
            } else if !trait.isEmpty {
                ignored.append(trait)
            }
        }
        return (canvas, ignored)
    }

    /// Picks the view: `--view`, else the first `#Preview` (or the one named `preview`, which may
    /// also name a `PreviewProvider` type), else the first `PreviewProvider`'s `previews`, else
    /// the only `View` type in the files.
    static func choose(files: [(path: String, source: SwiftSource)], view: String?, preview: String?) throws -> Choice {
        if let view {
            guard view.range(of: #"^[A-Za-z_][A-Za-z0-9_.]*$"#, options: .regularExpression) != nil else {
                throw UsageError("--view expects a type name, got '\(view)'")
            }
            // A type the files declare, checked before anything is built (issue #32 point 20:
            // `--view Nope` built first, then said "(0 errors)"). A qualified name (`Outer.Inner`)
            // is checked by its last part.
            let name = String(view.split(separator: ".").last ?? Substring(view))
            let declared = files.contains { f in
                String(decoding: f.source.text, as: UTF8.self).range(of: #"\b(struct|class|enum|actor|typealias)\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\b"#, options: .regularExpression) != nil
            }
            if !declared {
                let views = files.flatMap { (try? $0.source.viewTypes()) ?? [] }
                throw UsageError("--view \(view): the files declare no type named \(name)" + (views.isEmpty ? "" : " (their views: \(views.joined(separator: ", ")))"))
            }
            return Choice(body: "\(view)()", describes: "\(view)()")
        }
        var all: [(file: String, preview: SwiftSource.Preview)] = []
        for f in files {
            do { all += try f.source.previews().map { (f.path, $0) } } catch let e as SwiftSource.ScanError { throw UsageError("\(f.path): \(e)") }
        }
        // The previews written before #Preview: a PreviewProvider's `previews`, by its type's name,
        // each of its views below the one before, as Xcode's canvas listed them.
        var providers: [String] = []
        for f in files { providers += try f.source.previewProviders() }
        func provided(_ type: String) -> Choice {
            Choice(body: "VStack(spacing: \(UserView.previewSpacing)) { \(type).previews }", describes: "\(type).previews")
        }
        if let preview {
            guard let p = all.first(where: { $0.preview.name == preview }) else {
                if providers.contains(preview) { return provided(preview) }
                let names = all.compactMap(\.preview.name).map { "\"\($0)\"" } + providers
                throw UsageError("no #Preview(\"\(preview)\") in the files" + (names.isEmpty ? "" : "; previews: " + names.joined(separator: ", ")))
            }
            return choice(p.preview, file: p.file, describes: "#Preview(\"\(preview)\") at \(p.file):\(p.preview.line)")
        }
        if let p = all.first { return choice(p.preview, file: p.file, describes: "the #Preview at \(p.file):\(p.preview.line)") }
        if let first = providers.first { return provided(first) }
        var types: [String] = []
        for f in files { types += try f.source.viewTypes() }
        guard types.count == 1 else {
            throw UsageError(types.isEmpty ? "no View type and no #Preview in the files; say which view with --view TypeName"
                                           : "several View types (\(types.joined(separator: ", "))) and no #Preview; say which with --view TypeName")
        }
        return Choice(body: "\(types[0])()", describes: "\(types[0])()")
    }

    /// The Scanline package the generated package depends on: `SCANLINE_SOURCE`, else the copy
    /// `make install` puts beside the binary (`PREFIX/share/scanline/source`), else the tree this
    /// binary was built from.
    static func scanlineSource() throws -> URL {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let s = ProcessInfo.processInfo.environment["SCANLINE_SOURCE"], !s.isEmpty { candidates.append(URL(fileURLWithPath: s)) }
        let exe = PrebuiltScanline.runningExecutable.resolvingSymlinksInPath()
        candidates.append(exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/scanline/source"))
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        for c in candidates where fm.fileExists(atPath: c.appendingPathComponent("Package.swift").path)
            && fm.fileExists(atPath: c.appendingPathComponent("Sources/Scanline").path) {
            return c.standardizedFileURL
        }
        throw ScanlineError.fileNotFound(path: "Scanline's package sources (set SCANLINE_SOURCE to a Scanline checkout, or run make install)")
    }

    /// The toolchain's `swiftc`, beside its `swift`.
    static func swiftcTool() throws -> URL { try swiftTool().deletingLastPathComponent().appendingPathComponent("swiftc") }

    /// The toolchain's `swift`.
    static func swiftTool() throws -> URL {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift", "/usr/bin/swift"]
        guard let s = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ScanlineError.fileNotFound(path: "swift (the Swift toolchain, needed to build your view)")
        }
        return URL(fileURLWithPath: s)
    }

    /// The cache folder: `--cache`, `SCANLINE_CACHE`, else `$XDG_CACHE_HOME/scanline` or
    /// `~/.cache/scanline`; the package is its `user-view` folder.
    static func cacheFolder(_ given: String?) -> URL {
        let env = ProcessInfo.processInfo.environment
        if let given { return URL(fileURLWithPath: given) }
        if let c = env["SCANLINE_CACHE"], !c.isEmpty { return URL(fileURLWithPath: c) }
        if let x = env["XDG_CACHE_HOME"], !x.isEmpty { return URL(fileURLWithPath: x).appendingPathComponent("scanline") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/scanline")
    }

    /// Writes `text` to `url` only when it differs, so unchanged files keep their dates and are
    /// not rebuilt.
    static func update(_ url: URL, _ text: String) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    /// The generated package of the source build: Package.swift and the user's files.
    static func writePackage(at package: URL, scanline: URL, files: [(path: String, source: SwiftSource)], metal: [String], choice: Choice) throws -> [String: String] {
        let manifest = """
        // swift-tools-version:6.0
        // Generated by `scanline render`: the user's files, built against Scanline. Do not edit.
        import PackageDescription
        let package = Package(
            name: "ScanlineUserView",
            dependencies: [.package(path: "\(scanline.path)")],
            targets: [.executableTarget(name: "UserView", dependencies: [
                .product(name: "SwiftUI", package: "\(scanline.lastPathComponent)"),
                .product(name: "ScanlineBlocks", package: "\(scanline.lastPathComponent)"),
                .product(name: "ScanlineCLI", package: "\(scanline.lastPathComponent)"),
            ], path: "Sources/UserView", swiftSettings: [.swiftLanguageMode(.v5), .define("DEBUG")])]
        )

        """
        try update(package.appendingPathComponent("Package.swift"), manifest)
        return try writeSources(at: package.appendingPathComponent("Sources/UserView"), files: files, metal: metal, choice: choice)
    }

    /// `--list-previews`: one line per `#Preview` in the files, in order: its name (quoted, or
    /// `(unnamed)`), its place (`Target/File.swift:LINE` in a package, else the file's path) and
    /// the canvas its traits ask for; then each `PreviewProvider` type (`--preview TYPE` renders
    /// its `previews`).
    static func previewList(_ given: Files) throws -> [String] {
        var lines: [String] = []
        for f in given.previewFiles {
            guard let text = try? String(contentsOfFile: f, encoding: .utf8) else { throw ScanlineError.unreadableFile(path: f, reason: "not UTF-8 text") }
            let previews: [SwiftSource.Preview]
            do { previews = try SwiftSource(text).previews() } catch let e as SwiftSource.ScanError { throw UsageError("\(f): \(e)") }
            let place = given.package?.target(of: f).map { "\($0.name)/" + (f.hasPrefix($0.folder.path + "/") ? String(f.dropFirst($0.folder.path.count + 1)) : f) } ?? f
            for p in previews {
                let canvas: String
                switch Self.canvas(traits: p.traits).canvas {
                case .idealSize: canvas = "ideal size"
                case let .fixed(w, h): canvas = "\(w.formatted(.number.grouping(.never)))x\(h.formatted(.number.grouping(.never))) pt"
                }
                lines.append("\(p.name.map { "\"\($0)\"" } ?? "(unnamed)")\t\(place):\(p.line)\t\(canvas)")
            }
            for type in (try? SwiftSource(text).previewProviders()) ?? [] { lines.append("\(type)\t\(place) (PreviewProvider)\tideal size") }
        }
        if lines.isEmpty { throw UsageError("no #Preview in " + (given.package.map { "the package's library and app targets (\($0.root.path))" } ?? "the files")) }
        return lines
    }

    /// The space between the views of a `PreviewProvider`'s `previews`, stacked down (points).
    static let previewSpacing = 16

    /// The module the user's files are compiled into, both ways: the `#Preview` symbols name it.
    static let moduleName = "UserView"

    /// The copy of the `index`th user file: `<index>-<name>`, so that two files of one name in
    /// different folders stay apart.
    static func copyName(_ index: Int, _ path: String) -> String { "\(index)-" + URL(fileURLWithPath: path).lastPathComponent }

    /// The user's files as copies (unchanged) and the entry point, in `sources`; files of earlier
    /// runs that are not among them are removed. Returns the copies' paths → the user's paths.
    /// Files that use `Bundle.module` and do not declare it get one (`looseBundle`).
    static func writeSources(at sources: URL, files: [(path: String, source: SwiftSource)], metal: [String] = [], choice: Choice) throws -> [String: String] {
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var map: [String: String] = [:]    // copy's path → user's path
        var keep: Set<String> = ["ScanlineEntry.swift"]
        if let accessor = try looseBundle(files: files, metal: metal, folder: sources.deletingLastPathComponent().appendingPathComponent("Bundle.module")) {
            try update(sources.appendingPathComponent("ScanlineBundle.swift"), accessor)
            keep.insert("ScanlineBundle.swift")
        }
        var symbol: String? = nil
        for (i, f) in files.enumerated() {
            let name = copyName(i, f.path)
            keep.insert(name)
            let copy = sources.appendingPathComponent(name)
            try update(copy, String(decoding: f.source.text, as: UTF8.self))
            map[copy.path] = f.path
            if let p = choice.preview, p.file == f.path { symbol = SwiftSource.previewSymbol(module: moduleName, file: name, line: p.line) }
        }
        for old in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] where !keep.contains(old) {
            try? FileManager.default.removeItem(at: sources.appendingPathComponent(old))
        }
        let entry = sources.appendingPathComponent("ScanlineEntry.swift")
        try update(entry, entrySource(choice, symbol: symbol))
        map[entry.path] = "(the view chosen: \(choice.describes))"
        return map
    }

    /// Loose files have no `Bundle.module`; when they use it (`Bundle.module`, `bundle: .module`,
    /// `.bundle(.module)`) and none declares one, it is made from the folders of the files given:
    /// `folder` (made afresh) holds links to the `.metal` files given and to the files beside the
    /// `.swift` files (their folders' top level, `.swift` files and hidden ones left out), and the
    /// returned source declares `Bundle.module` over it. Nil when the files do not use it.
    static func looseBundle(files: [(path: String, source: SwiftSource)], metal: [String], folder: URL) throws -> String? {
        let texts = files.map { String(decoding: $0.source.text, as: UTF8.self) }
        let uses = texts.contains { $0.range(of: #"(Bundle|bundle:\s*|bundle\()\.module\b"#, options: .regularExpression) != nil }
        let declares = texts.contains { $0.range(of: #"static\s+(let|var)\s+module\b"#, options: .regularExpression) != nil }
        let fm = FileManager.default
        try? fm.removeItem(at: folder)
        guard uses && !declares else { return nil }
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        var linked = Set<String>()
        func link(_ path: String) throws {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard linked.insert(name).inserted else { return }
            try fm.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: path))
        }
        for m in metal { try link(m) }
        for dir in Set(files.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }).sorted() {
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() where !name.hasPrefix(".") && !name.hasSuffix(".swift") {
                try link(URL(fileURLWithPath: dir).appendingPathComponent(name).path)
            }
        }
        let quoted = folder.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
        // Generated by `scanline render`: Bundle.module for loose files, made from their folders. Do not edit.
        import Foundation

        extension Foundation.Bundle {
            static let module: Bundle = {
                guard let bundle = Bundle(path: "\(quoted)") else { fatalError("could not load the resource bundle \(quoted)") }
                return bundle
            }()
        }

        """
    }

    /// A package's render (`scanline render PACKAGE`): the entry alone in `sources`, calling the
    /// chosen `#Preview` by the symbol its target's module gives it, or making `--view`'s type,
    /// which the package's modules (imported `@testable`) declare.
    static func writePackageEntry(at sources: URL, package: UserPackage, choice: Choice) throws -> [String: String] {
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for old in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] where old != "ScanlineEntry.swift" {
            try? FileManager.default.removeItem(at: sources.appendingPathComponent(old))
        }
        var symbol: String? = nil
        if let p = choice.preview, let t = package.target(of: p.file) {
            symbol = SwiftSource.previewSymbol(module: t.module, file: URL(fileURLWithPath: p.file).lastPathComponent, line: p.line)
        }
        let entry = sources.appendingPathComponent("ScanlineEntry.swift")
        try update(entry, entrySource(choice, symbol: symbol, imports: symbol == nil ? package.targets.map(\.module) : []))
        return [entry.path: "(the view chosen: \(choice.describes))"]
    }

    /// The generated entry point: renders the `#Preview` whose function is `symbol`, else
    /// `choice.body` (a view by name), with `imports` imported `@testable`.
    static func entrySource(_ choice: Choice, symbol: String?, imports: [String] = []) -> String {
        let view: String
        if let symbol {
            // The `#Preview`'s own function, compiled from the user's file by the macro.
            view = """
            @_silgen_name("\(symbol)") @MainActor func scanlinePreview() -> AnyView

            @MainActor func scanlineUserView() -> some View { scanlinePreview() }
            """
        } else {
            // A view by name keeps its place: the compiler's errors in it name the user's file and line.
            var bodyText = choice.body
            if let (file, line) = choice.location {
                let quoted = file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                bodyText = "#sourceLocation(file: \"\(quoted)\", line: \(line))\n" + choice.body + "\n#sourceLocation()"
            }
            view = "@MainActor @ViewBuilder func scanlineUserView() -> some View {\n\(bodyText)\n}"
        }
        return """
        // Generated by `scanline render`: renders \(choice.describes). Do not edit.
        import SwiftUI
        import ScanlineCLI
        \(imports.map { "@testable import \($0)\n" }.joined())
        \(view)

        @main struct ScanlineEntry {
            static func main() async {
                await ScanlineCLI.renderUserView(canvas: \(choice.canvas.swiftLiteral)) { AnyView(scanlineUserView()) }
            }
        }

        """
    }

    /// Runs `tool` with `arguments`, passing each line of its output to `line` as it comes; Ctrl-C
    /// or a kill during the build stops the compiler and every job it started.
    static func run(_ tool: URL, _ arguments: [String], environment: [String: String]? = nil, line: (String) -> Void) throws -> Int32 {
        try ChildProcess.runLines(tool, arguments, environment: environment, stop: .killTree, line: line)
    }

    /// The user's files from the command's positionals: `.swift` and `.metal`, full paths.
    struct Files: Sendable {
        var swift: [String] = []
        var metal: [String] = []
        /// A package folder given instead of files: its library and app targets' files are `swift` and
        /// `metal` (its resources' too; they reach the program through its bundles).
        var package: UserPackage? = nil
        /// The files whose previews are listed and rendered: a package's own targets' (not those of
        /// the packages it depends on), else all.
        var previewFiles: [String] { package?.ownSwiftFiles ?? swift }
    }

    static func files(_ positionals: [String]) throws -> Files {
        let fm = FileManager.default
        if let folder = positionals.first(where: UserPackage.isPackage) {
            guard positionals.count == 1 else { throw UsageError("give a package folder alone, or .swift and .metal files (got \(folder) and \(positionals.count - 1) more)") }
            let package = try UserPackage.read(URL(fileURLWithPath: folder))
            return Files(swift: package.swiftFiles, metal: package.allMetalFiles, package: package)
        }
        var files = Files()
        for p in positionals {
            var folder: ObjCBool = false
            if fm.fileExists(atPath: p, isDirectory: &folder), folder.boolValue {
                throw UsageError("'\(p)' is a folder without a Package.swift: give a package folder, or .swift and .metal files")
            }
            let ext = URL(fileURLWithPath: p).pathExtension.lowercased()
            guard ext == "swift" || ext == "metal" else { throw UsageError("'\(p)': give .swift and .metal files, or one scene name") }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue else { throw ScanlineError.fileNotFound(path: p) }
            let full = URL(fileURLWithPath: p).standardizedFileURL.path
            if ext == "swift" { files.swift.append(full) } else { files.metal.append(full) }
        }
        guard !files.swift.isEmpty else { throw UsageError("give at least one .swift file") }
        return files
    }

    /// The generated program's sources, written for the files as they are now.
    struct Prepared: Sendable {
        /// The folder: the source build's package (`CACHE/user-view`), or for the prebuilt way
        /// `CACHE/views/KEY`, KEY a hash of the files' paths and the kit's folder, so that
        /// renders of different files never share one.
        var package: URL
        /// The copies' paths → the user's paths, to name the user's files in compile errors.
        var map: [String: String]
        /// The prebuilt Scanline compiled against, or nil for the source build.
        var kit: PrebuiltScanline?
        /// The cache folder.
        var cache: URL
        /// What the user should know about the files (traits that are not used).
        var warnings: [String] = []
        /// The package rendered, when a package folder was given.
        var userPackage: UserPackage? = nil
        var binary: URL {
            kit == nil ? package.appendingPathComponent(".build/\(UserView.sourceConfiguration)/UserView") : package.appendingPathComponent("UserView")
        }
        var sources: URL { kit == nil ? package.appendingPathComponent("Sources/UserView") : package.appendingPathComponent("Sources") }
    }

    /// The prebuilt Scanline to compile against, or nil for the source build: `--from-source`
    /// asks for it, and so does a binary with no prebuilt Scanline beside it (`note` says so). A
    /// kit built by another toolchain, or out of date, is an error that says what to do.
    static func chooseKit(fromSource: Bool, note: (String) -> Void) throws -> PrebuiltScanline? {
        if let asked = ProcessInfo.processInfo.environment["SCANLINE_SOURCE_CONFIGURATION"], !["", "release", "debug"].contains(asked) {
            throw UsageError("SCANLINE_SOURCE_CONFIGURATION must be release or debug (got '\(asked)')")
        }
        if fromSource { return nil }
        let swiftc = try swiftcTool()
        do {
            return try PrebuiltScanline.find(currentToolchain: try PrebuiltScanline.currentToolchain(swiftc))
        } catch let p as PrebuiltScanline.Problem {
            guard case .notFound = p else { throw p }
            note("\(p); building Scanline from its sources in the cache instead (minutes, the first time)")
            return nil
        }
    }

    /// Reads the files, chooses the view and writes the sources into the cache, for `kit` (nil:
    /// the source build's package).
    static func prepare(_ given: Files, view: String?, preview: String?, cache: URL, kit: PrebuiltScanline?) throws -> Prepared {
        var files: [(path: String, source: SwiftSource)] = []
        for f in given.swift {
            guard let text = try? String(contentsOfFile: f, encoding: .utf8) else { throw ScanlineError.unreadableFile(path: f, reason: "not UTF-8 text") }
            files.append((f, SwiftSource(text)))
        }
        let previewFiles = Set(given.previewFiles)
        let choice = try choose(files: files.filter { previewFiles.contains($0.path) }, view: view, preview: preview)
        let folder = packageFolder(given, view: view, preview: preview, cache: cache, kit: kit)
        if let package = given.package {
            guard let kit else {
                throw UsageError("rendering a package builds it against the prebuilt Scanline (`make install` or `make release`); --from-source renders loose files only")
            }
            let map = try writePackageEntry(at: folder.appendingPathComponent("Sources"), package: package, choice: choice)
            return Prepared(package: folder, map: map, kit: kit, cache: cache, warnings: warnings(choice) + package.notes, userPackage: package)
        }
        guard let kit else {
            let map = try writePackage(at: folder, scanline: try scanlineSource(), files: files, metal: given.metal, choice: choice)
            return Prepared(package: folder, map: map, kit: nil, cache: cache, warnings: warnings(choice))
        }
        let map = try writeSources(at: folder.appendingPathComponent("Sources"), files: files, metal: given.metal, choice: choice)
        return Prepared(package: folder, map: map, kit: kit, cache: cache, warnings: warnings(choice))
    }

    /// Where a render of `given` builds: the source build's one package (`CACHE/user-view`, where
    /// Scanline's release build is kept), or for the prebuilt way `CACHE/views/KEY`, KEY a hash of
    /// the kit's folder, the files' paths and the view chosen (`--view`, `--preview`), so that
    /// renders of different files, or of other views of the same files, never share one.
    static func packageFolder(_ given: Files, view: String?, preview: String?, cache: URL, kit: PrebuiltScanline?) -> URL {
        guard let kit else { return cache.appendingPathComponent("user-view") }
        var key = StableHash()
        key.add(kit.folder.path)
        if let package = given.package { key.add("package:" + package.root.path) }
        for f in given.swift { key.add(f) }
        key.add("view:" + (view ?? "")); key.add("preview:" + (preview ?? ""))
        return cache.appendingPathComponent("views/" + key.hex.prefix(16))
    }

    /// Holds a package folder for one process from writing its sources to running what was built
    /// (issue #32 point 1: two renders at once, of different files, in one cache, each showed the
    /// same view). Another render of the same folder waits, and says so once.
    static func lockPackage(_ folder: URL, waiting: () -> Void) throws -> FileLock {
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try FileLock(folder.appendingPathExtension("lock"), waiting: waiting)
    }

    static func warnings(_ choice: Choice) -> [String] {
        choice.ignoredTraits.map { "the #Preview trait \($0) has no effect here (Scanline uses .fixedLayout, .sizeThatFitsLayout and the orientation traits)" }
    }

    /// The configuration of the source build: `release` (the default), or `debug` when
    /// `SCANLINE_SOURCE_CONFIGURATION=debug` asks (a cold build in about 40 % of the time, renders
    /// several times slower; the suite uses it, docs/PREBUILT.md). `chooseKit` refuses other values.
    static var sourceConfiguration: String {
        ProcessInfo.processInfo.environment["SCANLINE_SOURCE_CONFIGURATION"] == "debug" ? "debug" : "release"
    }

    /// Builds the program. `progress` gets SwiftPM's `[n/m] …` lines as they come (the source
    /// build). Returns the compile errors with the user's paths, or [] when it built.
    static func build(_ p: Prepared, progress: ((String) -> Void)? = nil) throws -> [String] {
        var errors: [String] = []
        func collect(_ raw: String) -> String {
            var line = raw
            for (copy, user) in p.map { line = line.replacingOccurrences(of: copy, with: user) }
            if line.contains("error:") || (!errors.isEmpty && (line.hasPrefix(" ") || line.contains("|"))) { errors.append(line) }
            return line
        }
        let status: Int32
        if let kit = p.kit {
            status = try compile(p, kit: kit) { _ = collect($0) }
        } else {
            status = try run(try swiftTool(), ["build", "-c", sourceConfiguration, "--package-path", p.package.path, "--product", "UserView"]) { raw in
                let line = collect(raw)
                if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                    progress?(String(line[...close]) + " " + String(line[line.index(after: close)...].prefix(70)))
                }
            }
        }
        if status == 0 { return [] }
        let shown = errors.filter { !$0.contains("emit-module command failed") && !$0.contains("compile command failed") }
        return shown.isEmpty ? ["\(p.kit == nil ? "swift build" : "swiftc") failed (exit \(status))"] : shown
    }

    /// Compiles the prepared sources against `kit` with `swiftc`, unless the binary was already
    /// built from the same sources, kit and arguments (a stamp beside it holds their hash). The
    /// binary is written under a temporary name and renamed, so a render running it, or another
    /// render of the same files, never sees half of one.
    static func compile(_ p: Prepared, kit: PrebuiltScanline, line: (String) -> Void) throws -> Int32 {
        let fm = FileManager.default
        let sources = ((try? fm.contentsOfDirectory(atPath: p.sources.path)) ?? []).sorted().map { p.sources.appendingPathComponent($0).path }
        let swiftc = try swiftcTool()
        let temporary = p.package.appendingPathComponent("UserView.building-\(ProcessInfo.processInfo.processIdentifier)")
        let moduleCache = p.cache.appendingPathComponent("module-cache"), cFlags = try PrebuiltScanline.cFlags()
        // A package's targets first, each a module of its own (UserPackage).
        var extra: [String] = [], objects: [String] = []
        if let package = p.userPackage {
            let built = try package.buildTargets(kit: kit, in: p.package, moduleCache: moduleCache, cFlags: cFlags, line: line)
            guard built.status == 0 else { return built.status }
            objects = built.objects
            extra = ["-I", p.package.appendingPathComponent("Modules").path] + built.objects + built.linkerFlags
        }
        let arguments = kit.compilerArguments(sources: sources, extra: extra, output: temporary, moduleCache: moduleCache, cFlags: cFlags)
        var stamp = StableHash()
        stamp.add(kit.builtWith)
        stamp.add(kit.builtAt)
        stamp.add(arguments.joined(separator: "\u{0}").replacingOccurrences(of: temporary.lastPathComponent, with: "UserView"))
        for s in sources + objects { stamp.add((try? Data(contentsOf: URL(fileURLWithPath: s))) ?? Data()) }
        let stampFile = p.package.appendingPathComponent("UserView.stamp")
        try kit.placeResources(in: p.package)
        if fm.isExecutableFile(atPath: p.binary.path), (try? String(contentsOf: stampFile, encoding: .utf8)) == stamp.hex { return 0 }
        defer { try? fm.removeItem(at: temporary) }
        let status = try run(swiftc, arguments, line: line)
        guard status == 0 else { return status }
        guard rename(temporary.path, p.binary.path) == 0 else {
            throw ScanlineError.cannotWrite(path: p.binary.path, reason: String(cString: strerror(errno)))
        }
        try AtomicFile.write(Data(stamp.hex.utf8), to: stampFile)
        return 0
    }

    /// How many of `lines` are `file:line:col: error:` lines, or errors with no place
    /// (`<unknown>:0: error: missing required module …`).
    static func errorCount(_ lines: [String]) -> Int {
        lines.filter { $0.range(of: #"^(.+:\d+:\d+|<unknown>:0): error:"#, options: .regularExpression) != nil }.count
    }

    /// `scanline render FILE.swift …`.
    @MainActor static func render(_ args: Arguments, _ output: inout Output) async throws -> Int32 {
        let fm = FileManager.default
        let files = try files(args.positionals)
        let swiftFiles = files.swift, metalFiles = files.metal
        if args.has("--list-previews") {
            output.print(try previewList(files).joined(separator: "\n"))
            return 0
        }
        // The render's options are checked before the build, which takes longer.
        var request = try RenderRequest(args)
        request.scene = nil
        let quiet = args.has("--quiet")
        var notes: [String] = []
        let kit = try chooseKit(fromSource: args.has("--from-source")) { notes.append($0) }
        for n in notes { output.live("note: \(n)\n") }
        let cache = cacheFolder(args.string("--cache")), view = args.string("--view"), preview = args.string("--preview")
        let live = output.live
        let held = try lockPackage(packageFolder(files, view: view, preview: preview, cache: cache, kit: kit)) {
            if !quiet { live("waiting for another render that uses \(cache.path) to finish…\n") }
        }
        defer { held.unlock() }
        let prepared = try prepare(files, view: view, preview: preview, cache: cache, kit: kit)
        for w in prepared.warnings { output.warn("warning: \(w)") }

        // Build, with progress; the first source build compiles Scanline too.
        let firstBuild = !fm.fileExists(atPath: prepared.binary.path)
        if !quiet {
            output.live(kit != nil ? "building your view against the prebuilt Scanline in \(kit!.folder.path)…\n"
                        : firstBuild ? "building your view (the first build compiles Scanline in \(sourceConfiguration) mode: a few minutes)…\n" : "building your view…\n")
        }
        let started = Date()
        let out = output
        let errors = try build(prepared, progress: quiet || !out.isTerminal ? nil : { out.live("\r\u{1B}[K" + $0) })
        if !quiet && output.isTerminal { output.live("\r\u{1B}[K") }
        output.report?.timings["build"] = Date().timeIntervalSince(started)
        guard errors.isEmpty else {
            for e in errors.prefix(60) { output.warn(e) }
            let count = errorCount(errors)
            output.warn("scanline render: your files did not compile (\(count) error\(count == 1 ? "" : "s"))")
            output.report?.errors = errors.compactMap { JSONReport.compileFailure([$0]) }
            if output.report?.errors.isEmpty == true {
                output.report?.errors = [JSONReport.Failure(code: "compile", message: errors.first ?? "your files did not compile")]
            }
            return 1
        }
        if !quiet { output.live(String(format: "built in %.1f s\n", Date().timeIntervalSince(started))) }

        // Run it with the render, as one request: its options, the `.metal` files (a package's
        // shaders and images are in its targets' bundles, beside the program) and where images
        // are found (the first file's folder unless --resources says).
        if files.package == nil {
            request.metal = metalFiles
            if request.resources == nil { request.resources = URL(fileURLWithPath: swiftFiles[0]).deletingLastPathComponent().path }
        }
        // Its output goes where ours does; with --json its report is read, and the build's added.
        // A kill of this process stops the view's program too (it kept rendering after SIGTERM).
        let ended = try ChildProcess.run(prepared.binary, ["--request", request.encoded], stdout: output.report != nil ? .keep : .inherit,
                                         stderr: .inherit, stop: .terminate)
        let status = ended.status   // the signal's number when a signal ended it, as Process gives it
        if let host = output.report {
            guard var child = try? JSONDecoder().decode(JSONReport.self, from: ended.stdout) else {
                output.report?.errors = [JSONReport.Failure(code: "failed", message: "your view's program printed no report (exit \(status))")]
                return status == 0 ? 1 : status
            }
            child.timings.merge(host.timings) { a, _ in a }
            child.warnings = host.warnings + child.warnings
            output.report = child
        }
        return status
    }
}

/// The canvas of a user's view when `--size` is not given. The rule, as SwiftUI's:
/// - a view rendered by name (`--view`, or the only `View` in the files), or a `#Preview` with no
///   traits or `traits: .sizeThatFitsLayout`: the view's ideal size, what `ImageRenderer` gives
///   with the proposal `.unspecified` (a fixed `.frame` is kept; text fits its words; a `Color`
///   or shape alone, having no size of its own, measures 10 × 10 points);
/// - `traits: .fixedLayout(width:height:)`: that size in points;
/// - a device trait (`.portrait`, `.portraitUpsideDown`, `.defaultLayout`, `.landscapeLeft`,
///   `.landscapeRight`): the screen of an iPhone 16 Pro, `device`, turned for landscape.
public enum UserViewCanvas: Sendable, Equatable {
    /// The view's ideal size.
    case idealSize
    /// A canvas of this many points.
    case fixed(width: Double, height: Double)

    /// The device canvas, in points: an iPhone 16 Pro's screen in portrait (Xcode's default
    /// preview device for iOS 18 projects), 402 × 874.
    public static let device = CGSize(width: 402, height: 874)

    /// The case as Swift source, for the generated entry point.
    var swiftLiteral: String {
        switch self {
        case .idealSize: return ".idealSize"
        case let .fixed(w, h): return ".fixed(width: \(w), height: \(h))"
        }
    }
}

/// An exclusive lock on a file (`flock`), held until `unlock()` or the process ends; the kernel
/// drops it when the process dies, so a killed render never leaves a cache locked.
final class FileLock: @unchecked Sendable {
    private var fd: Int32
    /// Takes the lock on `url` (made if missing), waiting for its holder if there is one; calls
    /// `waiting` once before a wait.
    init(_ url: URL, waiting: () -> Void) throws {
        fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScanlineError.cannotWrite(path: url.path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        waiting()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw ScanlineError.cannotWrite(path: url.path, reason: "cannot lock it: \(reason)")
            }
        }
    }
    /// Releases the lock (once).
    func unlock() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }
    deinit { unlock() }
}
