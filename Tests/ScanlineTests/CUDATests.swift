import Foundation
import Testing
import CScanline
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

/// `.metal` functions on an NVIDIA GPU (issue #31): the source rewriting and program generation
/// everywhere; NVRTC compiling the programs where NVRTC is found (SCANLINE_NVRTC, or CUDA's
/// folders); the GPU's bytes against the CPU's where a GPU is. Where a part cannot run, the test
/// prints one line saying so. The device machine's runs (Benchmarks/cuda/run.sh) are in the
/// issue's notes.
@Suite struct CUDATests {
    static let probes = MetalHeaderTests.folder.appendingPathComponent("probes.metal")
    static let blocks = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ScanlineBlocks/Shaders")

    /// MSL's literal rules as C++ spells them: every floating literal gets `f` (`h` becomes `f`);
    /// integers, hex integers, suffixed literals, comments, strings and characters are kept.
    @Test func floatLiteralsBecomeFloats() {
        let cases: [(String, String)] = [
            ("x * 0.5 + 2", "x * 0.5f + 2"),
            ("1.0h + 2.5H", "1.0f + 2.5f"),
            ("2u + 0x10 + 017 + 3l", "2u + 0x10 + 017 + 3l"),
            ("1e3 + 1E-3 + 2.5e+2", "1e3f + 1E-3f + 2.5e+2f"),
            (".5 + 5. + 0x1p-3 + 0x1.8P+1", ".5f + 5.f + 0x1p-3f + 0x1.8P+1f"),
            ("1.5f + 2.0F + 1.0L", "1.5f + 2.0F + 1.0L"),
            ("float2 a1 = v.xy; half4 c = half4(0.2);", "float2 a1 = v.xy; half4 c = half4(0.2f);"),
            ("// 0.5 stays\n0.5 // 1.5\n/* 2.5 */ 3.5", "// 0.5 stays\n0.5f // 1.5\n/* 2.5 */ 3.5f"),
            ("\"1.5\" '1' 1'000.5", "\"1.5\" '1' 1'000.5f"),
            ("#include <metal_stdlib>\nfloat k = 43758.5453;", "#include <metal_stdlib>\nfloat k = 43758.5453f;"),
        ]
        for (source, expected) in cases {
            #expect(CUDAShaders.floatLiterals(source) == expected, "\(source)")
        }
        // Lines are kept, so NVRTC's messages point into the user's file.
        let file = try! String(contentsOf: CUDATests.probes, encoding: .utf8)
        #expect(CUDAShaders.floatLiterals(file).split(separator: "\n", omittingEmptySubsequences: false).count
                == file.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    /// Every swizzle of two to four lanes, in both spellings, once: 2 × (n² + n³ + n⁴) members for
    /// a vector of n lanes.
    @Test func everySwizzleIsAMember() {
        for lanes in 2...4 {
            let lines = CUDAHeaders.swizzles(lanes: lanes).split(separator: "\n")
            #expect(lines.count == 2 * (lanes * lanes + lanes * lanes * lanes + lanes * lanes * lanes * lanes))
            let names = lines.map { $0.split(separator: " ").last! }
            #expect(Set(names).count == names.count)
        }
        let four = CUDAHeaders.swizzles(lanes: 4)
        #expect(four.contains("swz<T, 4, 3, 2, 1, 0> wzyx;") && four.contains("swz<T, 4, 0, 0> rr;") && !four.contains(" xyzwx;"))
        #expect(CUDAHeaders.swizzles(lanes: 3).contains("swz<T, 3, 0, 1, 2> rgb;"))
        #expect(!CUDAHeaders.swizzles(lanes: 2).contains(" xz;"))
        #expect(!CUDAHeaders.metalStdlib.contains("@SWIZZLES"))
    }

    /// The program for a file: its text with literals rewritten under its own name, then one
    /// kernel per function SwiftUI can call, unpacking the arguments as the CPU band loop does.
    @Test func aKernelForEachUsableFunction() throws {
        let functions = try MetalFunction.read(CUDATests.probes)
        let source = try String(contentsOf: CUDATests.probes, encoding: .utf8)
        let text = CUDAShaders.program(path: CUDATests.probes.path, source: source, functions: functions)
        #expect(text.contains("#line 1 \"\(CUDATests.probes.path)\"\n"))
        #expect(text.contains("return half4(c.a - c.rgb, c.a);"))
        #expect(text.contains("case 21: return length(float2(x, 1.0f));"))
        let kernels = functions.filter { $0.usage != nil }.map(\.name)
        #expect(kernels.count == 9 && !kernels.contains("helperNotStitchable"))
        for name in kernels { #expect(text.contains("extern \"C\" __global__ void scanline_kernel_\(name)("), "\(name)") }
        #expect(!text.contains("scanline_kernel_helperNotStitchable"))
        // The arguments as the CPU loop reads them: floats, a float4, a counted buffer, an image.
        #expect(text.contains("const float4 a3 = float4(F[6], F[7], F[8], F[9]);"))
        #expect(text.contains("(const float*)P[0], (int)N[0], (int)N[1]};"))
        #expect(text.contains("scanline_store(out + ((long)j * width + i) * 4, layer.sample(shiftProbe(pos, a0)));"))
    }

    /// A file's own headers (`#include "helpers.h"`) go to NVRTC with their literals rewritten too;
    /// system headers and missing ones are left to the compiler.
    @Test func aFilesOwnHeadersAreRewrittenToo() throws {
        let file = MetalHeaderTests.folder.appendingPathComponent("uses-header.metal")
        let headers = CUDAShaders.localHeaders(of: file.path, source: try String(contentsOf: file, encoding: .utf8))
        #expect(headers.map(\.path) == ["helpers.h"])
        #expect(headers.first?.text.contains("static inline half4 halve(half4 c) { return c * HALVING; }") == true)
        let nested = CUDAShaders.localHeaders(of: "/nowhere/x.metal", source: "#include <metal_stdlib>\n#  include \"absent.h\"\n")
        #expect(nested.isEmpty)
    }

    /// A GPU job (what Benchmarks/cuda/harness.c runs where there is no Swift) holds the program of
    /// each file of the library, its headers, the arguments as bit patterns, the buffers with their
    /// counts, the layer and the CPU's output, as the band loop was given them.
    @Test func aJobHoldsWhatTheBandLoopWasGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-cuda-job-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = MetalLibraryTests.folder
        let files = ["Tint.metal", "Tinted.metal"].map { library.appendingPathComponent($0).standardizedFileURL.path }
        let functions = try files.flatMap { try MetalFunction.read(URL(fileURLWithPath: $0)) }
        let function = try #require(functions.first { $0.name == "halfTinted" })
        let pixels: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        var out: [UInt8] = [9, 10, 11, 12, 13, 14, 15, 16]
        try pixels.withUnsafeBufferPointer { px in
            let layer = Layer(pixels: px.baseAddress!, width: 2, height: 1, geometry: .image(try PixelBuffer(width: 2, height: 1, alpha: .premultiplied, bytes: pixels)))
            CUDAJobs.record(in: folder, function: function, library: functions, files: files, floats: [0.5, -2], buffers: [[7, 200]],
                            counts: [2, 0], layer: layer, gi: [0, 0, 3, 0], gf: [0, 0, 2, 2], out: &out)
        }
        let job = folder.appendingPathComponent("halfTinted-0")
        let text = try String(contentsOf: job.appendingPathComponent("job.txt"), encoding: .utf8)
        #expect(text.hasPrefix("kernel scanline_kernel_halfTinted\nsize 2 1\nfloats 3f000000 c0000000\ngi 0 0 3 0\ngf 0 0 40000000 40000000\n"), "\(text)")
        #expect(text.contains("buffer buffer0.bin 2 0\nprogram program.cu\nprogram program-1.cu\n") && text.contains("option --fmad=false\n"), "\(text)")
        #expect(try Data(contentsOf: job.appendingPathComponent("buffer0.bin")) == Data([7, 200]))
        #expect(try Data(contentsOf: job.appendingPathComponent("pixels.rgba")) == Data(pixels))
        #expect(try Data(contentsOf: job.appendingPathComponent("expected.rgba")) == Data(out))
        let first = try String(contentsOf: job.appendingPathComponent("program.cu"), encoding: .utf8)
        let second = try String(contentsOf: job.appendingPathComponent("program-1.cu"), encoding: .utf8)
        #expect(first.contains("scanline_kernel_ownTint") && second.contains("scanline_kernel_halfTinted"))
        #expect(try String(contentsOf: job.appendingPathComponent("include/metal_stdlib"), encoding: .utf8) == CUDAHeaders.metalStdlib)
    }

    /// `--device`: an unknown name is a usage error; `cuda` without a GPU is one line saying what
    /// is missing, before anything is written.
    @Test func theDeviceIsCheckedBeforeRendering() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-cuda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.png")
        try MetalTests.noise(8, 8).writePNG(to: input)
        let out = folder.appendingPathComponent("x.png").path
        let unknown = await runCLI(["apply", "\(CUDATests.probes.path):colorProbe", input.path, "-o", out, "--arg", "tint=#fff", "--device", "gpu"])
        #expect(unknown.code == 2 && unknown.err.contains("--device must be cpu, cuda or auto (got 'gpu')"), "\(unknown)")
        let cuda = await runCLI(["apply", "\(CUDATests.probes.path):colorProbe", input.path, "-o", out, "--arg", "tint=#fff", "--device", "cuda"])
        if (try? ShaderDevice.cudaDevice()) == nil {
            #expect(cuda.code == 1 && cuda.err.hasPrefix("scanline apply: --device cuda: ") && cuda.err.split(separator: "\n").count == 1, "\(cuda)")
            #expect(!FileManager.default.fileExists(atPath: out))
        } else {
            #expect(cuda.code == 0, "\(cuda)")
        }
        // auto falls back to the CPU where there is no GPU.
        let auto = await runCLI(["apply", "\(CUDATests.probes.path):colorProbe", input.path, "-o", out, "--arg", "tint=#ff000080", "--device", "auto"])
        #expect(auto.code == 0, "\(auto)")
    }

