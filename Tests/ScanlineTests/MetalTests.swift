import Testing
import CScanline
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI

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
        let glitch = try #require(functions.first { $0.name == "ChromaticGlitchShaderSplit" })
        #expect(glitch.usage == .layerEffect && glitch.arguments.map(\.kind) == [.float, .float, .float, .float, .float2])
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

/// Scanline's metal_stdlib against values worked out from the Metal Shading Language
/// specification's definitions, through probe functions compiled from Fixtures/metal/probes.metal.
@Suite struct MetalHeaderTests {
    static let folder = TestPaths.testsFolder.appendingPathComponent("Fixtures/metal")
    static let cache = makeTestFolder("scanline-metal-cache")
    static let module: Result<MetalModule, Error> = Result { try MetalCompiler.load(folder.appendingPathComponent("probes.metal"), cache: cache) }

    typealias Unary = @convention(c) (Int32, Float) -> Float
    typealias Binary = @convention(c) (Int32, Float, Float) -> Float
    typealias Ternary = @convention(c) (Int32, Float, Float, Float) -> Float
    func probe<T>(_ name: String, _ type: T.Type) throws -> T {
        let m = try MetalHeaderTests.module.get()
        return unsafeBitCast(try #require(m.symbol(name)), to: type)
    }
    /// The correctly rounded float of a double function, as the headers define transcendental functions.
    func cr(_ f: (Double) -> Double, _ x: Float) -> Float { Float(f(Double(x))) }

    @Test func scalarFunctions() throws {
        let f = try probe("probe_unary", Unary.self)
        let cases: [(Int32, Float, Float)] = [
            // fract(x) = min(x − floor(x), 0x1.fffffep-1)
            (0, -0.25, 0.75), (0, 1.75, 0.75), (0, -1e-8, 0x1.fffffep-1), (0, 0x1.fffffep-1, 0x1.fffffep-1), (0, 3, 0),
            (1, -1.5, -2), (2, -1.5, -1), (3, -2.5, -3), (3, 2.5, 3), (4, -1.7, -1),
            (5, -3, -1), (5, 0, 0), (5, 2, 1), (5, .nan, 0),
            (6, 1, cr(sin, 1)), (6, 12345.678, cr(sin, 12345.678)), (7, 1, cr(cos, 1)), (8, 2, Float(2).squareRoot()), (9, 4, 0.5),
            (10, 1, cr(exp, 1)), (11, 3, 8), (12, 10, cr(log, 10)), (13, 8, 3), (14, -2, 2), (15, 1.5, 1), (15, -1, 0),
            (16, 0.5, cr(tan, 0.5)), (17, 1, cr(sin, 1)), (18, 1, cr(cos, 1)), (19, 1, cr(atan, 1)), (20, 0.5, cr(sinh, 0.5)),
            (21, 3, Float(10).squareRoot()),
            (22, 2.75, 2000.75), (22, -2.75, -2000.75),   // modf: fraction + whole × 1000
            (23, 0, 1),                                   // sincos: sin × 1000 + cos
        ]
        for (op, x, expected) in cases {
            let got = f(op, x)
            #expect(got == expected || (got.isNaN && expected.isNaN), "unary op \(op) of \(x): got \(got), expected \(expected)")
        }
    }

    @Test func twoAndThreeArgumentFunctions() throws {
        let f2 = try probe("probe_binary", Binary.self)
        let cases2: [(Int32, Float, Float, Float)] = [
            (0, -5, 3, -2), (0, 5, -3, 2), (0, 5.5, 2, 1.5),             // fmod takes x's sign
            (1, 1, 1, Float(atan2(1.0, 1.0))), (1, 1, -1, Float(atan2(1.0, -1.0))),   // atan2 in all four quadrants
            (1, -1, -1, Float(atan2(-1.0, -1.0))), (1, -1, 1, Float(atan2(-1.0, 1.0))), (1, 0, -1, Float(Double.pi)),
            (2, 0.5, 0.4, 0), (2, 0.5, 0.5, 1), (2, 0.5, 0.6, 1),        // step(edge, x): 0 below the edge
            (3, 1, 2, 1), (4, 1, 2, 2), (5, 2, 10, 1024), (6, 2, 0.5, Float(pow(2.0, 0.5))),
            (7, 1, .nan, 1), (8, .nan, 2, 2),                             // fmin/fmax ignore a NaN
            (9, 3, 4, 5), (10, 1, 2, 12),
        ]
        for (op, x, y, expected) in cases2 {
            #expect(f2(op, x, y) == expected, "binary op \(op) of \(x), \(y)")
        }
        let f3 = try probe("probe_ternary", Ternary.self)
        let cases3: [(Int32, Float, Float, Float, Float)] = [
            (0, 1.5, 0, 1, 1), (0, -1, 0, 1, 0), (0, 0.3, 0, 1, 0.3),
            (1, 2, 4, 0.25, 2.5),
            // smoothstep: t = clamp((x − e0)/(e1 − e0), 0, 1); t·t·(3 − 2t)
            (2, 0, 1, 0, 0), (2, 0, 1, 1, 1), (2, 0, 1, 0.5, 0.5), (2, 0, 1, -1, 0), (2, 0, 1, 2, 1), (2, 0, 1, 0.25, 0.15625),
            (3, 3, 1, 2, 1), (4, 3, 1, 2, 3), (5, 3, 1, 2, 2),
        ]
        for (op, x, y, z, expected) in cases3 {
            #expect(f3(op, x, y, z) == expected, "ternary op \(op) of \(x), \(y), \(z)")
        }
    }

    @Test func vectorsSwizzlesMatricesAndConstants() throws {
        let f = try probe("probe_vectors", (@convention(c) (UnsafeMutablePointer<Float>) -> Void).self)
        var o = [Float](repeating: -99, count: 38)
        o.withUnsafeMutableBufferPointer { f($0.baseAddress!) }
        let expected: [Float] = [
            8, 2, 7, 4,          // v.zx = (7, 8)
            1, 0.5, 2,           // c.rgb *= 2
            1, 2, 1, 2,          // select takes b where the condition holds
            0.6, 0.8,            // normalize((3, 0, 4))
            1, 1,                // reflect((1, −1, 0), (0, 1, 0))
            0, 0, 0,             // refract: total internal reflection gives zero
            1,                   // normalize of zero is NaN
            1,                   // cross(x, y) = z
            4, 6,                // column-major matrix × vector
            4,                   // scalar ∘ vector
            1, 1,                // all, any
            2, -2,               // int2(float2) truncates
            3, 5,                // float4(float2, float2), float3(scalar)
            Float(Double.pi), Float(M_E), Float.greatestFiniteMagnitude,   // nearest floats (Swift's Float.pi rounds down)
            0, 1,                // clamp(vector, scalar, scalar)
            -1,                  // faceforward flips n when dot(nref, i) ≥ 0
            3, 4, 4,             // [], .wzyx, .a
        ]
        for (i, (got, want)) in zip(o, expected).enumerated() { #expect(got == want, "slot \(i): got \(got), expected \(want)") }
    }

    /// Issue #27 point 5: a scalar passed where a function takes a vector is replicated into every
    /// lane, as MSL's implicit scalar-to-vector conversion does (probes.metal, `probe_broadcasts`).
    @Test func scalarsBroadcastIntoVectorParameters() throws {
        let f = try probe("probe_broadcasts", (@convention(c) (UnsafeMutablePointer<Float>) -> Void).self)
        var o = [Float](repeating: -99, count: 21)
        o.withUnsafeMutableBufferPointer { f($0.baseAddress!) }
        let expected: [Float] = [5, 7, 1, 12, 14, -1, -2, -1, 1, 2.5, 0, 1, 3, 5, 1, 2, 9, 2, 7, 0.5, 1]
        for (i, (got, want)) in zip(o, expected).enumerated() { #expect(got == want, "slot \(i): got \(got), expected \(want)") }
    }
}

/// Each SwiftUI argument kind reaches a `.metal` parameter as SwiftUI passes it, and errors are
/// clear.
@Suite struct MetalArgumentTests {
    static let library = ShaderLibrary(url: MetalHeaderTests.folder.appendingPathComponent("probes.metal"))
    func blank(_ w: Int = 4, _ h: Int = 1) throws -> PixelBuffer {
        try PixelBuffer(width: w, height: h, alpha: .premultiplied, bytes: [UInt8](repeating: 0, count: w * h * 4))
    }
    func px(_ b: PixelBuffer, _ x: Int, _ y: Int = 0) -> [UInt8] { let p = b[x, y]; return [p.r, p.g, p.b, p.a] }

    @Test func signaturesComeFromClang() throws {
        let functions = try MetalArgumentTests.library.loadMetalFunctions()
        let byName = Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })
        #expect(byName["helperNotStitchable"] == nil)
        #expect(byName["floatsProbe"]?.usage == .colorEffect)
        #expect(byName["invertProbe"]?.usage == .layerEffect)
        #expect(byName["shiftProbe"]?.usage == .distortionEffect)
        #expect(byName["arrayProbe"]?.arguments == [ShaderParameter("values", .floatArray)])
        #expect(byName["colorsProbe"]?.arguments == [ShaderParameter("colors", .colorArray)])
        #expect(byName["dataProbe"]?.arguments == [ShaderParameter("data", .data)])
        #expect(byName["imageProbe"]?.arguments == [ShaderParameter("image", .image), ShaderParameter("mode", .float)])
        #expect(byName["colorProbe"]?.arguments == [ShaderParameter("tint", .color)])
        #expect(byName["floatsProbe"]?.line == 157)
    }

    @Test func floatsVectorsAndColours() throws {
        let l = MetalArgumentTests.library
        let floats = try blank().colorEffect(l.floatsProbe(.float(0.2), .float2(0, 0.4), .float3(0, 0, 0.6), .float4(0, 0, 0, 1)))
        #expect(px(floats, 0) == [51, 102, 153, 255])
        // A colour arrives premultiplied: (1, 0.5, 0) at opacity 0.5 is (0.5, 0.25, 0, 0.5).
        let tint = try blank().colorEffect(l.colorProbe(.color(Color(red: 1, green: 0.5, blue: 0, opacity: 0.5))))
        #expect(px(tint, 0) == [128, 64, 0, 128])
        let rect = try blank(4, 2).colorEffect(l.rectProbe(.boundingRect))
        #expect(px(rect, 1, 1) == [0, 0, 4, 2])
        #expect(px(try blank().colorEffect(l.rectProbe(.float4(10, 20, 30, 40))), 0) == [10, 20, 30, 40])
    }

    @Test func arraysAndData() throws {
        let l = MetalArgumentTests.library
        let array = try blank().colorEffect(l.arrayProbe(.floatArray([10 / 255, 20 / 255, 30 / 255])))
        #expect((0..<4).map { px(array, $0) } == [[10, 3, 0, 255], [20, 3, 0, 255], [30, 3, 0, 255], [255, 3, 0, 255]])
        let colors = try blank().colorEffect(l.colorsProbe(.colorArray([Color(red: 1, green: 0, blue: 0), Color(white: 1, opacity: 0.2)])))
        #expect(px(colors, 0) == [255, 0, 0, 255] && px(colors, 1) == [51, 51, 51, 51] && px(colors, 2) == [255, 0, 0, 255])
        let data = try blank().colorEffect(l.dataProbe(.data(Data([7, 200]))))
        #expect((0..<3).map { px(data, $0) } == [[7, 2, 0, 255], [200, 2, 0, 255], [255, 2, 0, 255]])
    }

    /// A 2×2 image A B / C D read at texel (i − 1, −1) for output column i, nearest, with each
    /// address mode: repeat wraps −1 to row 1; clamp to edge reads row 0; clamp to zero reads
    /// nothing; mirrored repeat reflects −1 onto 0 and 2 onto 1.
    @Test func imageWithEachAddressMode() throws {
        let A: [UInt8] = [255, 0, 0, 255], B: [UInt8] = [0, 255, 0, 255], C: [UInt8] = [0, 0, 255, 255], D: [UInt8] = [255, 255, 255, 255]
        let image = Image(try PixelBuffer(width: 2, height: 2, alpha: .premultiplied, bytes: A + B + C + D))
        let l = MetalArgumentTests.library
        func row(_ mode: Float) throws -> [[UInt8]] {
            let out = try blank(6, 1).colorEffect(l.imageProbe(.image(image), .float(mode)))
            return (0..<6).map { px(out, $0) }
        }
        #expect(try row(0) == [D, C, D, C, D, C])
        #expect(try row(1) == [A, A, B, B, B, B])
        #expect(try row(2) == [[UInt8]](repeating: [0, 0, 0, 0], count: 6))
        #expect(try row(3) == [A, A, B, B, A, A])
    }

    @Test func layerAndDistortionEffects() throws {
        let img = try MetalTests.noise(5, 3)
        let l = MetalArgumentTests.library
        let inverted = try img.layerEffect(l.invertProbe(), maxSampleOffset: .zero)
        for y in 0..<3 { for x in 0..<5 {
            let s = img[x, y], o = inverted[x, y]
            #expect([o.r, o.g, o.b, o.a] == [255 - s.r, 255 - s.g, 255 - s.b, 255])
        } }
        // Sampling one point to the right moves the image one pixel left; past the edge is the padding.
        let shifted = try img.distortionEffect(l.shiftProbe(.float(1)), maxSampleOffset: CGSize(width: 1, height: 0))
        for y in 0..<3 {
            for x in 0..<4 { #expect(px(shifted, x, y) == px(img, x + 1, y)) }
            #expect(px(shifted, 4, y) == [0, 0, 0, 0])
        }
    }

    @Test func bindingErrorsNameTheFunctionAndParameter() throws {
        let l = MetalArgumentTests.library
        #expect(throws: ShaderError.argumentCount(function: "floatsProbe", expected: 4, got: 1,
                                                  parameters: ["f: float", "v2: float2", "v3: float3", "v4: float4"])) {
            try blank().colorEffect(l.floatsProbe(.float(1)))
        }
        #expect(throws: ShaderError.argumentKind(function: "colorProbe", index: 0, parameter: "tint", expected: "color", got: "float4")) {
            try blank().colorEffect(l.colorProbe(.float4(1, 1, 1, 1)))
        }
        #expect(throws: ShaderError.wrongUsage(function: "invertProbe", declared: "layerEffect", used: "colorEffect")) {
            try blank().colorEffect(l.invertProbe())
        }
        #expect { try blank().colorEffect(l.helperNotStitchable()) } throws: { e in
            guard case .unknownFunction(let name, let known)? = e as? ShaderError else { return false }
            return name == "helperNotStitchable" && known.contains("floatsProbe")
        }
    }

    @Test func compileErrorsQuoteTheFileLineAndColumn() throws {
        let folder = MetalHeaderTests.folder
        #expect { try ShaderLibrary(url: folder.appendingPathComponent("broken.metal")).loadMetalFunctions() } throws: { e in
            guard case .compileFailed(_, let message)? = e as? ShaderError else { return false }
            return message.contains("broken.metal:5:") && message.contains("error: expected expression")
        }
        #expect { try ShaderLibrary(url: folder.appendingPathComponent("missing-include.metal")).loadMetalFunctions() } throws: { e in
            guard case .compileFailed(_, let message)? = e as? ShaderError else { return false }
            return message.contains("missing-include.metal:2:") && message.contains("'not-there.h' file not found")
        }
        #expect(throws: ScanlineError.fileNotFound(path: folder.appendingPathComponent("nope.metal").path)) {
            try ShaderLibrary(url: folder.appendingPathComponent("nope.metal")).loadMetalFunctions()
        }
        // The error is the same on every use, not only the first.
        let broken = ShaderLibrary(url: folder.appendingPathComponent("broken.metal"))
        for _ in 0..<2 { #expect(throws: ShaderError.self) { try blank().colorEffect(broken.broken()) } }
    }

    @Test func usersOwnHeadersAndUnusableSignatures() throws {
        let l = ShaderLibrary(url: MetalHeaderTests.folder.appendingPathComponent("uses-header.metal"))
        let out = try MetalTests.noise(3, 1).colorEffect(l.halved())
        let src = try MetalTests.noise(3, 1)
        for x in 0..<3 { #expect(out[x, 0].r == UInt8((Float(src[x, 0].r) / 255 * 0.5 * 255 + 0.5).rounded(.down))) }
        #expect { try src.colorEffect(l.wrongKind(.float(1))) } throws: { e in
            guard case .unusableFunction(let name, let reason)? = e as? ShaderError else { return false }
            return name == "wrongKind" && reason.contains("must return `half4`")
        }
    }

    /// Issue #27 point 5: `#include <SwiftUI/SwiftUI.h>`, as Apple's samples write it, compiles.
    @Test func theSwiftUIHeaderNameApplesSamplesUse() throws {
        let l = ShaderLibrary(url: MetalHeaderTests.folder.appendingPathComponent("apple-include.metal"))
        let src = try MetalTests.noise(4, 2)
        let out = try src.layerEffect(l.keepRed(), maxSampleOffset: .zero)
        for y in 0..<2 { for x in 0..<4 {
            #expect(out[x, y] == (src[x, y].r, 0, 0, 255), "at (\(x), \(y)): \(out[x, y]) from \(src[x, y])")
        } }
    }

    @Test func aNameInBothAMetalFileAndASwiftRegistrationIsAnError() throws {
        let l = ShaderLibrary(url: MetalHeaderTests.folder.appendingPathComponent("probes.metal"))
        l.register(Invert.self, as: "colorProbe")
        #expect { try blank().colorEffect(l.colorProbe(.color(.red))) } throws: { e in
            guard case .duplicateFunction(let name, _)? = e as? ShaderError else { return false }
            return name == "colorProbe"
        }
    }

    @Test func noClangIsAClearError() throws {
        #expect { try MetalCompiler.findToolchain(["SCANLINE_CLANG": "/nonexistent/clang++", "PATH": "/usr/bin"]) } throws: { e in
            "\(e)".contains("SCANLINE_CLANG") && "\(e)".contains("/nonexistent/clang++")
        }
        #expect { try MetalCompiler.findToolchain(["PATH": "/nonexistent", "SCANLINE_LIBCLANG": "/nonexistent/libclang.so"]) } throws: { e in
            "\(e)".contains("SCANLINE_LIBCLANG")
        }
    }
}

