import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// User-written shaders, registered in a library of their own, through the generic pixel loop.
struct Invert: ColorShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func pixel(_ position: SIMD2<Float>, _ color: SIMD4<Float>, _ row: Void) -> SIMD4<Float> {
        SIMD4(color.w - color.x, color.w - color.y, color.w - color.z, color.w)
    }
}

struct ShiftLeft: DistortionShaderFunction {
    static let parameters = [ShaderParameter("distance", .float)]
    let distance: Float
    init(arguments: ShaderArguments) { distance = arguments.float(0) }
    func pixel(_ position: SIMD2<Float>, _ row: Void) -> SIMD2<Float> { SIMD2(position.x + distance, position.y) }
}

struct Tint: LayerShaderFunction {
    static let parameters = [ShaderParameter("tint", .color), ShaderParameter("pattern", .image)]
    let tint: SIMD4<Float>, pattern: Texture
    init(arguments: ShaderArguments) { tint = arguments.color(0); pattern = arguments.texture(1) }
    func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> {
        // The pattern repeats every 2 points; nearest filtering.
        let p = pattern.sample(Sampler(address: .repeat, filter: .nearest), position / 2)
        return layer.sample(position) * tint * p.w
    }
}

/// Records the y of every row it was asked for: row-uniform work runs once per row.
struct RowProbe: LayerShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func row(y: Float) -> Float { y }
    func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Float) -> SIMD4<Float> {
        SIMD4(position.x / 255, row / 255, 0, 1)
    }
}

@Suite struct ShaderTests {
    let library: ShaderLibrary = {
        let l = ShaderLibrary()
        l.register(Invert.self, as: "invert")
        l.register(ShiftLeft.self, as: "shiftLeft")
        l.register(Tint.self, as: "tint")
        l.register(RowProbe.self, as: "probe")
        return l
    }()

    func sample() throws -> PixelBuffer {
        try PixelBuffer(width: 4, height: 2, alpha: .straight, bytes: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128,
            10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 0, 0, 0, 0,
        ]).converted(to: .premultiplied)
    }

    @Test func colorEffectSeesEachPixelsPremultipliedColour() throws {
        let out = try sample().colorEffect(library.invert())
        #expect(out[0, 0] == (0, 255, 255, 255))
        #expect(out[3, 0] == (0, 0, 0, 128)) // premultiplied white at half alpha inverts to black
        #expect(out[0, 1] == (245, 235, 225, 255))
    }

    @Test func distortionEffectReadsFromTheReturnedPosition() throws {
        let out = try sample().distortionEffect(library.shiftLeft(.float(1)), maxSampleOffset: CGSize(width: 1, height: 0))
        #expect(out[0, 0] == (0, 255, 0, 255))
        let src = try sample()
        #expect(out[2, 0] == src[3, 0])
        // The last column reads one pixel into the transparent padding.
        #expect(out[3, 1].a == 0)
    }

    @Test func positionsArePixelCentresInPoints() throws {
        let img = try PixelBuffer(width: 6, height: 4, scale: 2, alpha: .premultiplied, bytes: [UInt8](repeating: 255, count: 96))
        let out = try img.layerEffect(library.probe(), maxSampleOffset: .zero)
        // At scale 2, pixel (i, j) has its centre at ((i + 0.5) / 2, (j + 0.5) / 2) points.
        #expect(out[0, 0].r == 0 && out[0, 0].g == 0)              // 0.25 / 255 rounds to 0
        #expect(out[1, 0].r == 1)                                  // x 0.75 rounds to 1
        #expect(out[5, 3].r == 3 && out[5, 3].g == 2)              // x 2.75, y 1.75
        let big = try PixelBuffer(width: 512, height: 2, alpha: .premultiplied, bytes: [UInt8](repeating: 255, count: 4096))
        let probe = try big.layerEffect(library.probe(), maxSampleOffset: .zero)
        #expect(probe[200, 1].r == 200 || probe[200, 1].r == 201) // 200.5
    }

    @Test func imageArgumentsAreSampledWithTheShadersSampler() throws {
        let pattern = try PixelBuffer(width: 2, height: 1, alpha: .straight, bytes: [0, 0, 0, 255, 0, 0, 0, 0])
        let img = try PixelBuffer(width: 8, height: 1, alpha: .straight, bytes: [UInt8](repeating: 255, count: 32))
        let out = try img.layerEffect(library.tint(.color(.white), .image(Image(pattern))), maxSampleOffset: .zero)
        // uv = position / 2, repeat: every other 1-point column hits the transparent texel.
        #expect((0..<8).map { out[$0, 0].a } == [255, 0, 255, 0, 255, 0, 255, 0])
    }

    @Test func libraryErrorsNameTheFunctionAndParameter() throws {
        #expect(throws: ShaderError.argumentKind(function: "tint", index: 1, parameter: "pattern", expected: "image", got: "float")) {
            try sample().layerEffect(library.tint(.color(.red), .float(1)), maxSampleOffset: .zero)
        }
        #expect(throws: ShaderError.wrongUsage(function: "invert", declared: "colorEffect", used: "layerEffect")) {
            try sample().layerEffect(library.invert(), maxSampleOffset: .zero)
        }
        #expect(library.functionNames == ["invert", "probe", "shiftLeft", "tint"])
        // A disabled effect is not even checked, as SwiftUI skips it.
        #expect(try sample().layerEffect(library.nothing(), maxSampleOffset: .zero, isEnabled: false).bytes == sample().bytes)
    }

    @Test func shadersAsGraphicsContextFilters() throws {
        let plain = try PixelBuffer.render(size: CGSize(width: 8, height: 4)) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color(red: 1, green: 0.2, blue: 0)))
        }
        let inverted = try PixelBuffer.render(size: CGSize(width: 8, height: 4)) { ctx in
            ctx.addFilter(.colorShader(library.invert()))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color(red: 1, green: 0.2, blue: 0)))
        }
        #expect(plain[1, 1] == (255, 51, 0, 255))
        #expect(inverted[1, 1] == (0, 204, 255, 255))
        let shifted = try PixelBuffer.render(size: CGSize(width: 8, height: 4)) { ctx in
            ctx.addFilter(.distortionShader(library.shiftLeft(.float(2)), maxSampleOffset: CGSize(width: 2, height: 0)))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.white))
        }
        #expect(shifted[1, 1].a == 255 && shifted[2, 1].a == 0)
        let broken = try PixelBuffer.render(size: CGSize(width: 8, height: 4)) { ctx in
            ctx.addFilter(.colorShader(library.invert(.float(1))))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.white))
        }
        #expect(broken.bytes.allSatisfy { $0 == 0 })
    }
}
