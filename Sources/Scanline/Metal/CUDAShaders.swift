// .metal functions on an NVIDIA GPU: the same source as the CPU path, rewritten where NVRTC's
// C++ differs from MSL (float literals), compiled by NVRTC against CUDAHeaders, one kernel per
// usable stitchable function with the CPU band loop's arguments and arithmetic, and run through
// the CUDA driver (CScanline/cuda.c, loaded with dlopen). docs/METAL.md, "On an NVIDIA GPU".
internal import CScanline
import Foundation

/// Where `.metal` functions run.
public enum ShaderDevice: String, Sendable, CaseIterable {
    /// This machine's processor (the default): every core, the same bytes for any thread count.
    case cpu
    /// The first NVIDIA GPU, through its driver and NVRTC; an error when either is missing.
    case cuda
    /// The GPU when one can be used, else the CPU.
    case auto

    /// The device `SCANLINE_DEVICE` names, `cpu` when unset; nil for an unknown name (the CLI
    /// refuses it before rendering).
    public static var fromEnvironment: ShaderDevice? {
        guard let value = ProcessInfo.processInfo.environment["SCANLINE_DEVICE"], !value.isEmpty else { return .cpu }
        return ShaderDevice(rawValue: value.lowercased())
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen: ShaderDevice = fromEnvironment ?? .cpu

    /// The NVIDIA GPU shaders run on with `cuda`: its name and compute capability ("NVIDIA H100
    /// 80GB HBM3, compute capability 9.0"). Throws `ShaderError.gpu` saying what is missing (the
    /// driver, a device, NVRTC).
    public static func cudaDevice() throws -> String {
        let gpu = try CUDAShaders.open()
        return "\(gpu.name), compute capability \(gpu.capability / 10).\(gpu.capability % 10)"
    }

    /// Where `.metal` functions run in this process from now on (`scanline --device` sets it for
    /// one command): `SCANLINE_DEVICE`, else `cpu`. The bytes are the same on either device
    /// (docs/METAL.md); with `cuda`, a shader's first use throws `ShaderError.gpu` when the GPU
    /// cannot run it.
    public static var current: ShaderDevice {
        get { lock.lock(); defer { lock.unlock() }; return chosen }
        set { lock.lock(); chosen = newValue; lock.unlock() }
    }

    /// What ran on the CPU although the GPU was chosen, one line per function, since the last
    /// call: the driver failed mid-render (the frame's bytes are the same, docs/METAL.md). The
    /// CLI prints each as a warning after the command, so a GPU run is never silently a CPU one.
    public static func takeFallbacks() -> [String] { CUDAShaders.fallbacks.drain() }
}

/// The CUDA path's compiler and programs.
enum CUDAShaders {
    /// NVRTC's options for MSL's semantics as the CPU headers give them: no fused multiply-add,
    /// denormals flushed (the CPU bands run with FTZ and DAZ set), IEEE division and square root.
    static let semanticOptions = ["-default-device", "-std=c++17", "--fmad=false", "-ftz=true", "-prec-div=true",
                                  "-prec-sqrt=true", "-w"]
    /// Kernel `scanline_kernel_<function>` runs function `<function>`.
    static let kernelPrefix = "scanline_kernel_"
    /// Functions whose frames ran on the CPU because the GPU failed (`ShaderDevice.fallbacks`).
    static let fallbacks = WarningLog()
    /// Bumped when the generated program changes, so cached machine code is rebuilt.
    static let generatorVersion = "1"

    /// Opens the driver, the first GPU and NVRTC (once a process); throws `.gpu` saying which is
    /// missing. Returns the GPU's name and compute capability (major × 10 + minor).
    static func open() throws -> (name: String, capability: Int) {
        var error = [CChar](repeating: 0, count: 512)
        let nvrtc = ProcessInfo.processInfo.environment["SCANLINE_NVRTC"]
        guard scanline_cuda_open(nvrtc, &error, error.count) == 0 else {
            throw ShaderError.gpu(reason: "--device cuda: " + error.text)
        }
        var name = [CChar](repeating: 0, count: 256)
        var capability: Int32 = 0
        _ = scanline_cuda_device(&name, name.count, &capability)
        return (name.text, Int(capability))
    }

