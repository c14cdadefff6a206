import Testing
@testable import Scanline
@testable import ScanlineBlocks

/// `.metal` files compiled for the CPU: headers, signatures, the band loop, the cache and errors.
@Suite struct MetalTests {
    /// A noisy opaque image, so every sample differs from its neighbours.
    static func noise(_ w: Int, _ h: Int, scale: CGFloat = 1, seed: UInt32 = 1) throws -> PixelBuffer {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            for c in 0..<3 { state = state &* 1664525 &+ 1013904223; bytes[i * 4 + c] = UInt8(state >> 24) }
            bytes[i * 4 + 3] = 255
        }
        return try PixelBuffer(width: w, height: h, scale: scale, alpha: .premultiplied, bytes: bytes)
    }

    /// Seed 002's Metal source gives the same bytes as the Swift port, at several amounts and times
    /// and on 1, 2 and 8 threads.
    @Test func seed002MetalEqualsTheSwiftPort() throws {
        let img = try MetalTests.noise(160, 120)
        let functions = try ChromaticGlitchShaderMath.metalLibrary.loadMetalFunctions()
        #expect(functions.map(\.name) == ["ChromaticGlitchShaderSplit"])
        #expect(functions.first?.arguments.map(\.kind) == [.float, .float, .float, .float, .float2])
        for (amount, time) in [(1.0, 0.0), (1.0, 3.25), (0.5, 7.9), (0.2, 123.4), (0.0, 1.0)] {
            let args: [Shader.Argument] = [.float(amount), .float(time), .float(7.0), .float(26.0), .float2(img.size)]
            let offset = CGSize(width: ChromaticGlitchShaderMath.reach(amount: amount), height: 0)
            let swift = try img.layerEffect(Shader(function: ShaderFunction(library: ChromaticGlitchTests.generic, name: "ChromaticGlitchShaderSplit"), arguments: args),
                                            maxSampleOffset: offset, threads: 1)
            for threads in [1, 2, 8] {
                let metal = try img.layerEffect(Shader(function: ShaderFunction(library: ChromaticGlitchShaderMath.metalLibrary, name: "ChromaticGlitchShaderSplit"), arguments: args),
                                                maxSampleOffset: offset, threads: threads)
                #expect(metal.bytes == swift.bytes, "amount \(amount) time \(time) threads \(threads)")
            }
        }
    }
}
