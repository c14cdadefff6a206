#if canImport(Glibc)
import Glibc
#endif
internal import CScanline
import Foundation

// The C toolchain that builds `.metal` files: the clang++ and libclang to use, the flags that give
// Metal's semantics, and running clang. Part of `MetalCompiler` (MetalCompiler.swift).
extension MetalCompiler {
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
}