    /// Whether a GPU can run shaders here (for `auto`).
    static var isAvailable: Bool { (try? open()) != nil }

    /// MSL's float literals for a C++ compiler: in MSL an unsuffixed `1.5` is a float and `1.0h`
    /// a half (here a float), while in C++ `1.5` is a double. Every floating literal outside
    /// comments, strings and character literals gets an `f` (a `h` becomes `f`); integers, hex
    /// integers and literals already suffixed are left alone. Lines and columns are kept, so the
    /// compiler's messages point into the user's file.
    static func floatLiterals(_ source: String) -> String {
        let s = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.count + s.count / 16)
        var i = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        func isIdent(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= 97 && c | 0x20 <= 122) || c == 95 }
        while i < s.count {
            let c = s[i]
            if c == 47, i + 1 < s.count, s[i + 1] == 47 {                      // // comment
                let start = i
                while i < s.count && s[i] != 10 { i += 1 }
                out += s[start..<i]
            } else if c == 47, i + 1 < s.count, s[i + 1] == 42 {               // /* comment */
                let start = i
                i += 2
                while i + 1 < s.count && !(s[i] == 42 && s[i + 1] == 47) { i += 1 }
                i = min(i + 2, s.count)
                out += s[start..<i]
            } else if c == 34 || c == 39 {                                       // "string", 'c'
                let start = i
                i += 1
                while i < s.count && s[i] != c && s[i] != 10 { i += s[i] == 92 ? 2 : 1 }
                i = min(i + 1, s.count)
                out += s[start..<i]
            } else if isIdent(c) && !isDigit(c) {                               // identifier
                let start = i
                while i < s.count && isIdent(s[i]) { i += 1 }
                out += s[start..<i]
            } else if isDigit(c) || (c == 46 && i + 1 < s.count && isDigit(s[i + 1])) {
                // A preprocessing number: digits, letters, '.', a sign after an exponent letter,
                // and a digit separator (') between digits.
                let start = i
                i += 1
                while i < s.count {
                    let d = s[i]
                    if isIdent(d) || d == 46 { i += 1; continue }
                    if (d == 43 || d == 45), [69, 101, 80, 112].contains(s[i - 1]) { i += 1; continue }
                    if d == 39, i + 1 < s.count, isIdent(s[i + 1]) { i += 1; continue }
                    break
                }
                var token = Array(s[start..<i])
                let lower = token.map { $0 | 0x20 }
                let hex = lower.count > 1 && lower[0] == 48 && lower[1] == 120
                let floating = hex ? lower.contains(112) : (lower.contains(46) || lower.contains(101))
                if floating, let last = lower.last {
                    if last == 104 { token[token.count - 1] = 102 }                 // 1.0h → 1.0f
                    else if last != 102 && last != 108 { token.append(102) }         // 1.5 → 1.5f
                }
                out += token
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The CUDA program for the `.metal` file at `path` (its text `source`): the file with its
    /// literals rewritten, then one kernel per function of `functions` that SwiftUI can call. Each
    /// kernel runs one pixel a thread with the CPU band loop's arguments and arithmetic.
    static func program(path: String, source: String, functions: [MetalFunction]) -> String {
        var s = "// Generated by Scanline: the GPU kernels for \(path).\n"
        s += "#include <metal_stdlib>\n#include <SwiftUI/SwiftUI_Metal.h>\n"
        s += "#line 1 \"\(MetalCompiler.quoted(path))\"\n"
        s += floatLiterals(source)
        s += "\n#line 1 \"scanline-kernels\"\n"
        s += """
        namespace {
        \(MetalCompiler.byteFunction("__forceinline__"))
        \(MetalCompiler.storeFunction("__forceinline__"))
        }

        """
        for f in functions {
            guard case .success(let b) = f.binding else { continue }
            let (decls, value) = MetalCompiler.call(f.name, b) { n, parts in "float\(n)(\(parts))" }
            s += """
            extern "C" __global__ void \(kernelPrefix)\(f.name)(const float* F, const void* const* P, const long* N,
                    const unsigned char* pixels, int width, int height, const int* GI, const float* GF, unsigned char* out) {
                const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x), j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
                if (i >= width || j >= height) return;
                (void)F; (void)P; (void)N;
                \(decls.joined(separator: "\n    "))
                // GI: origin x, y and padding x, y (pixels); GF: phase x, y (pixels), scale x, y (pixels per point).
                const SwiftUI::LayerPixels layerPixels = {pixels, width, height, GI[0], GI[1], GI[2], GI[3], GF[0], GF[1], GF[2], GF[3]};
                const SwiftUI::Layer layer = {&layerPixels};
                const int ox = GI[0], oy = GI[1];
                const float px = GF[0], py = GF[1], sx = GF[2], sy = GF[3];
                const float y = (((float)(j + oy) + 0.5f) - py) / sy;
                const float2 pos = float2((((float)(i + ox) + 0.5f) - px) / sx, y);
                scanline_store(out + ((long)j * width + i) * 4, \(value));
            }

            """
        }
        return s
    }

    /// The headers a `.metal` file includes with quotes (`#include "helpers.h"`), found beside the
    /// file that includes them, with their own includes, literals rewritten as the file's are:
    /// (name as written, text). A header that is not there is left for NVRTC to report.
    static func localHeaders(of path: String, source: String) -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        var queue: [(folder: URL, text: String)] = [(URL(fileURLWithPath: path).deletingLastPathComponent(), source)]
        while let (folder, text) = queue.popLast() {
            for line in text.split(separator: "\n") {
                let t = line.drop { $0 == " " || $0 == "\t" }
                guard t.hasPrefix("#") else { continue }
                let directive = t.dropFirst().drop { $0 == " " || $0 == "\t" }
                guard directive.hasPrefix("include"), let open = directive.firstIndex(of: "\""),
                      let close = directive[directive.index(after: open)...].firstIndex(of: "\"") else { continue }
                let name = String(directive[directive.index(after: open)..<close])
                guard !found.contains(where: { $0.path == name }),
                      let header = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
                found.append((name, floatLiterals(header)))
                queue.append((folder.appendingPathComponent(name).deletingLastPathComponent(), header))
            }
        }
        return found
    }

    /// The usable functions of `functions` that file `path` defines.
    static func usable(_ functions: [MetalFunction], in path: String) -> [MetalFunction] {
        functions.filter { $0.file == path && $0.usage != nil }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var programs: [String: Result<CUDAProgram, ShaderError>] = [:]

    /// The loaded program for the functions of a library's `files` (`functions` holds them),
    /// compiled once a process and cached on disk by each program's text, the headers, the options
    /// and the GPU's compute capability. A library of one file is one program; the files of a
    /// larger one are compiled as relocatable code (`-rdc=true`) and linked by the driver, so a
    /// file may call a function another defines, as Metal links a target's files.
    static func loaded(library files: [String], functions: [MetalFunction], cache: URL = MetalCompiler.defaultCacheFolder) throws -> CUDAProgram {
        lock.lock(); defer { lock.unlock() }
        let name = files.joined(separator: "\n")
        if let known = programs[name] { return try known.get() }
        let result = Result { () throws -> CUDAProgram in
            let gpu = try open()
            let linking = files.count > 1
            let options = semanticOptions + ["--gpu-architecture=sm_\(gpu.capability)"] + (linking ? ["-rdc=true"] : [])
            let folder = cache.appendingPathComponent("cuda")
            func cached(_ key: StableHash, _ make: () throws -> Data) throws -> Data {
                let entry = folder.appendingPathComponent(key.hex + ".cubin")
                if let data = try? Data(contentsOf: entry) { return data }
                let data = try make()
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? AtomicFile.write(data, to: entry)
                return data
            }
            var objects: [Data] = [], kernels: [String] = [], linkKey = StableHash()
            for path in files {
                guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw ShaderError.gpu(reason: "--device cuda: cannot read \(path)")
                }
                let mine = usable(functions, in: path)
                let text = program(path: path, source: source, functions: mine)
                let local = localHeaders(of: path, source: source)
                var key = StableHash()
                key.add(generatorVersion); key.add(text); key.add(options.joined(separator: " "))
                for h in CUDAHeaders.files + local { key.add(h.path); key.add(h.text) }
                objects.append(try cached(key) { try compile(text, name: path, options: options, headers: local) })
                kernels += mine.map { kernelPrefix + $0.name }
                linkKey.add(key.hex)
            }
            let cubin = linking ? try cached(linkKey) { try link(objects, names: files) } : objects[0]
            return try CUDAProgram(cubin: cubin, kernels: kernels, file: files.count == 1 ? files[0] : "the library of \(files.joined(separator: ", "))")
        }.mapError { $0 as? ShaderError ?? .gpu(reason: "--device cuda: \($0)") }
        programs[name] = result
        return try result.get()
    }

    /// One CUBIN from a library's relocatable ones, or `.gpu` with the linker's message (a function
    /// no file defines, say).
    static func link(_ objects: [Data], names: [String]) throws -> Data {
        var error = [CChar](repeating: 0, count: 4096)
        var size = 0
        // Copies that live for the call, so the driver gets stable addresses.
        let copies = objects.map { data -> UnsafeMutableRawPointer in
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
            data.copyBytes(to: p.assumingMemoryBound(to: UInt8.self), count: data.count)
            return p
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafeRawPointer?] = copies.map { UnsafeRawPointer($0) }
        let sizes = objects.map(\.count)
        let linked: UnsafeMutableRawPointer? = withCStrings(names) { cnames in
            scanline_cuda_link(Int32(objects.count), pointers, sizes, cnames, &size, &error, error.count)
        }
        guard let linked else { throw ShaderError.gpu(reason: "--device cuda: the library's files do not link on the GPU: " + error.text) }
        defer { free(linked) }
        return Data(bytes: linked, count: size)
    }

    /// NVRTC's machine code for `text`, or `.compileFailed` with NVRTC's first errors.
    static func compile(_ text: String, name: String, options: [String], headers extra: [(path: String, text: String)] = []) throws -> Data {
        var error = [CChar](repeating: 0, count: 8192)
        var size = 0
        let headers = CUDAHeaders.files + extra
        let cubin: UnsafeMutableRawPointer? = withCStrings(headers.map(\.text)) { texts in
            withCStrings(headers.map(\.path)) { names in
                withCStrings(options) { opts in
                    scanline_cuda_compile(text, name, Int32(headers.count), texts, names, Int32(options.count), opts, &size, &error, error.count)
                }
            }
        }
        guard let cubin else {
            let log = error.text.split(separator: "\n").filter { !$0.isEmpty }.prefix(12).joined(separator: "\n")
            throw ShaderError.compileFailed(file: name, message: "NVRTC (--device cuda): " + log)
        }
        defer { free(cubin) }
        return Data(bytes: cubin, count: size)
    }
}

extension Array where Element == CChar {
    /// The text of a NUL-terminated C buffer.
    var text: String { String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
}

/// Calls `body` with `strings` as an array of C strings, valid for the call.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer<CChar>($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A CUDA module of one `.metal` file's kernels, loaded on the GPU.
final class CUDAProgram: @unchecked Sendable {
    private let handle: OpaquePointer
    let kernels: [String]

