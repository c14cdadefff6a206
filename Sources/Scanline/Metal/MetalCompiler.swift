#if canImport(Glibc)
import Glibc
#endif
internal import CScanline

/// Compiles `.metal` files for the CPU with the Swift toolchain's own clang, caches the result, and
/// loads it.
///
/// For each file it (1) reads the `[[stitchable]]` functions and their parameter types from
/// clang's AST through libclang, (2) generates a C++ file that includes the user's file unchanged
/// and, per function, a band loop with a C entry point (so the shader inlines into its pixel loop
/// and row-only work is hoisted by the compiler) and (3) compiles that to an object file with
/// Metal's float semantics. (4) A library's objects (a folder's or a bundle's `.metal` files, as
/// Metal builds a target's) are linked into one shared object, so one file may call a function
/// another defines, and (5) it is `dlopen`ed. A file that fails to compile or link is left out
/// alone, with its error (`loadLibrary`). Results are cached under
/// `$XDG_CACHE_HOME/scanline/metal/` (or `~/.cache/scanline/metal/`), keyed by a hash of the
/// sources, every file they include, Scanline's headers, the compiler's version and the flags.
///
/// A compiled shader is the user's code running in the user's process, as a Metal library is on
/// Apple's platforms: Scanline compiles only files the user named.
///
/// The parts: this file drives a build (load, compile, link, blame); MetalToolchain.swift finds
/// clang and holds the flags; MetalCache.swift the cache's keys, seals and placement;
/// MetalCodegen.swift the generated band loops; MetalModule.swift the loaded library.
enum MetalCompiler {
    /// The `.metal` files of `url`: the file itself, or a folder's `.metal` files (recursively, sorted).
    static func sources(at url: URL) throws -> [URL] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { throw ScanlineError.fileNotFound(path: url.path) }
        guard isDir.boolValue else { return [url.standardizedFileURL] }
        let all = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { $0.pathExtension == "metal" }.map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }

    /// Compiles (or loads from the cache) one `.metal` file as a library of its own; throws its
    /// compile error.
    static func load(_ source: URL, cache: URL = defaultCacheFolder, arch: String = defaultArch) throws -> MetalModule {
        let library = try loadLibrary([source], cache: cache, arch: arch)
        if let failure = library.failures.first { throw failure.error }
        guard let module = library.module else { throw ShaderError.compileFailed(file: source.path, message: "it was not compiled") }
        return module
    }

    /// What loading a library gave: one module with the functions of every file that compiled and
    /// linked, and each file that did not, with its error.
    struct Library {
        var module: MetalModule?
        var failures: [MetalFailure] = []
        /// The functions of a library linked but not loaded (`load: false`).
        var linked: [MetalFunction] = []
        var functions: [MetalFunction] { module?.functions ?? linked }
    }

    /// Compiles (or loads from the cache) the `.metal` files of one library, as Metal builds a
    /// target's files: each file on its own, then linked into one shared object, so a function
    /// may call one that another file defines. A file that does not compile, or does not link
    /// (it calls a function no file defines, or defines one that an earlier file defines too), is
    /// left out with its error, and the others still load. Throws only what stops every file: no
    /// toolchain, an unwritable cache.
    /// With `load: false` the library is compiled and linked but never loaded into the process,
    /// so none of its code runs (a static constructor would, on `dlopen`): what listing its
    /// functions needs (issue #32 point 17); `Library.functions` then come from the objects.
    /// `arch` is the instruction set to build for (`objectFlags(arch:)`).
    static func loadLibrary(_ sources: [URL], cache: URL = defaultCacheFolder, load: Bool = true, arch: String = defaultArch) throws -> Library {
        // A shader's first use may come inside a render (while a frame is drawn): the compiler's
        // processes are waited for on the machine's clock (docs/TIME.md).
        try RenderClock.outsideRender { try loadLibraryNow(sources, cache: cache, load: load, arch: arch) }
    }

    private static func loadLibraryNow(_ sources: [URL], cache: URL, load: Bool, arch: String) throws -> Library {
        let tools = try toolchain()
        let headers = try headerFolder(cache)
        var library = Library()
        var objects: [MetalObject] = []
        for source in sources {
            do {
                let object = try compileObject(source, tools: tools, headers: headers, cache: cache, arch: arch)
                // Two files that define the same stitchable function: the later one is left out.
                if let f = object.functions.first(where: { f in objects.contains { $0.functions.contains { $0.name == f.name } } }),
                   let other = objects.lazy.flatMap(\.functions).first(where: { $0.name == f.name }) {
                    throw ShaderError.duplicateFunction(name: f.name, places: ["\(other.file):\(other.line)", "\(f.file):\(f.line)"])
                }
                objects.append(object)
            } catch let e as ShaderError {
                if case .metalToolchain = e { throw e }
                library.failures.append(MetalFailure(file: source.standardizedFileURL.path, error: e))
            } catch let e as ScanlineError {
                library.failures.append(MetalFailure(file: source.standardizedFileURL.path, error: .compileFailed(file: source.path, message: e.description)))
            }
        }
        // Link; a file the linker names in an error is left out, and the rest linked again.
        while !objects.isEmpty {
            switch link(objects, tools: tools, cache: cache, load: load) {
            case .success(let module):
                library.module = module
                if !load { library.linked = objects.flatMap(\.functions) }
                return library
            case .failure(let failed):
                // A missing part of the C toolchain stops every file alike.
                if case .metalToolchain? = failed.files.first?.1 { throw failed.files[0].1 }
                for (source, error) in failed.files {
                    let names = objects.first { $0.source == source }?.functions.map(\.name) ?? []
                    library.failures.append(MetalFailure(file: source, error: error, functions: names))
                }
                objects.removeAll { o in failed.files.contains { $0.0 == o.source } }
            }
        }
        return library
    }

    /// A file left out of a library: its error, and the functions it defines where they are
    /// known (it compiled, and did not link).
    struct MetalFailure: Sendable {
        var file: String
        var error: ShaderError
        var functions: [String] = []
    }

    /// A compiled `.metal` file, not yet linked: its object file (`shaders.o` in its cache entry)
    /// and its stitchable functions.
    struct MetalObject {
        let source: String
        let entry: URL
        let functions: [MetalFunction]
        var object: URL { entry.appendingPathComponent(MetalModule.objectName) }
    }

    /// Compiles (or finds in the cache) one file's object: the user's file unchanged, with a band
    /// loop per usable function. Throws the file's compile error.
    static func compileObject(_ source: URL, tools: Toolchain, headers: URL, cache: URL, arch: String = defaultArch) throws -> MetalObject {
        let path = source.standardizedFileURL.path
        guard let text = FileManager.default.contents(atPath: path) else {
            throw FileManager.default.fileExists(atPath: path) ? ScanlineError.unreadableFile(path: path, reason: "cannot read it") : ScanlineError.fileNotFound(path: path)
        }
        let flags = compileFlags(for: source, headers: headers)
        // The first key covers what is known before compiling; the files the source includes are
        // learnt from the compile and listed beside it, and their contents make the second key.
        var key = StableHash()
        key.add(generatorVersion); key.add(tools.version); key.add(tools.clang.path)
        key.add((flags + objectFlags(arch: arch)).joined(separator: " ")); key.add(headers.lastPathComponent); key.add(path); key.add(text)
        if arch == "native" { key.add(cpuIdentity) }
        let firstKey = key.hex
        let index = cache.appendingPathComponent("index/\(firstKey).deps")
        func cached(_ entry: URL) -> MetalObject? {
            guard isSealed(entry, [MetalModule.objectName, MetalModule.functionsName]),
                  let listing = try? String(contentsOf: entry.appendingPathComponent(MetalModule.functionsName), encoding: .utf8) else { return nil }
            return MetalObject(source: path, entry: entry, functions: MetalFunction.parse(listing: listing, file: path).functions)
        }
        if let bytes = FileManager.default.contents(atPath: index.path),
           let found = cached(cache.appendingPathComponent(entryKey(firstKey, deps: String(decoding: bytes, as: UTF8.self)))) {
            return found
        }
        // Not cached (or the cache is damaged): compile into a private folder, then rename it into place.
        let functions = try readFunctions(path, flags: flags, tools: tools)
        let work = try privateFolder(in: cache)
        defer { try? FileManager.default.removeItem(at: work) }
        let wrapper = work.appendingPathComponent("entries.cpp")
        try generate(functions, including: path).write(to: wrapper, atomically: false, encoding: .utf8)
        let depFile = work.appendingPathComponent("deps.d")
        try compile(tools.clang, flags + objectFlags(arch: arch) + ["-c", "-MD", "-MF", depFile.path, "-o", work.appendingPathComponent(MetalModule.objectName).path, wrapper.path], source: path)
        try listing(functions).write(to: work.appendingPathComponent(MetalModule.functionsName), atomically: false, encoding: .utf8)
        try seal(work, [MetalModule.objectName, MetalModule.functionsName])
        let deps = dependencies(depFile, excluding: [wrapper.path, path], headers: headers.path).joined(separator: "\n")
        let entry = cache.appendingPathComponent(entryKey(firstKey, deps: deps))
        try place(work, at: entry, cache: cache) { cached($0) != nil }
        try? AtomicFile.write(Data(deps.utf8), to: index)
        guard let object = cached(entry) else { throw ShaderError.compileFailed(file: path, message: "cannot read the shader cache at \(entry.path)") }
        return object
    }

    /// Links `objects` into one shared object (or finds it in the cache) and loads it. On a link
    /// error, the files the linker names, each with its error; empty when it names none (then
    /// every file is given the error).
    static func link(_ objects: [MetalObject], tools: Toolchain, cache: URL, load: Bool = true) -> Result<MetalModule?, LinkFailure> {
        var key = StableHash()
        key.add(generatorVersion); key.add(tools.version); key.add(linkFlags.joined(separator: " "))
        for o in objects { key.add(o.source); key.add(o.entry.lastPathComponent) }
        let entry = cache.appendingPathComponent("lib-" + key.hex)
        let functions = objects.flatMap(\.functions)
        let built = entry.appendingPathComponent(MetalModule.libraryName)
        let sealed = isSealed(entry, [MetalModule.libraryName])
        if !load, sealed { return .success(nil) }
        if load, sealed, let module = try? MetalModule(library: built, functions: functions) { return .success(module) }
        do {
            let work = try privateFolder(in: cache)
            defer { try? FileManager.default.removeItem(at: work) }
            let (status, text) = try runClang(tools.clang, ["-o", work.appendingPathComponent(MetalModule.libraryName).path] + objects.map(\.object.path) + linkFlags)
            if status != 0, let missing = missingPackage(in: text) {
                return .failure(LinkFailure(objects.map { ($0.source, .metalToolchain(reason: missing)) }))
            }
            guard status == 0 else { return .failure(LinkFailure(blame(text, objects))) }
            try seal(work, [MetalModule.libraryName])
            try place(work, at: entry, cache: cache) { theirs in
                guard isSealed(theirs, [MetalModule.libraryName]) else { return false }
                return load ? (try? MetalModule(library: theirs.appendingPathComponent(MetalModule.libraryName), functions: functions)) != nil : true
            }
            return .success(load ? try MetalModule(library: built, functions: functions) : nil)
        } catch {
            let e = error as? ShaderError ?? .compileFailed(file: objects[0].source, message: "\(error)")
            return .failure(LinkFailure(objects.map { ($0.source, e) }))
        }
    }

    struct LinkFailure: Error { var files: [(String, ShaderError)]; init(_ f: [(String, ShaderError)]) { files = f } }

    /// The files a linker's errors are about: for each error, the first of `objects` whose object
    /// file it names (GNU ld: `a/shaders.o: in function …: undefined reference to …`, and a
    /// duplicate's `multiple definition of …; b/shaders.o: first defined here`), with the error.
    static func blame(_ text: String, _ objects: [MetalObject]) -> [(String, ShaderError)] {
        let lines = text.split(separator: "\n").map(String.init)
        var blamed: [(String, ShaderError)] = []
        for (i, line) in lines.enumerated() where line.contains("undefined reference") || line.contains("multiple definition") || line.contains("error:") {
            let near = lines[i..<min(lines.count, i + 4)].joined(separator: "\n")
            // The object named first in the error's lines.
            var named: (object: MetalObject, at: String.Index)? = nil
            for object in objects {
                guard let r = near.range(of: object.object.path) else { continue }
                if named == nil || r.lowerBound < named!.at { named = (object, r.lowerBound) }
            }
            guard let o = named?.object, !blamed.contains(where: { $0.0 == o.source }) else { continue }
            var why = line
            for other in objects { why = why.replacingOccurrences(of: other.object.path, with: URL(fileURLWithPath: other.source).lastPathComponent) }
            if let r = why.range(of: #"(undefined reference to|multiple definition of).*"#, options: .regularExpression) { why = String(why[r]) }
            let hint = why.hasPrefix("undefined") ? " (no .metal file of this library defines it)" : why.hasPrefix("multiple") ? " (another .metal file of this library defines it too; make one `static` or rename it)" : ""
            blamed.append((o.source, .compileFailed(file: o.source, message: "\(URL(fileURLWithPath: o.source).lastPathComponent) does not link with the library's other files: \(why)\(hint)")))
        }
        if blamed.isEmpty {
            let first = lines.first { $0.contains("error") } ?? lines.first ?? "the linker failed"
            return objects.map { ($0.source, .compileFailed(file: $0.source, message: "the .metal files do not link: \(first)")) }
        }
        return blamed
    }

    /// Metal's semantics plus the include folders: Scanline's headers, then the source's own folder.
    static func compileFlags(for source: URL, headers: URL) -> [String] {
        semanticFlags + ["-I", headers.path, "-I", source.deletingLastPathComponent().path]
    }

    /// The stitchable functions of `path`, from clang's AST. clang's errors are thrown.
    static func readFunctions(_ path: String, flags: [String], tools: Toolchain) throws -> [MetalFunction] {
        var error = [CChar](repeating: 0, count: 1024)
        let args = flags.map { strdup($0) }
        defer { args.forEach { free($0) } }
        let text: String? = args.map { UnsafePointer($0) }.withUnsafeBufferPointer { a in
            guard let raw = scanline_metal_signatures(tools.libclang.path, path, a.baseAddress, Int32(a.count), &error, error.count) else { return nil }
            defer { scanline_free(raw) }
            return String(cString: raw)
        }
        guard let text else {
            throw ShaderError.metalToolchain(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "; set SCANLINE_LIBCLANG to the toolchain's libclang.so")
        }
        let parsed = MetalFunction.parse(listing: text, file: path)
        if !parsed.errors.isEmpty {
            throw ShaderError.compileFailed(file: path, message: parsed.errors.prefix(3).joined(separator: "\n"))
        }
        return parsed.functions
    }

    /// The files a make-style dependency list names, less the ones given and Scanline's headers.
    static func dependencies(_ depFile: URL, excluding: [String], headers: String) -> [String] {
        guard let text = try? String(contentsOf: depFile, encoding: .utf8) else { return [] }
        let joined = text.replacingOccurrences(of: "\\\n", with: " ")
        guard let colon = joined.firstIndex(of: ":") else { return [] }
        return joined[joined.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            .filter { !excluding.contains($0) && !$0.hasPrefix(headers) }
            .map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .sorted()
    }

    /// One line per function and parameter, as the C helper prints them, so a cached entry can be
    /// read back without clang.
}

extension MetalFunction {
    /// The stitchable functions of the `.metal` file at `url`, as clang reads them, without
    /// compiling or loading anything. Throws clang's first errors, or a missing toolchain.
    public static func read(_ url: URL) throws -> [MetalFunction] {
        guard FileManager.default.fileExists(atPath: url.path) else { throw ScanlineError.fileNotFound(path: url.path) }
        let tools = try MetalCompiler.toolchain()
        let headers = try MetalCompiler.headerFolder(MetalCompiler.defaultCacheFolder)
        return try MetalCompiler.readFunctions(url.standardizedFileURL.path, flags: MetalCompiler.compileFlags(for: url, headers: headers), tools: tools)
    }
}

extension ShaderLibrary {
    /// Writes Scanline's Metal headers (`metal_stdlib` and `SwiftUI/SwiftUI_Metal.h`) into
    /// `folder`: for an editor's clangd (`-I folder`), or to build a `.metal` file outside Scanline.
    public static func writeMetalHeaders(to folder: URL) throws {
        for f in MetalHeaders.files {
            let url = folder.appendingPathComponent(f.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(f.text.utf8), to: url)
        }
    }

    /// The clang flags Scanline compiles `.metal` files with, for Metal's float semantics (see
    /// `MetalCompiler`), without the include folders.
    public static var metalCompilerFlags: [String] { MetalCompiler.semanticFlags }
}