    /// A frame the GPU failed on, run on the CPU instead, is a warning after the command, once:
    /// a GPU run is never silently a CPU one. (The failure is recorded as the runner records it.)
    @MainActor @Test func aFallbackToTheCPUIsAWarning() async throws {
        CUDAShaders.fallbacks.add("--device cuda: ownTint: the GPU failed (CUDA_ERROR_LAUNCH_FAILED); its frames ran on the CPU, to the same bytes")
        let first = await runCLI(["list"])
        #expect(first.code == 0 && first.err.contains("warning: --device cuda: ownTint: the GPU failed (CUDA_ERROR_LAUNCH_FAILED)"), "\(first.err)")
        let second = await runCLI(["list"])
        #expect(!second.err.contains("the GPU failed"), "said once: \(second.err)")
    }

    /// NVRTC compiles the programs of the test shaders and the blocks' shaders (no GPU needed).
    @Test func nvrtcCompilesThePrograms() throws {
        var error = [CChar](repeating: 0, count: 512)
        guard scanline_cuda_open_compiler(ProcessInfo.processInfo.environment["SCANLINE_NVRTC"], &error, error.count) == 0 else {
            print("CUDA: NVRTC compile test did not run: \(error.text)")
            return
        }
        let files = [CUDATests.probes, CUDATests.blocks.appendingPathComponent("ChromaticGlitchShader.metal"),
                     CUDATests.blocks.appendingPathComponent("BackgroundWarp.metal"), CUDATests.blocks.appendingPathComponent("BackgroundWarpFlow.metal")]
        for file in files {
            let text = CUDAShaders.program(path: file.path, source: try String(contentsOf: file, encoding: .utf8), functions: try MetalFunction.read(file))
            let cubin = try CUDAShaders.compile(text, name: file.path, options: CUDAShaders.semanticOptions + ["--gpu-architecture=sm_90"])
            #expect(cubin.count > 1000, "\(file.lastPathComponent)")
        }
        // A library's files, relocatable for the driver's linker (Tinted.metal calls Tint.metal's helper).
        let library = MetalLibraryTests.folder
        for name in ["Tint.metal", "Tinted.metal"] {
            let file = library.appendingPathComponent(name)
            let text = CUDAShaders.program(path: file.path, source: try String(contentsOf: file, encoding: .utf8), functions: try MetalFunction.read(file))
            let object = try CUDAShaders.compile(text, name: file.path, options: CUDAShaders.semanticOptions + ["--gpu-architecture=sm_90", "-rdc=true"])
            #expect(object.count > 1000, "\(name)")
        }
        // NVRTC's errors come back as the file's error, naming its line.
        let broken = "#include <metal_stdlib>\nusing namespace metal;\n[[ stitchable ]] half4 f(float2 p, half4 c) { return c + undefinedThing; }\n"
        #expect(throws: ShaderError.self) { try CUDAShaders.compile(CUDAShaders.program(path: "/x/broken.metal", source: broken, functions: []), name: "/x/broken.metal", options: CUDAShaders.semanticOptions) }
        do {
            _ = try CUDAShaders.compile(CUDAShaders.program(path: "/x/broken.metal", source: broken, functions: []), name: "/x/broken.metal", options: CUDAShaders.semanticOptions)
        } catch let e as ShaderError {
            #expect(e.description.contains("/x/broken.metal(3)") && e.description.contains("undefinedThing"), "\(e)")
        }
    }

