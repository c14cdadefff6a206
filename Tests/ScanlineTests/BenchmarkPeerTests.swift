import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// The C and C++ peers that `make bench` compiles (Benchmarks/peers) still build against today's
/// headers (issue #26 point 5: a field added to `LayerPixels` once broke `metal_plain.cpp`, and
/// nothing noticed until a fresh machine ran `make bench`). Each is compiled here with the flags
/// run.py uses, so a peer that no longer builds fails the suite.
@Suite(.spawnsProcesses) struct BenchmarkPeerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theMetalPeerBuildsAgainstTodaysHeaders() throws {
        let clangxx = try MetalCompiler.toolchain().clang
        let headers = makeTestFolder("scanline-peer-headers")
        defer { try? FileManager.default.removeItem(at: headers) }
        try ShaderLibrary.writeMetalHeaders(to: headers)
        let shader = Self.root.appendingPathComponent("Sources/ScanlineBlocks/Shaders/ChromaticGlitchShader.metal").path
        let flags = ShaderLibrary.metalCompilerFlags.filter { $0 != "-x" && $0 != "c++" }
        // Linked as run.py links it (no C++ library), so a machine without libstdc++'s
        // development files, as a new Debian one is, builds it too (issue #41).
        let (code, out) = try runTool(clangxx, ["-O3"] + flags + ["-x", "c++", "-I", headers.path, "-DSHADER=\"\(shader)\"",
                                                   Self.root.appendingPathComponent("Benchmarks/peers/metal_plain.cpp").path,
                                                   "-o", headers.appendingPathComponent("metal-plain").path, "-nostdlib++", "-lm"])
        #expect(code == 0, "Benchmarks/peers/metal_plain.cpp no longer builds against Scanline's Metal headers:\n\(out.suffix(3000))")
    }

    @Test func theCPeerBuilds() throws {
        let clang = try MetalCompiler.toolchain().clang.deletingLastPathComponent().appendingPathComponent("clang")
        let (code, out) = try runTool(clang, ["-fsyntax-only", "-O3", Self.root.appendingPathComponent("Benchmarks/peers/glitch.c").path])
        #expect(code == 0, "Benchmarks/peers/glitch.c no longer builds:\n\(out.suffix(3000))")
    }
}