/// Issue #27 point 5: a folder's `.metal` files are one library, as Metal links a target's
/// files: one file calls a function another defines, and a file that does not compile or link
/// takes only its own functions with it (Fixtures/metal-library).
@Suite struct MetalLibraryTests {
    static let folder = TestPaths.testsFolder.appendingPathComponent("Fixtures/metal-library")

    @Test func oneFileCallsAnothersFunctionAndABrokenFileDisablesOnlyItsOwn() throws {
        let library = ShaderLibrary(url: Self.folder)
        let src = try MetalTests.noise(4, 2)
        // halfTinted (Tinted.metal) calls tintHelper (Tint.metal): rgb × 0.5 + red × 0.5.
        let half = try src.colorEffect(library.halfTinted())
        let own = try src.colorEffect(library.ownTint())
        func byte(_ v: Float) -> UInt8 { UInt8((v * 255 + 0.5).rounded(.down)) }
        for y in 0..<2 { for x in 0..<4 {
            let p = src[x, y]
            let want = (byte(Float(p.r) / 255 * 0.5 + 0.5), byte(Float(p.g) / 255 * 0.5), byte(Float(p.b) / 255 * 0.5), UInt8(255))
            #expect(half[x, y] == want, "halfTinted at (\(x), \(y)): \(half[x, y]), expected \(want) from \(p)")
            #expect(own[x, y] == (255, 0, 0, 255), "ownTint at (\(x), \(y)): \(own[x, y])")
        } }
        // Broken.metal's function: its compile error, with the file and line.
        #expect { try src.colorEffect(library.brokenTint()) } throws: { e in
            guard case .compileFailed(let file, let message)? = e as? ShaderError else { return false }
            return file.hasSuffix("Broken.metal") && message.contains("Broken.metal:5:") && message.contains("undefinedName")
        }
        // Unlinked.metal compiles, but calls a function no file defines: a link error naming it.
        #expect { try src.colorEffect(library.unlinkedTint()) } throws: { e in
            guard case .compileFailed(_, let message)? = e as? ShaderError else { return false }
            return message.contains("Unlinked.metal does not link") && message.contains("nowhereDefined")
        }
        // Every failure: loadMetalFunctions throws the first; the good files still work after.
        #expect(throws: ShaderError.self) { try library.loadMetalFunctions() }
        #expect(try src.colorEffect(library.ownTint())[0, 0] == (255, 0, 0, 255))
    }

    /// Issue #41: a new Debian machine has no libstdc++ development files, so the link must not
    /// need them. Shader code written as MSL is (templates, constexpr, structs with constructors,
    /// constant arrays) links with the C library and libm alone.
    @Test(.spawnsProcesses) func aLibraryLinksWithoutTheCPlusPlusLibrary() throws {
        let folder = makeTestFolder("scanline-metal-nostdcxx"), cache = folder.appendingPathComponent("cache")
        try """
            #include <metal_stdlib>
            using namespace metal;
            template <typename T> T twice(T x) { return x + x; }
            struct Tint { half3 c; Tint(half3 c) : c(c) {} half4 over(half4 p) const { return half4(mix(p.rgb, c, 0.5h), p.a); } };
            constant float weights[3] = { 0.25, 0.5, 0.25 };
            constexpr float third = 1.0 / 3.0;
            [[ stitchable ]] half4 cxx(float2 p, half4 c) {
                float w = weights[int(p.x) % 3] * third;
                return Tint(half3(twice(0.5h), 0.0h, half(w))).over(c);
            }
            """.write(to: folder.appendingPathComponent("Cxx.metal"), atomically: true, encoding: .utf8)
        let library = try MetalCompiler.loadLibrary([folder.appendingPathComponent("Cxx.metal")], cache: cache)
        #expect(library.failures.isEmpty, "\(library.failures.map { "\($0.error)" })")
        let built = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("lib-") }
        let so = cache.appendingPathComponent(try #require(built.first)).appendingPathComponent(MetalModule.libraryName)
        let (code, dynamic) = try runTool(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", so.path])
        #expect(code == 0, "\(dynamic)")
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty && !needed.contains { $0.contains("stdc++") }, "the library needs: \(needed)")
        // mix(p, (1, 0, w), 0.5) on opaque black, w = weights[0] / 3 at x = 0.
        let src = try PixelBuffer(width: 1, height: 1, scale: 1, alpha: .premultiplied, bytes: [0, 0, 0, 255])
        let out = try src.colorEffect(ShaderLibrary(url: folder.appendingPathComponent("Cxx.metal")).cxx())
        #expect(out[0, 0] == (128, 0, 11, 255), "\(out[0, 0])")
    }

    /// A machine without part of the C toolchain (here a linker that finds no C runtime, as with
    /// libc6-dev missing) gets one line naming the Debian package, not a linker transcript.
    @Test(.spawnsProcesses) func aMissingCToolchainPartNamesItsDebianPackage() throws {
        let folder = makeTestFolder("scanline-metal-nolibc")
        let clang = try MetalCompiler.toolchain().clang
        let wrapper = folder.appendingPathComponent("clang++")
        try """
            #!/bin/sh
            case " $* " in *" -shared "*) exec "\(clang.path)" --sysroot=/nonexistent "$@";; esac
            exec "\(clang.path)" "$@"
            """.write(to: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper.path, 0o755)
        var env = ProcessInfo.processInfo.environment
        env["SCANLINE_CLANG"] = wrapper.path
        env["SCANLINE_LIBCLANG"] = try MetalCompiler.toolchain().libclang.path
        env["SCANLINE_CACHE_DIR"] = folder.appendingPathComponent("cache").path
        let r = try Binary.run(["shaders", Self.folder.appendingPathComponent("Tint.metal").path], environment: env)
        #expect(r.code == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot open crti.o") && r.stderr.contains("apt-get install libc6-dev"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
    }

    @Test func aFunctionDefinedInTwoFilesLeavesTheSecondOut() throws {
        let folder = makeTestFolder("scanline-metal-duplicate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = "#include <metal_stdlib>\nusing namespace metal;\nhalf4 shared(half4 c) { return c; }\n"
        try (body + "[[ stitchable ]] half4 first(float2 p, half4 c) { return shared(c); }\n").write(to: folder.appendingPathComponent("A.metal"), atomically: true, encoding: .utf8)
        try (body + "[[ stitchable ]] half4 second(float2 p, half4 c) { return shared(c); }\n").write(to: folder.appendingPathComponent("B.metal"), atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: folder)
        let src = try MetalTests.noise(2, 1)
        #expect(try src.colorEffect(library.first())[1, 0] == src[1, 0])
        #expect { try src.colorEffect(library.second()) } throws: { e in
            guard case .compileFailed(_, let message)? = e as? ShaderError else { return false }
            return message.contains("B.metal does not link") && message.contains("multiple definition") && message.contains("shared")
        }
    }
}