    /// On a GPU, every probe function gives the CPU's bytes (argument kinds, address modes,
    /// layers, distortion), at two scales.
    @Test func theGPUGivesTheCPUsBytes() throws {
        guard let gpu = try? ShaderDevice.cudaDevice() else {
            print("CUDA: GPU equality test did not run: no CUDA device here (Benchmarks/cuda/run.sh runs the same check on a GPU machine)")
            return
        }
        print("CUDA: comparing on \(gpu)")
        let l = MetalArgumentTests.library
        let image = Image(try MetalTests.noise(5, 3, seed: 7))
        let shaders: [(String, Shader)] = [
            ("floats", l.floatsProbe(.float(0.2), .float2(0, 0.4), .float3(0, 0, 0.6), .float4(0, 0, 0, 1))),
            ("color", l.colorProbe(.color(Color(red: 1, green: 0.5, blue: 0, opacity: 0.5)))),
            ("rect", l.rectProbe(.boundingRect)),
            ("array", l.arrayProbe(.floatArray([10 / 255, 20 / 255, 30 / 255]))),
            ("colors", l.colorsProbe(.colorArray([Color(red: 1, green: 0, blue: 0), Color(white: 1, opacity: 0.2)]))),
            ("data", l.dataProbe(.data(Data([7, 200])))),
        ] + (0..<4).map { ("image \($0)", l.imageProbe(.image(image), .float(Float($0)))) }
            // A library whose files call each other's functions: linked on the GPU as on the CPU.
            + [("library", ShaderLibrary(url: MetalLibraryTests.folder).halfTinted())]
        for scale in [1.0, 2.0] {
            let source = try MetalTests.noise(37, 23, scale: scale)
            func both(_ run: () throws -> PixelBuffer) throws -> (PixelBuffer, PixelBuffer) {
                let previous = ShaderDevice.current
                defer { ShaderDevice.current = previous }
                ShaderDevice.current = .cpu
                let cpu = try run()
                ShaderDevice.current = .cuda
                return (cpu, try run())
            }
            for (name, shader) in shaders {
                let (cpu, gpu) = try both { try source.colorEffect(shader) }
                #expect(cpu.bytes == gpu.bytes, "\(name) at \(scale)x")
            }
            let (cpuLayer, gpuLayer) = try both { try source.layerEffect(l.invertProbe(), maxSampleOffset: .zero) }
            #expect(cpuLayer.bytes == gpuLayer.bytes, "layer at \(scale)x")
            let (cpuShift, gpuShift) = try both { try source.distortionEffect(l.shiftProbe(.float(3.7)), maxSampleOffset: CGSize(width: 4, height: 0)) }
            #expect(cpuShift.bytes == gpuShift.bytes, "distortion at \(scale)x")
        }
        // Equal bytes also come from a frame that fell back to the CPU: none of these did.
        let names = ["floatsProbe", "colorProbe", "rectProbe", "arrayProbe", "colorsProbe", "dataProbe", "imageProbe", "halfTinted", "invertProbe", "shiftProbe"]
        let fellBack = CUDAShaders.fallbacks.messages.filter { message in names.contains { message.contains(": \($0):") } }
        #expect(fellBack.isEmpty, "ran on the CPU instead: \(fellBack)")
    }
}