    init(cubin: Data, kernels: [String], file: String) throws {
        var error = [CChar](repeating: 0, count: 512)
        let loaded = cubin.withUnsafeBytes { bytes in
            withCStrings(kernels) { names in scanline_cuda_load(bytes.baseAddress, Int32(kernels.count), names, &error, error.count) }
        }
        guard let loaded else { throw ShaderError.gpu(reason: "--device cuda: \(file): " + error.text) }
        handle = loaded
        self.kernels = kernels
    }

    deinit { scanline_cuda_free(handle) }

    /// Runs kernel `name` over `layer` into `out` (the CPU band loop's arguments); returns nil on
    /// success or the driver's one-line error. `timings` gets the kernel's and the whole call's
    /// milliseconds.
    func run(_ name: String, floats: UnsafePointer<Float>, nfloats: Int, buffers: [(UnsafeRawPointer, Int)], counts: UnsafePointer<Int>,
             pixels: UnsafePointer<UInt8>, width: Int, height: Int, gi: UnsafePointer<Int32>, gf: UnsafePointer<Float>,
             out: UnsafeMutablePointer<UInt8>, timings: UnsafeMutablePointer<Double>? = nil) -> String? {
        guard let index = kernels.firstIndex(of: name) else { return "no kernel \(name)" }
        var error = [CChar](repeating: 0, count: 512)
        let pointers: [UnsafeRawPointer?] = buffers.map(\.0) + [nil]
        let sizes = buffers.map(\.1) + [0]
        let status = pointers.withUnsafeBufferPointer { p in
            sizes.withUnsafeBufferPointer { z in
                scanline_cuda_run(handle, Int32(index), floats, Int32(nfloats), p.baseAddress, z.baseAddress, Int32(buffers.count),
                                  counts, pixels, Int32(width), Int32(height), gi, gf, out, timings, &error, error.count)
            }
        }
        return status == 0 ? nil : error.text
    }
}

/// The GPU check's inputs, for a machine with a GPU and no Swift (Benchmarks/cuda/): with
/// `SCANLINE_CUDA_JOBS=DIR`, each CPU run of a `.metal` function (the first four of each function)
/// writes a folder `DIR/<function>-<n>/` holding the CUDA program and its headers, the arguments
/// (`job.txt`), the layer's pixels and the CPU's output, which `Benchmarks/cuda/harness.c` runs on
/// the GPU and compares byte for byte.
enum CUDAJobs {
    /// Read once: a render asks for it on every shader call.
    static let folder: URL? = {
        guard let path = ProcessInfo.processInfo.environment["SCANLINE_CUDA_JOBS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var written: [String: Int] = [:]

    static func record(in folder: URL, function: MetalFunction, library: [MetalFunction], files: [String], floats: [Float], buffers: [[UInt8]],
                       counts: [Int], layer: Layer, gi: [Int32], gf: [Float], out: UnsafeMutablePointer<UInt8>) {
        lock.lock()
        let n = written[function.name, default: 0]
        written[function.name] = n + 1
        lock.unlock()
        guard n < 4, let source = try? String(contentsOfFile: function.file, encoding: .utf8) else { return }
        let fm = FileManager.default
        lock.lock()
        var k = 0
        while fm.fileExists(atPath: folder.appendingPathComponent("\(function.name)-\(k)").path) { k += 1 }
        let job = folder.appendingPathComponent("\(function.name)-\(k)")
        try? fm.createDirectory(at: job, withIntermediateDirectories: true)
        lock.unlock()
        do {
            try fm.createDirectory(at: job.appendingPathComponent("include/SwiftUI"), withIntermediateDirectories: true)
            for h in CUDAHeaders.files { try Data(h.text.utf8).write(to: job.appendingPathComponent("include/" + h.path)) }
            // One program per file of the library (several are compiled relocatable and linked).
            var local: [(path: String, text: String)] = [], programs: [String] = []
            for (k, file) in files.enumerated() {
                let text = file == function.file ? source : ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
                local += CUDAShaders.localHeaders(of: file, source: text).filter { h in !local.contains { $0.path == h.path } }
                let name = k == 0 ? "program.cu" : "program-\(k).cu"
                try Data(CUDAShaders.program(path: file, source: text, functions: CUDAShaders.usable(library, in: file)).utf8)
                    .write(to: job.appendingPathComponent(name))
                programs.append(name)
            }
            for h in local {
                let url = job.appendingPathComponent("local/" + h.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(h.text.utf8).write(to: url)
            }
            let bytes = layer.width * layer.height * 4
            try Data(bytes: layer.pixels, count: bytes).write(to: job.appendingPathComponent("pixels.rgba"))
            try Data(bytes: out, count: bytes).write(to: job.appendingPathComponent("expected.rgba"))
            // Floats as their bit patterns, so nothing is lost in print.
            var lines = ["kernel \(CUDAShaders.kernelPrefix)\(function.name)", "size \(layer.width) \(layer.height)",
                         "floats " + floats.map { String($0.bitPattern, radix: 16) }.joined(separator: " "),
                         "gi " + gi.map(String.init).joined(separator: " "),
                         "gf " + gf.map { String($0.bitPattern, radix: 16) }.joined(separator: " ")]
            for (k, b) in buffers.enumerated() {
                try Data(b).write(to: job.appendingPathComponent("buffer\(k).bin"))
                lines.append("buffer buffer\(k).bin \(counts[2 * k]) \(counts[2 * k + 1])")
            }
            lines += programs.map { "program " + $0 }
            lines += local.map { "header " + $0.path }
            lines += CUDAShaders.semanticOptions.map { "option " + $0 }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: job.appendingPathComponent("job.txt"))
        } catch {
            // A job that could not be written is left out; the render itself is unaffected.
        }
    }
}
