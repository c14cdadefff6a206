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
enum MetalCompiler {
    /// The compiler flags that give Metal's semantics: float literals (`-cl-single-precision-
    /// constant`), no fused multiply-add, no fast-math, math functions without `errno` (so calls
    /// can be hoisted out of loops).
    static let semanticFlags = ["-x", "c++", "-std=c++17", "-ffp-contract=off", "-fno-fast-math", "-fno-math-errno",
                                "-Xclang", "-cl-single-precision-constant", "-Wno-unknown-attributes", "-Wno-user-defined-literals",
                                "-fno-color-diagnostics"]
    /// Shaders are built for the CPU they run on (`-march=native`): the whole file, the user's
    /// helpers included (a per-function target attribute leaves helpers that are not inlined in
    /// baseline code, which runs 2–3× slower after the caller's vector code). The result is the
    /// same bytes for any instruction set: no fused multiply-add, no reassociation
    /// (`MetalArchTests` compares scalar, AVX2 and AVX-512 builds). `SCANLINE_METAL_ARCH` names
    /// another `-march` (`x86-64`, `x86-64-v3`, …). The cache key holds the flags and, for
    /// `native`, this CPU's model and features, so a cache shared between machines keeps one
    /// build per kind of CPU.
    static func objectFlags(arch: String = defaultArch) -> [String] {
        ["-O3", "-fPIC", "-fvisibility=hidden", "-fvisibility-inlines-hidden", "-fno-semantic-interposition",
         "-fno-exceptions", "-fno-rtti", "-march=" + arch]
    }
    static let defaultArch: String = {
        let named = ProcessInfo.processInfo.environment["SCANLINE_METAL_ARCH"] ?? ""
        return named.isEmpty ? "native" : named
    }()
    /// This CPU's model and instruction-set features (Linux's /proc/cpuinfo), for cache keys.
    static let cpuIdentity: String = {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        let first = text.components(separatedBy: "\n\n").first ?? text
        return first.split(separator: "\n").filter { $0.hasPrefix("model name") || $0.hasPrefix("flags") || $0.hasPrefix("vendor_id") }
            .joined(separator: "\n")
    }()
    /// How a library's objects are linked: one shared object, every reference resolved (so a
    /// call to a function no file defines is an error naming the file, not a failed `dlopen`).
    /// Shader code needs no C++ runtime (no exceptions, no RTTI, no `new`), so the link leaves
    /// out the C++ standard library (`-nostdlib++`) and takes only the C library and libm: a new
    /// Debian machine has those with the toolchain (libc6-dev, libgcc-12-dev), and has no
    /// libstdc++ development files unless someone installs them.
    static let linkFlags = ["-shared", "-fPIC", "-nostdlib++", "-Wl,--no-undefined", "-lm", "-fno-color-diagnostics"]