/// Issue #32 point 17: listing a .metal file runs none of its code; applying it does (docs/METAL.md).
@Suite(.spawnsProcesses) struct MetalTrustTests {
    @Test func listingAMetalFileRunsNoneOfItsCode() throws {
        let folder = makeTestFolder("scanline-metal-trust")
        let marker = folder.appendingPathComponent("ran")
        let source = folder.appendingPathComponent("Loud.metal")
        try """
            #include <metal_stdlib>
            using namespace metal;
            extern "C" int creat(const char *, unsigned);
            __attribute__((constructor)) static void announce() { creat("\(marker.path)", 0644); }
            [[ stitchable ]] half4 loud(float2 p, half4 c) { return c; }
            """.write(to: source, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SCANLINE_CACHE_DIR"] = folder.appendingPathComponent("cache").path
        let listed = try Binary.capture(["shaders", source.path], environment: env)
        #expect(listed.code == 0 && String(decoding: listed.stdout, as: UTF8.self).contains("loud  colorEffect"), "\(listed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "listing ran the file's constructor")
        // Applying it loads it, and so runs it: what the docs say.
        let input = folder.appendingPathComponent("in.png")
        try PixelBuffer(width: 2, height: 2, scale: 1, alpha: .premultiplied, bytes: [UInt8](repeating: 255, count: 16)).writePNG(to: input)
        let applied = try Binary.run(["apply", source.path + ":loud", input.path, "-o", folder.appendingPathComponent("out.png").path], environment: env)
        #expect(applied.code == 0, "\(applied.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }
}

/// `scanline shaders` and `scanline apply FILE.metal:function`, in process and as the binary.
@Suite struct MetalCLITests {
    let folder = makeTestFolder("scanline-metal-cli")
    static let glitch = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ScanlineBlocks/Shaders/ChromaticGlitchShader.metal").path
    static let fixtures = MetalHeaderTests.folder.path

    func run(_ args: [String]) async -> (code: Int32, out: String, err: String) { await runCLI(args) }

    @Test func shadersListsKindsAndParameters() async {
        let r = await run(["shaders", MetalCLITests.glitch, "\(MetalCLITests.fixtures)/uses-header.metal"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("ChromaticGlitchShaderSplit  layerEffect  ChromaticGlitchShader.metal:20"))
        #expect(r.out.contains("  bounds: float2  .float2"))
        #expect(r.out.contains("wrongKind  not usable"))
        // A function of position alone that returns a colour is a shape style (a fill).
        let fills = await run(["shaders", "\(MetalCLITests.fixtures)/fills.metal"])
        #expect(fills.out.contains("stripes  shapeStyle  fills.metal:6"), "\(fills.out)")
    }

    /// The seed's .metal through `apply` equals the Swift port, and agrees with the built-in row
    /// kernel within one level (its 8-bit weights).
    @Test func applyRunsAMetalFunction() async throws {
        let input = folder.appendingPathComponent("in.png")
        try MetalTests.noise(90, 60).writePNG(to: input)
        let out = folder.appendingPathComponent("out.png"), builtIn = folder.appendingPathComponent("builtin.png")
        let r = await run(["apply", "\(MetalCLITests.glitch):ChromaticGlitchShaderSplit", input.path, "-o", out.path, "--time", "3.2",
                           "--arg", "amount=1", "--arg", "split=7", "--arg", "shift=26", "--max-sample-offset", "33,0"])
        #expect(r.code == 0, "\(r.err)")
        let img = try PixelBuffer(contentsOf: input)
        let port = try img.layerEffect(ChromaticGlitchShaderMath.shader(amount: 1, time: 3.2, bounds: img.size).withLibrary(ChromaticGlitchTests.generic),
                                       maxSampleOffset: CGSize(width: 33, height: 0))
        #expect(try PixelBuffer(contentsOf: out).bytes == port.converted(to: .straight).bytes)
        #expect(await run(["apply", "chromatic-glitch", input.path, "-o", builtIn.path, "--time", "3.2"]).code == 0)
        let a = try PixelBuffer(contentsOf: out).bytes, b = try PixelBuffer(contentsOf: builtIn).bytes
        #expect(zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 99 <= 1)
    }

    @Test func applyErrors() async throws {
        let input = folder.appendingPathComponent("in.png")
        try MetalTests.noise(8, 8).writePNG(to: input)
        let out = folder.appendingPathComponent("x.png").path
        let f = MetalCLITests.fixtures
        let cases: [([String], Int32, String)] = [
            (["apply", "\(f)/broken.metal", input.path, "-o", out], 1, "broken.metal:5:"),
            (["apply", "\(f)/missing-include.metal", input.path, "-o", out], 1, "'not-there.h' file not found"),
            (["apply", "\(f)/nope.metal:x", input.path, "-o", out], 1, "no such file"),
            (["apply", "\(f)/probes.metal:nothing", input.path, "-o", out], 2, "has no stitchable function 'nothing'"),
            (["apply", "\(f)/probes.metal", input.path, "-o", out], 2, "name the function"),
            (["apply", "\(f)/probes.metal:colorProbe", input.path, "-o", out], 2, "needs --arg tint"),
            (["apply", "\(f)/probes.metal:colorProbe", input.path, "-o", out, "--arg", "tint=1,2"], 2, "--arg tint"),
            (["apply", "\(f)/probes.metal:colorProbe", input.path, "-o", out, "--arg", "tnt=#fff"], 2, "no parameter 'tnt'"),
            (["apply", "\(f)/uses-header.metal:wrongKind", input.path, "-o", out], 2, "must return `half4`"),
            (["apply", "\(f)/probes.metal:colorProbe", input.path, "-o", out, "--arg", "tint=#fff", "--amount", "1"], 2, "--amount is for built-in effects"),
        ]
        for (args, code, text) in cases {
            let r = await run(args)
            #expect(r.code == code && r.err.contains(text), "\(args.dropFirst(1).first!): \(r.code) \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // With the argument right, it works.
        #expect(await run(["apply", "\(f)/probes.metal:colorProbe", input.path, "-o", out, "--arg", "tint=#ff000080"]).code == 0)
    }

    /// As the binary: no clang is one line saying how to point at one; two processes compiling the
    /// same new shader at once both succeed and leave one cache entry for the file and one for
    /// its library.
    @Test(.spawnsProcesses) func binaryToolchainErrorAndConcurrentCompiles() async throws {
        let cache = folder.appendingPathComponent("cache")
        let noClang = try Binary.run(["shaders", MetalCLITests.glitch],
                                     environment: ["PATH": "/usr/bin:/bin", "SCANLINE_CLANG": "/nonexistent/clang++", "SCANLINE_CACHE_DIR": cache.path])
        #expect(noClang.code == 1 && noClang.stderr.contains("SCANLINE_CLANG") && noClang.stderr.split(separator: "\n").count == 1, "\(noClang)")

        // A shader no other test compiles, so the cache is cold.
        let source = folder.appendingPathComponent("fresh.metal")
        try "#include <metal_stdlib>\nusing namespace metal;\n[[ stitchable ]] half4 fresh(float2 p, half4 c, float k) { return c * k; }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SCANLINE_CACHE_DIR"] = cache.path
        let procs = (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = Binary.url
            p.arguments = ["shaders", source.path]
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in procs { try p.run() }
        for p in procs { try waitForExit(p, within: 300, "`scanline shaders` compiling a .metal file") }
        #expect(procs.allSatisfy { $0.terminationStatus == 0 })
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("metal").path)
            .filter { !$0.hasPrefix("include") && $0 != "index" }
        // One compiled file and one linked library, nothing half-written left behind.
        #expect(entries.filter { $0.hasPrefix("lib-") }.count == 1 && entries.filter { !$0.hasPrefix("lib-") }.count == 1, "\(entries)")
        #expect(!entries.contains { $0.hasPrefix("tmp-") || $0.hasPrefix("trash-") }, "\(entries)")
    }
}

extension Shader {
    /// The same function and arguments, looked up in `library`.
    func withLibrary(_ library: ShaderLibrary) -> Shader { Shader(function: ShaderFunction(library: library, name: function.name), arguments: arguments) }
}

/// Seed 004's warp through the .metal path equals the Swift port: the seed's own function is the
/// port at time 0 (its first lookup does not drift), and the flow form the port at any time.
@Suite struct MetalWarpTests {
    @Test func seed004WarpEqualsTheSwiftPort() throws {
        let img = try MetalTests.noise(90, 160, scale: 2)
        let size = img.size
        let noise = NoiseTexture.image(seed: 4)
        let swift = ShaderLibrary()
        swift.register(BackgroundWarp.DomainWarp.self, as: "backgroundWarp")
        let metal = BackgroundWarp.metalLibrary
        #expect(Set(try metal.loadMetalFunctions().map(\.name)) == ["ChromaticGlitchShaderSplit", "backgroundWarp", "backgroundWarpFlow"])
        let port0 = try img.layerEffect(swift.backgroundWarp(.float2(size), .image(noise), .float(0)), maxSampleOffset: .zero, threads: 1)
        for threads in [1, 2, 8] {
            let seed = try img.layerEffect(metal.backgroundWarp(.float2(size), .image(noise)), maxSampleOffset: .zero, threads: threads)
            #expect(seed.bytes == port0.bytes, "threads \(threads)")
        }
        for t in [0.0, 1.5, 7.5, 123.25] {
            let port = try img.layerEffect(swift.backgroundWarp(.float2(size), .image(noise), .float(t)), maxSampleOffset: .zero, threads: 1)
            for threads in [1, 2, 8] {
                let flow = try img.layerEffect(metal.backgroundWarpFlow(.float2(size), .image(noise), .float(t)), maxSampleOffset: .zero, threads: threads)
                #expect(flow.bytes == port.bytes, "time \(t), threads \(threads)")
            }
        }
    }
}

/// `ShaderLibrary.default` also finds the `.metal` files among the main bundle's resources (for a
/// command-line program, the folder of its executable), as SwiftUI's default library does.
@Suite struct MetalMainBundleTests {
    @Test func defaultLibraryFindsTheMainBundlesMetalFiles() throws {
        let resources = try #require(Bundle.main.resourceURL)
        let name = "mainBundleProbe\(UInt32.random(in: 0...UInt32.max))"
        let file = resources.appendingPathComponent("scanline-test-\(name).metal")
        try "#include <metal_stdlib>\nusing namespace metal;\n[[ stitchable ]] half4 \(name)(float2 p, half4 c) { return half4(1.0, 0.0, 0.0, 1.0); }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // A library that behaves as `.default` (the shared one may have scanned the folder already).
        let library = ShaderLibrary()
        library.registry.mainBundleFallback = true
        let img = try PixelBuffer(width: 2, height: 1, alpha: .premultiplied, bytes: [UInt8](repeating: 0, count: 8))
        let out = try img.colorEffect(Shader(function: ShaderFunction(library: library, name: name), arguments: []))
        #expect(out[1, 0] == (255, 0, 0, 255))
    }
}

/// Shaders are built for the CPU they run on (`-march=native`); the bytes are the same for any
/// instruction set (issue #31 point 4): seed 002's band loop and the math probes, built for
/// baseline x86-64, for AVX2 (x86-64-v3), for AVX-512 (x86-64-v4, where this CPU has it) and for
/// this CPU, give the same bits.
@Suite struct MetalArchTests {
    static let glitch = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ScanlineBlocks/Shaders/ChromaticGlitchShader.metal")

    @Test func everyInstructionSetGivesTheSameBytes() throws {
        var arches = ["x86-64", "native"]
        if scanline_cpu_has_avx2() != 0 { arches.append("x86-64-v3") }
        if scanline_cpu_has_avx512() != 0 { arches.append("x86-64-v4") } else { print("MetalArchTests: no AVX-512 on this CPU, so the x86-64-v4 build did not run") }
        let source = try MetalTests.noise(97, 61)
        var results: [String: ([UInt8], [UInt32])] = [:]
        for arch in arches {
            let cache = makeTestFolder("scanline-metal-arch-\(arch)")
            let module = try MetalCompiler.load(MetalArchTests.glitch, cache: cache, arch: arch)
            let band = try #require(module.entries["ChromaticGlitchShaderSplit"])
            // amount, time, split, shift, bounds; a layer padded by 33 pixels across, at scale 1.
            let floats: [Float] = [1, 3.2, 7, 26, 97, 61]
            let gi: [Int32] = [0, 0, 33, 0], gf: [Float] = [0, 0, 1, 1]
            var out = [UInt8](repeating: 0, count: source.bytes.count)
            source.bytes.withUnsafeBufferPointer { px in
                out.withUnsafeMutableBufferPointer { o in
                    band(floats, nil, nil, px.baseAddress, 97, 61, gi, gf, o.baseAddress, 0, 61)
                }
            }
            let probes = try MetalCompiler.load(MetalHeaderTests.folder.appendingPathComponent("probes.metal"), cache: cache, arch: arch)
            typealias Unary = @convention(c) (Int32, Float) -> Float
            let unary = unsafeBitCast(try #require(probes.symbol("probe_unary")), to: Unary.self)
            var bits: [UInt32] = []
            for op in 0..<24 {
                for k in 0..<200 { bits.append(unary(Int32(op), Float(k) * 0.37 - 30).bitPattern) }
            }
            results[arch] = (out, bits)
        }
        let base = try #require(results["x86-64"])
        #expect(base.0.contains { $0 != 0 })
        for (arch, r) in results {
            let byte = r.0.indices.first { r.0[$0] != base.0[$0] }
            #expect(byte == nil, "seed 002 built for \(arch): byte \(byte ?? 0) (pixel \((byte ?? 0) / 4 % 97),\((byte ?? 0) / 4 / 97)) differs from baseline x86-64's")
            let probe = r.1.indices.first { r.1[$0] != base.1[$0] }
            #expect(probe == nil, "probe_unary built for \(arch): op \((probe ?? 0) / 200) at x = \(Float((probe ?? 0) % 200) * 0.37 - 30) gives bits \(String(r.1[probe ?? 0], radix: 16)), baseline x86-64 \(String(base.1[probe ?? 0], radix: 16))")
        }
    }
}
