import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks

/// The seed 002 rules, each checked on small synthetic images, through both the ported shader
/// (generic pixel loop) and the built-in row kernel.
@Suite struct ChromaticGlitchTests {
    /// An opaque grey image (value `v`) of w×h points at scale 1, with optional white columns.
    func image(_ w: Int, _ h: Int, grey v: UInt8 = 200, whiteColumns: [Int] = [], transparent: Bool = false) throws -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let white = whiteColumns.contains(x)
                let a: UInt8 = transparent && !white ? 0 : 255
                let c: UInt8 = white ? 255 : (transparent ? 0 : v)
                bytes[i] = c; bytes[i + 1] = c; bytes[i + 2] = c; bytes[i + 3] = a
            }
        }
        return try PixelBuffer(width: w, height: h, alpha: .premultiplied, bytes: bytes)
    }

    /// A library with only the ported Swift function: the generic pixel loop, no row kernel.
    static let generic: ShaderLibrary = {
        let l = ShaderLibrary()
        l.register(ChromaticGlitchShaderSplit.self, as: "ChromaticGlitchShaderSplit")
        return l
    }()

    func viaShader(_ img: PixelBuffer, amount: Double, time: Double, threads: Int? = nil) throws -> PixelBuffer {
        let a = ChromaticGlitchShaderMath.clamped(amount)
        let shader = ChromaticGlitchTests.generic.ChromaticGlitchShaderSplit(.float(a), .float(time), .float(7.0), .float(26.0), .float2(img.size))
        return try img.layerEffect(shader,
                                   maxSampleOffset: CGSize(width: ChromaticGlitchShaderMath.reach(amount: a), height: 0),
                                   isEnabled: a > 0, threads: threads)
    }

    /// The band noise, written out here from the seed's Metal source (float32, correctly rounded sin).
    func bandNoise(band: Float, time: Float) -> Float {
        let x = Float(sin(Double(band * 91.7 + (time * 10).rounded(.down) * 37.3))) * 43758.5453
        return min(x - x.rounded(.down), 0x1.fffffep-1)
    }

    /// A time at which band 0 stays still (noise ≤ 0.7), and one at which it moves right (0.7 < noise ≤ 0.85).
    func time(where test: (Float) -> Bool) -> Double {
        for step in 0..<6000 where test(bandNoise(band: 0, time: Float(step) / 10)) { return Double(step) / 10 }
        fatalError("no such time in the first 600 s")
    }

    @Test func constantsAreTheSeeds() {
        #expect(ChromaticGlitchShaderMath.split == 7)
        #expect(ChromaticGlitchShaderMath.shift == 26)
        #expect(ChromaticGlitchShaderMath.reach(amount: 1) == 33)
        #expect(ChromaticGlitchShaderMath.reach(amount: 0.5) == 16.5)
        #expect(ChromaticGlitchShaderMath.clamped(.nan) == 0)
        #expect(ChromaticGlitchShaderMath.clamped(.infinity) == 0)
        #expect(ChromaticGlitchShaderMath.clamped(-1) == 0 && ChromaticGlitchShaderMath.clamped(3) == 1)
        #expect(ChromaticGlitchShaderMath.time(at: 601.5, reduceMotion: false) == 1.5)
        #expect(ChromaticGlitchShaderMath.time(at: 601.5, reduceMotion: true) == 0)
    }

    @Test(arguments: [0.0, Double.nan, -0.5])
    func amountZeroOrNaNLeavesTheImageUntouched(amount: Double) throws {
        let img = try image(30, 12, whiteColumns: [3, 20])
        #expect(img.chromaticGlitch(amount, time: 3.2).bytes == img.bytes)
        #expect(try viaShader(img, amount: amount, time: 3.2).bytes == img.bytes)
    }

    @Test func channelsSplitBySevenPointsTimesAmount() throws {
        let still = time { $0 <= 0.7 }
        let img = try image(60, 3, whiteColumns: [30], transparent: true)
        for out in [img.chromaticGlitch(1, time: still), try viaShader(img, amount: 1, time: still)] {
            // Row 0 has no scan line. Red reads 7 pt to the right, so the red copy sits 7 pt left.
            #expect(out[23, 0].r == 255 && out[23, 0].g == 0 && out[23, 0].b == 0)
            #expect(out[30, 0].g == 255 && out[30, 0].r == 0 && out[30, 0].b == 0)
            #expect(out[37, 0].b == 255 && out[37, 0].r == 0 && out[37, 0].g == 0)
            #expect(out[23, 0].a == 255 && out[37, 0].a == 255 && out[10, 0].a == 0)
        }
        // At 0.5 the split is 3.5 pt: the red copy straddles columns 26 and 27, half in each.
        for out in [img.chromaticGlitch(0.5, time: still), try viaShader(img, amount: 0.5, time: still)] {
            #expect(abs(Int(out[26, 0].r) - 128) <= 1 && abs(Int(out[27, 0].r) - 128) <= 1)
            #expect(out[25, 0].r == 0 && out[28, 0].r == 0)
            #expect(abs(Int(out[33, 0].b) - 128) <= 1 && abs(Int(out[34, 0].b) - 128) <= 1)
        }
    }

    @Test func scanLinesDarkenTwoRowsInThreeByFourteenPercent() throws {
        let still = time { $0 <= 0.7 }
        let img = try image(40, 9, grey: 200)
        for out in [img.chromaticGlitch(1, time: still), try viaShader(img, amount: 1, time: still)] {
            for j in 0..<9 {
                // Away from the edges, all three channels read grey 200.
                let expected: UInt8 = j % 3 == 0 ? 200 : 172 // 200 × (1 − 0.14) = 172
                #expect(out[20, j].g == expected, "row \(j)")
                #expect(out[20, j].a == 255)
            }
        }
        let half = img.chromaticGlitch(0.5, time: still)
        #expect(half[20, 1].g == 186) // 200 × (1 − 0.07)
    }

    @Test func aShiftedBandMovesByTheFormulasDistance() throws {
        let t = time { $0 > 0.7 && $0 <= 0.85 }
        let noise = bandNoise(band: 0, time: Float(t))
        let moved = (noise - 0.7) / 0.3
        let shift = moved * 26 // amount 1, direction +1: reads to the right, so content moves left
        let img = try image(120, 3, whiteColumns: [80], transparent: true)
        let shader = try viaShader(img, amount: 1, time: t)
        let builtIn = img.chromaticGlitch(1, time: t)
        // The green copy of column 80 lands at 80 − shift (bilinear between two columns).
        let x0 = Int((80 - shift).rounded(.down)), frac = (80 - shift) - Float(x0)
        for out in [shader, builtIn] {
            let total = Int(out[x0, 0].g) + Int(out[x0 + 1, 0].g)
            #expect(abs(total - 255) <= 2, "green copy split over columns \(x0) and \(x0 + 1)")
            #expect(abs(Int(out[x0, 0].g) - Int((255 * (1 - frac)).rounded())) <= 2)
            #expect(out[80, 0].g == 0 || shift < 1)
        }
        // The band below (y ≥ 22 pt) follows its own noise; band 0 is all this image has.
        #expect(moved > 0)
    }

    @Test func pointsOutsideTheViewAreTransparent() throws {
        let still = time { $0 <= 0.7 }
        let img = try image(30, 2, grey: 200)
        for out in [img.chromaticGlitch(1, time: still), try viaShader(img, amount: 1, time: still)] {
            // Column 29: red reads at 29.5 + 7 pt, past the right edge → no red, alpha from the others.
            #expect(out[29, 0].r == 0 && out[29, 0].g == 200 && out[29, 0].a == 255)
            // Column 0: blue reads 7 pt left of the view → no blue.
            #expect(out[0, 0].b == 0 && out[0, 0].g == 200)
            #expect(out[15, 0] == (200, 200, 200, 255))
        }
    }

    @Test func reduceMotionFreezesTheBands() throws {
        let img = try image(64, 66, whiteColumns: [10, 40])
        let a = img.chromaticGlitch(1, time: 0, reduceMotion: true)
        let b = img.chromaticGlitch(1, time: 5, reduceMotion: true)
        #expect(a.bytes == b.bytes)
        #expect(a.bytes != img.bytes) // the colours still split
    }

    @Test func sameBytesForAnyThreadCount() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 97, height: 131)) { ctx in
            ctx.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 80, height: 120)),
                     with: .linearGradient(Gradient(colors: [.cyan, .blue, .purple]), startPoint: .zero, endPoint: CGPoint(x: 97, y: 131)))
        }
        for t in [0.0, 3.2, 17.75] {
            let builtIn = [1, 2, 8].map { img.chromaticGlitch(0.8, time: t, threads: $0).bytes }
            #expect(builtIn[0] == builtIn[1] && builtIn[1] == builtIn[2])
            let shader = try [1, 2, 8].map { try viaShader(img, amount: 0.8, time: t, threads: $0).bytes }
            #expect(shader[0] == shader[1] && shader[1] == shader[2])
        }
    }

    @Test func builtInKernelAgreesWithThePortedShader() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 120, height: 90), scale: 2) { ctx in
            ctx.fill(Path(roundedRect: CGRect(x: 10, y: 10, width: 100, height: 70), cornerRadius: 12),
                     with: .linearGradient(Gradient(colors: [.cyan, .blue, .purple]), startPoint: .zero, endPoint: CGPoint(x: 120, y: 90)))
        }
        for (amount, t) in [(1.0, 3.2), (0.37, 12.05), (0.8, 599.9)] {
            let a = img.chromaticGlitch(amount, time: t), b = try viaShader(img, amount: amount, time: t)
            var worst = 0
            for i in 0..<a.bytes.count { worst = max(worst, abs(Int(a.bytes[i]) - Int(b.bytes[i]))) }
            #expect(worst <= 1, "amount \(amount) at \(t) s: largest difference \(worst)")
        }
    }

    @Test func defaultLibraryRunsTheRowKernelForTheSeedsArguments() throws {
        let img = try image(50, 30, whiteColumns: [10, 30])
        let shader = ChromaticGlitchShaderMath.shader(amount: 0.6, time: 4.4, bounds: img.size)
        let viaLibrary = try img.layerEffect(shader, maxSampleOffset: CGSize(width: 33 * 0.6, height: 0))
        #expect(viaLibrary.bytes == img.chromaticGlitch(0.6, time: 4.4).bytes)
        // Other constants fall back to the generic loop.
        let custom = ShaderLibrary.ChromaticGlitchShaderSplit(.float(0.6), .float(4.4), .float(3.0), .float(26.0), .float2(img.size))
        let generic = ChromaticGlitchTests.generic.ChromaticGlitchShaderSplit(.float(0.6), .float(4.4), .float(3.0), .float(26.0), .float2(img.size))
        #expect(try img.layerEffect(custom, maxSampleOffset: CGSize(width: 20, height: 0)).bytes
                == img.layerEffect(generic, maxSampleOffset: CGSize(width: 20, height: 0)).bytes)
    }

    @Test func argumentErrorsAreClear() async throws {
        ChromaticGlitchShaderSplit.register()
        await #expect(throws: ShaderError.argumentCount(function: "ChromaticGlitchShaderSplit", expected: 5, got: 2,
                                                         parameters: ["amount: float", "time: float", "split: float", "shift: float", "bounds: float2"])) {
            try await ShaderLibrary.ChromaticGlitchShaderSplit(.float(1), .float(2)).compile(as: .layerEffect)
        }
        do {
            try await ShaderLibrary.ChromaticGlitchShaderSplit(.float(1), .float(2), .float(7), .float2(1, 2), .float2(3, 4)).compile(as: .layerEffect)
            Issue.record("a float2 for 'shift' must be rejected")
        } catch let e as ShaderError {
            #expect(e.description == "shader function 'ChromaticGlitchShaderSplit': argument 4 ('shift') must be .float, got .float2")
        }
        do {
            try await ShaderLibrary.NoSuchShader(.float(1)).compile(as: .layerEffect)
            Issue.record("an unknown function must be rejected")
        } catch let e as ShaderError {
            #expect(e.description.hasPrefix("no shader function named 'NoSuchShader'"))
        }
        await #expect(throws: ShaderError.self) {
            try await ChromaticGlitchShaderMath.shader(amount: 1, time: 0, bounds: .zero).compile(as: .colorEffect)
        }
        try await ChromaticGlitchShaderMath.shader(amount: 1, time: 0, bounds: .zero).compile(as: .layerEffect)
        let img = try image(4, 4)
        #expect(throws: ShaderError.self) { try img.layerEffect(ShaderLibrary.NoSuchShader(), maxSampleOffset: .zero) }
    }
}