    /// When a compile or link error says part of the C toolchain is missing (the linker, C runtime
    /// objects, libc, libm, libgcc): one line naming it and the Debian package that gives it; nil
    /// when the error is about the user's code.
    /// The toolchain itself needs these, so they are missing only on a stripped machine.
    static func missingPackage(in text: String) -> String? {
        let rules: [(pattern: String, package: String)] = [
            (#"Executable "ld[.a-z]*" doesn't exist|invalid linker name|unable to execute command: Executable "ld"#, "binutils"),
            (#"cannot (find|open) (-lgcc_s|-lgcc\b|crtbeginS\.o|crtendS\.o)"#, "libgcc-12-dev"),
            (#"cannot (find|open) (-lm\b|-lc\b|crti\.o|crtn\.o|crt1\.o|Scrt1\.o)"#, "libc6-dev"),
        ]
        // The first line that says something is missing decides.
        for line in text.split(separator: "\n").map(String.init) {
            for rule in rules where line.range(of: rule.pattern, options: .regularExpression) != nil {
                let what = line.replacingOccurrences(of: #"^.*?error: "#, with: "", options: .regularExpression)
                return "\(what.trimmingCharacters(in: .whitespaces)): the C toolchain that .metal files are linked with is incomplete; install it with `apt-get install \(rule.package)`"
            }
        }
        return nil
    }

    /// Bumped whenever the generated code or the cache layout changes.
    static let generatorVersion = "9"

    /// Where the compiler and libclang are.
    struct Toolchain: Sendable {
        var clang: URL
        var libclang: URL
        var version: String
    }

    nonisolated(unsafe) private static var cachedToolchain: Result<Toolchain, ShaderError>?
    private static let lock = NSLock()

    /// The clang++ to use: `$SCANLINE_CLANG`, else the one beside the running Swift toolchain's
    /// `swift`, else `/opt/swift/usr/bin/clang++` or a `clang++` on PATH; libclang from
    /// `$SCANLINE_LIBCLANG`, else `lib/libclang.so` of that toolchain.
    static func toolchain() throws -> Toolchain {
        try lock.withLock {
            if let cachedToolchain { return try cachedToolchain.get() }
            let result = Result { try findToolchain(ProcessInfo.processInfo.environment) }.mapError { $0 as? ShaderError ?? .metalToolchain(reason: "\($0)") }
            cachedToolchain = result
            return try result.get()
        }
    }

    /// The toolchain that `env` (a process environment) points at.
    static func findToolchain(_ env: [String: String]) throws -> Toolchain {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let given = env["SCANLINE_CLANG"], !given.isEmpty {
            let url = URL(fileURLWithPath: given)
            guard fm.isExecutableFile(atPath: url.path) else {
                throw ShaderError.metalToolchain(reason: "SCANLINE_CLANG is '\(given)', which is not an executable clang++")
            }
            candidates = [url]
        } else {
            let path = env["PATH"] ?? "/usr/bin:/bin"
            for dir in path.split(separator: ":") {
                let swift = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
                if fm.isExecutableFile(atPath: swift.path) {
                    candidates.append(swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang++"))
                }
            }
            candidates.append(URL(fileURLWithPath: "/opt/swift/usr/bin/clang++"))
            for dir in path.split(separator: ":") { candidates.append(URL(fileURLWithPath: String(dir)).appendingPathComponent("clang++")) }
        }
        guard let clang = candidates.first(where: { fm.isExecutableFile(atPath: $0.path) }) else {
            throw ShaderError.metalToolchain(reason: "no clang++ found to compile .metal files: the Swift toolchain ships one beside `swift`; put that toolchain on PATH or set SCANLINE_CLANG=/path/to/clang++")
        }
        let libclang: URL
        if let given = env["SCANLINE_LIBCLANG"], !given.isEmpty { libclang = URL(fileURLWithPath: given) } else {
            let lib = clang.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
            libclang = [lib.appendingPathComponent("libclang.so"), clang.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/libclang.so")]
                .first { fm.fileExists(atPath: $0.path) } ?? lib.appendingPathComponent("libclang.so")
        }
        guard fm.fileExists(atPath: libclang.path) else {
            throw ShaderError.metalToolchain(reason: "no libclang.so beside \(clang.path) (looked in \(libclang.deletingLastPathComponent().path)); set SCANLINE_LIBCLANG=/path/to/libclang.so")
        }
        let out = try? FFmpeg.run(clang, ["--version"], what: "tell its version")
        guard let out, let first = String(decoding: out, as: UTF8.self).split(separator: "\n").first else {
            throw ShaderError.metalToolchain(reason: "\(clang.path) does not run (`clang++ --version` failed); set SCANLINE_CLANG to a working clang++")
        }
        return Toolchain(clang: clang, libclang: libclang, version: String(first))
    }

    /// The cache folder: `$SCANLINE_CACHE_DIR`, else `$XDG_CACHE_HOME/scanline/metal`, else
    /// `~/.cache/scanline/metal`.
    static var defaultCacheFolder: URL {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["SCANLINE_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir).appendingPathComponent("metal") }
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("scanline/metal") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/scanline/metal")
    }

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

    /// The file in a cache entry that records the size and digest of the entry's other files.
    static let sealName = "seal"

    /// Records the size and digest of each of `names` in `folder`, so that a damaged entry is
    /// found before it is used: a truncated shared object gave SIGBUS when loaded, and an edited
    /// listing broke the shader for good (issue #32 point 20). A damaged entry is built again.
    static func seal(_ folder: URL, _ names: [String]) throws {
        var lines = ""
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw ShaderError.compileFailed(file: folder.path, message: "cannot read the shader cache's \(name)")
            }
            var h = StableHash(); h.add(data)
            lines += "\(name) \(data.count) \(h.hex)\n"
        }
        try Data(lines.utf8).write(to: folder.appendingPathComponent(sealName))
    }

    /// Whether each of `names` in `folder` is as `seal` recorded it.
    static func isSealed(_ folder: URL, _ names: [String]) -> Bool {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(sealName), encoding: .utf8) else { return false }
        let recorded = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { a, _ in a })
        for name in names {
            let path = folder.appendingPathComponent(name).path
            guard let want = recorded[name], let size = Int(want.split(separator: " ").first ?? ""),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  (attributes[.size] as? NSNumber)?.intValue == size,
                  let data = FileManager.default.contents(atPath: path), data.count == size else { return false }
            var h = StableHash(); h.add(data)
            guard want == "\(size) \(h.hex)" else { return false }
        }
        return true
    }

    /// A folder of this process's own in the cache, to build in before renaming into place.
    static func privateFolder(in cache: URL) throws -> URL {
        let work = cache.appendingPathComponent("tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        do {
            try FileManager.default.createDirectory(at: cache.appendingPathComponent("index"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw ShaderError.compileFailed(file: cache.path, message: "cannot write the shader cache at \(cache.path): \(error.localizedDescription)")
        }
        return work
    }

    /// Renames `work` to `entry`. When another process put an entry there first, theirs is kept
    /// if `usable`, else ours replaces it.
    static func place(_ work: URL, at entry: URL, cache: URL, usable: (URL) -> Bool) throws {
        guard rename(work.path, entry.path) != 0 else { return }
        if usable(entry) { return }
        let trash = cache.appendingPathComponent("trash-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        _ = rename(entry.path, trash.path)
        try? FileManager.default.removeItem(at: trash)
        guard rename(work.path, entry.path) == 0 else {
            throw ShaderError.compileFailed(file: entry.path, message: "cannot write the shader cache at \(cache.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Metal's semantics plus the include folders: Scanline's headers, then the source's own folder.
    static func compileFlags(for source: URL, headers: URL) -> [String] {
        semanticFlags + ["-I", headers.path, "-I", source.deletingLastPathComponent().path]
    }

    /// The second key: the first plus the path and contents of each included file.
    static func entryKey(_ firstKey: String, deps: String) -> String {
        var h = StableHash()
        h.add(firstKey)
        for d in deps.split(separator: "\n") {
            h.add(String(d))
            h.add(FileManager.default.contents(atPath: String(d)) ?? Data("\u{0}missing".utf8))
        }
        return h.hex
    }

    /// Scanline's headers, written once into the cache under their own hash.
    static func headerFolder(_ cache: URL) throws -> URL {
        var h = StableHash()
        for f in MetalHeaders.files { h.add(f.path); h.add(f.text) }
        let folder = cache.appendingPathComponent("include-\(h.hex)")
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("metal_stdlib").path) { return folder }
        let tmp = cache.appendingPathComponent("include-tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        do {
            for f in MetalHeaders.files {
                let url = tmp.appendingPathComponent(f.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try f.text.write(to: url, atomically: false, encoding: .utf8)
            }
        } catch {
            throw ShaderError.compileFailed(file: cache.path, message: "cannot write the shader cache at \(cache.path): \(error.localizedDescription)")
        }
        if rename(tmp.path, folder.path) != 0 { try? FileManager.default.removeItem(at: tmp) }
        return folder
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

    /// Runs clang; its first error (with the user's file, line and column) is thrown.
    static func compile(_ clang: URL, _ args: [String], source: String) throws {
        let (status, text) = try runClang(clang, args)
        if status != 0, let missing = missingPackage(in: text) { throw ShaderError.metalToolchain(reason: missing) }
        guard status == 0 else {
            throw ShaderError.compileFailed(file: source, message: firstDiagnostics(text) ?? "clang exited with \(status)")
        }
    }

    /// Runs clang (compiling or linking) and returns its exit status and what it printed on stderr.
    static func runClang(_ clang: URL, _ args: [String]) throws -> (status: Int32, stderr: String) {
        try RenderClock.outsideRender { try runClangNow(clang, args) }
    }

    private static func runClangNow(_ clang: URL, _ args: [String]) throws -> (status: Int32, stderr: String) {
        let ended = try ChildProcess.run(clang, args, stdout: .discard, stderr: .keepTail(65536))
        return (ended.status, String(decoding: ended.stderr, as: UTF8.self))
    }

    /// The first error clang printed, with the two lines that show where (source and caret).
    static func firstDiagnostics(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let i = lines.firstIndex(where: { $0.contains(": error: ") || $0.contains(": fatal error: ") }) else {
            return lines.first { !$0.isEmpty }
        }
        return lines[i...].prefix(3).filter { !$0.isEmpty && !$0.hasPrefix("In file included") }.joined(separator: "\n")
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
    static func listing(_ functions: [MetalFunction]) -> String {
        functions.map { f in
            "F\t\(f.name)\t\(f.line)\t\(f.column)\t\(f.returnType)\t\(f.returnCanonical)\n"
                + f.parameters.map { "P\t\($0.name)\t\($0.type)\t\($0.canonical)\n" }.joined()
        }.joined()
    }

    /// The C++ that runs each usable function over bands of rows.
    static func generate(_ functions: [MetalFunction], including path: String) -> String {
        var s = "// Generated by Scanline: the band loops for \(path).\n"
        s += "#include \"\(quoted(path))\"\n"
        s += """
        #include <SwiftUI/SwiftUI_Metal.h>
        namespace {
        \(byteFunction("inline"))
        // Denormals are zero and flush to zero while a band runs, as on Apple's GPUs: float2
        // and float3 maths runs in 4-lane registers whose unused lanes hold whatever came before,
        // and a denormal there costs a microcode assist per instruction (measured: 2.4× slower
        // after another kernel ran). The previous mode is restored on the way out.
        struct scanline_denormals_off {
        #if defined(__x86_64__)
            unsigned saved;
            scanline_denormals_off() { __asm__ volatile("stmxcsr %0" : "=m"(saved)); unsigned m = saved | 0x8040u; __asm__ volatile("ldmxcsr %0" :: "m"(m)); }
            ~scanline_denormals_off() { __asm__ volatile("ldmxcsr %0" :: "m"(saved)); }
        #endif
        };
        \(storeFunction("inline"))
        }

        """
        for f in functions {
            guard case .success(let b) = f.binding else { continue }
            let (decls, value) = call(f.name, b) { n, parts in "(float\(n)){\(parts)}" }
            s += """
            extern "C" __attribute__((visibility("default"), flatten))
            void \(MetalModule.symbolPrefix)\(f.name)(const float* F, const void* const* P, const long* N, const unsigned char* pixels,
                    int width, int height, const int* GI, const float* GF, unsigned char* out, int row0, int row1) {
                (void)F; (void)P; (void)N;
                const scanline_denormals_off mxcsr;
                \(decls.joined(separator: "\n    "))
                // GI: origin x, y and padding x, y (pixels); GF: phase x, y (pixels), scale x, y (pixels per point).
                const SwiftUI::LayerPixels layerPixels = {pixels, width, height, GI[0], GI[1], GI[2], GI[3], GF[0], GF[1], GF[2], GF[3]};
                const SwiftUI::Layer layer = {&layerPixels};
                const int ox = GI[0], oy = GI[1];
                const float px = GF[0], py = GF[1], sx = GF[2], sy = GF[3];
                for (int j = row0; j < row1; j++) {
                    const float y = (((float)(j + oy) + 0.5f) - py) / sy;
                    unsigned char* row = out + (long)j * width * 4;
                    for (int i = 0; i < width; i++) {
                        const float2 pos = (float2){(((float)(i + ox) + 0.5f) - px) / sx, y};
                        scanline_store(row + i * 4, \(value));
                    }
                }
            }

            """
        }
        return s
    }
}

extension MetalCompiler {
    /// `path` as a C string literal's contents.
    static func quoted(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// The generated code's 8-bit quantisation of a 0…1 channel (round to nearest, clamped, NaN to
    /// 0), as `OutputPixels.store` does it in Swift; `inline` is the dialect's keyword.
    static func byteFunction(_ inline: String) -> String {
        """
        \(inline) unsigned char scanline_byte(float v) {
            float s = v * 255.0f + 0.5f;
            if (!(s >= 1.0f)) return 0;
            if (s >= 255.0f) return 255;
            return (unsigned char)(int)s;
        }
        """
    }

    /// Stores a colour's four channels as bytes.
    static func storeFunction(_ inline: String) -> String {
        """
        \(inline) void scanline_store(unsigned char* o, float4 c) {
            o[0] = scanline_byte(c.x); o[1] = scanline_byte(c.y); o[2] = scanline_byte(c.z); o[3] = scanline_byte(c.w);
        }
        """
    }

    /// How a generated loop calls function `name` bound as `b`: the declarations that unpack its
    /// SwiftUI arguments from the floats `F`, buffers `P` and counts `N`, and the expression whose
    /// value is the pixel's colour (reading `pos`, `layer`, and the pixel's `i`, `j`). `vector`
    /// spells a float vector of n lanes from its comma-separated parts (the CPU and GPU headers
    /// build vectors differently). Shared by the CPU band loops and the GPU kernels.
    static func call(_ name: String, _ b: MetalFunction.Binding, vector: (Int, String) -> String) -> (decls: [String], value: String) {
        var decls: [String] = [], call: [String] = []
        var fi = 0, pi = 0
        for (k, a) in b.arguments.enumerated() {
            let v = "a\(k)"
            switch a.decode {
            case .floats(1):
                decls.append("const float \(v) = F[\(fi)];"); call.append(v); fi += 1
            case .floats(let n):
                let parts = (0..<n).map { "F[\(fi + $0)]" }.joined(separator: ", ")
                decls.append("const float\(n) \(v) = \(vector(n, parts));"); call.append(v); fi += n
            case .floatArray, .colorArray, .data:
                decls.append("\(a.types[0]) \(v) = (\(a.types[0]))P[\(pi)];")
                decls.append("const \(a.types[1]) \(v)n = (\(a.types[1]))N[\(2 * pi)];")
                call += [v, "\(v)n"]; pi += 1
            case .image:
                decls.append("const \(a.types[0]) \(v) = {(const float*)P[\(pi)], (int)N[\(2 * pi)], (int)N[\(2 * pi + 1)]};")
                call.append(v); pi += 1
            }
        }
        let args = call.isEmpty ? "" : ", " + call.joined(separator: ", ")
        switch b.kind {
        case .layer: return (decls, "\(name)(pos, layer\(args))")
        case .color: return (decls, "\(name)(pos, layer.texel(i, j)\(args))")
        case .distortion: return (decls, "layer.sample(\(name)(pos\(args)))")
        case .shapeStyle: return (decls, "\(name)(pos\(args))")
        }
    }
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

/// A library of compiled `.metal` files, loaded: its functions and their band entry points.
final class MetalModule: @unchecked Sendable {
    static let libraryName = "shaders.so"
    static let objectName = "shaders.o"
    static let functionsName = "functions.txt"
    static let symbolPrefix = "scanline_band_"

    /// `fn(floats, pointers, counts, pixels, width, height, geometryInts, geometryFloats, out, row0, row1)`.
    typealias Band = @convention(c) (UnsafePointer<Float>?, UnsafePointer<UnsafeRawPointer?>?, UnsafePointer<Int>?, UnsafePointer<UInt8>?,
                                     Int32, Int32, UnsafePointer<Int32>?, UnsafePointer<Float>?, UnsafeMutablePointer<UInt8>?, Int32, Int32) -> Void
    let functions: [MetalFunction]
    let entries: [String: Band]
    private let handle: UnsafeMutableRawPointer

    /// Loads the linked library at `library`, whose files hold `functions`; throws if it is
    /// missing or lacks one of them.
    init(library: URL, functions: [MetalFunction]) throws {
        let file = functions.first?.file ?? library.path
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw ShaderError.compileFailed(file: file, message: "the compiled shader library is missing")
        }
        guard let h = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw ShaderError.compileFailed(file: file, message: "cannot load the compiled shader: \(String(cString: dlerror()))")
        }
        handle = h
        self.functions = functions
        var entries: [String: Band] = [:]
        for f in functions where f.usage != nil {
            guard let sym = dlsym(h, MetalModule.symbolPrefix + f.name) else {
                throw ShaderError.compileFailed(file: f.file, message: "the compiled shader lacks \(f.name)")
            }
            entries[f.name] = unsafeBitCast(sym, to: Band.self)
        }
        self.entries = entries
    }
    // The library stays loaded for the life of the process: shaders may still be running.

    /// Any C symbol of the compiled files (the tests call probe functions through this).
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
}

/// A 128-bit FNV-1a hash (two 64-bit lanes): stable across runs and platforms, for cache keys.
package struct StableHash {
    private var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
    package init() {}
    package mutating func add(_ s: String) { add(bytes: s.utf8) }
    package mutating func add(_ d: Data) { add(bytes: d) }
    package mutating func add<S: Sequence>(bytes: S) where S.Element == UInt8 {
        for byte in bytes { a = (a ^ UInt64(byte)) &* 0x100000001b3; b = (b ^ UInt64(byte)) &* 0x100000001b3 ^ (b >> 29) }
        a = (a ^ 0xff) &* 0x100000001b3; b = (b ^ 0xfe) &* 0x100000001b3   // a separator, so ("ab","c") ≠ ("a","bc")
    }
    package var hex: String { String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16) }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
