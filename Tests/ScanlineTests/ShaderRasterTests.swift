import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
import ScanlineTesting
@testable import ScanlineBlocks

// Issue #16, point 9: a shader effect does not resample its view. Its layer is the view's bounds
// plus maxSampleOffset on the device's pixel grid under the whole transform, and the result goes
// back one to one. So an identity shader changes no byte, whatever the view's position or scale:
// on a transparent canvas it equals the view drawn straight, and over a background it equals the
// view composited as a layer (`drawingGroup`): a layer is one more rounding than drawing
// straight onto the background (pixman's one-step "colour in coverage over" against two steps),
// which moves a few edge pixels by one level, with or without a shader.

struct IdentityColor: ColorShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func pixel(_ position: SIMD2<Float>, _ color: SIMD4<Float>, _ row: Void) -> SIMD4<Float> { color }
}
struct IdentityLayer: LayerShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> { layer.sample(position) }
}
/// Writes where each pixel's centre is, in the view's points, as red = x × 10 / 255 and green
/// = y × 10 / 255 (opaque), so a test can read positions back.
struct PositionProbe: ColorShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func pixel(_ position: SIMD2<Float>, _ color: SIMD4<Float>, _ row: Void) -> SIMD4<Float> {
        SIMD4(position.x * 10 / 255, position.y * 10 / 255, 0, 1)
    }
}

@MainActor @Suite struct ShaderRasterTests {
    static let library: ShaderLibrary = {
        let l = ShaderLibrary()
        l.register(IdentityColor.self, as: "identityColor")
        l.register(IdentityLayer.self, as: "identityLayer")
        l.register(PositionProbe.self, as: "probe")
        // The seed's glitch through the generic loop only (no row kernel registered here).
        l.register(ChromaticGlitchShaderSplit.self, as: "ChromaticGlitchShaderSplit")
        return l
    }()

    /// The view on a transparent canvas, or over an opaque background.
    func pixels<V: View>(_ v: V, _ size: CGSize = CGSize(width: 100, height: 100), scale: CGFloat = 1, opaque: Bool = false) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: size, scale: scale, background: opaque ? Color(red: 0.1, green: 0.2, blue: 0.3) : nil).still(at: 0)
    }
    /// "" when the two images are the same bytes, else what differs and where.
    func same(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 0) -> String {
        let d = ImageDifference(reference: a, actual: b, tolerance: tolerance)
        guard !d.isMatch else { return "" }
        return d.sizeMismatch ?? "\(d.differingPixels) pixels differ, by up to \(d.maxChannelDifference), in \(d.box.map { "x \($0.minX)...\($0.maxX), y \($0.minY)...\($0.maxY)" } ?? "-")"
    }
    var circle: some View { Circle().fill(Color(red: 0.9, green: 0.3, blue: 0.1)).frame(width: 37.3, height: 37.3) }

    @Test(arguments: [1.0, 2.0, 3.0])
    func identityColorEffectOnAFractionalCircleChangesNothing(scale: CGFloat) async throws {
        // 37.3 points centred in 100: the circle's frame starts at 31.35, between pixels. (The old
        // rasterisation in the frame's own pixels, drawn back scaled, moved pixels by up to 171.)
        let plain = try await pixels(circle, scale: scale)
        let shaded = try await pixels(circle.colorEffect(Self.library.identityColor()), scale: scale)
        #expect(same(plain, shaded) == "")
        let group = try await pixels(circle.drawingGroup(), scale: scale, opaque: true)
        let over = try await pixels(circle.colorEffect(Self.library.identityColor()), scale: scale, opaque: true)
        #expect(same(group, over) == "")
        #expect(same(try await pixels(circle, scale: scale, opaque: true), over, tolerance: 1) == "")
    }

    @Test func identityEffectsUnderScaleEffectStaySharp() async throws {
        // The layer is rasterised at the scaled resolution, so nothing is upscaled (blurred).
        let plain = try await pixels(circle.scaleEffect(2.5))
        let colored = try await pixels(circle.colorEffect(Self.library.identityColor()).scaleEffect(2.5))
        #expect(same(plain, colored) == "")
        let layered = try await pixels(circle.layerEffect(Self.library.identityLayer(), maxSampleOffset: .zero).scaleEffect(2.5))
        #expect(same(plain, layered) == "")
        // And with an offset that leaves the view between pixels.
        let moved = try await pixels(circle.offset(x: 3.7, y: -1.2).scaleEffect(1.5))
        let overBackground = try await pixels(circle.drawingGroup().offset(x: 3.7, y: -1.2).scaleEffect(1.5), opaque: true)
        let shadedOver = try await pixels(circle.layerEffect(Self.library.identityLayer(), maxSampleOffset: CGSize(width: 5, height: 5))
            .offset(x: 3.7, y: -1.2).scaleEffect(1.5), opaque: true)
        #expect(same(overBackground, shadedOver) == "")
        let shifted = try await pixels(circle.colorEffect(Self.library.identityColor()).offset(x: 3.7, y: -1.2).scaleEffect(1.5))
        #expect(same(moved, shifted) == "")
    }

    @Test func aLayerEffectWithAMarginKeepsTheShadow() async throws {
        // The shadow spreads 3σ = 18 points and is moved 8 down: inside a 30-point margin, so an
        // identity layer shader keeps every one of its pixels.
        let shadowed = Circle().fill(.red).frame(width: 40, height: 40).shadow(color: .black, radius: 6, x: 0, y: 8)
        let plain = try await pixels(shadowed)
        let shaded = try await pixels(shadowed.layerEffect(Self.library.identityLayer(), maxSampleOffset: CGSize(width: 30, height: 30)))
        #expect(same(plain, shaded) == "")
        // Without a margin the layer is the frame: the shadow below it is cut.
        let cut = try await pixels(shadowed.layerEffect(Self.library.identityLayer(), maxSampleOffset: .zero))
        #expect(same(plain, cut) != "")
    }

    @Test func positionsAreTheViewsOwnPointsAtPixelCentres() async throws {
        // A 10×10 view at x 20.25 (a 40.5-point frame centred in 81): at scale 2 its origin falls
        // half-way into device pixel 40, so the centre of device pixel 40 + u is at (u + 0.5 − 0.5) / 2
        // = u / 2 points of the view: red 0, 5, 10, … for u = 0, 1, 2. Row 0 of the view has its
        // centre at y = 0.25 (the view's top is on a whole pixel): green 2.5 → 3.
        let v = HStack(spacing: 0) { Color.clear.frame(width: 20.25, height: 10); Color.white.frame(width: 10, height: 10).colorEffect(Self.library.probe()) }
        let image = try await SceneRenderer(v, size: CGSize(width: 30.25, height: 10), scale: 2).still(at: 0)
        for u in 1..<19 {
            #expect(Int(image[40 + u, 0].r) == Int((Float(u) / 2 * 10).rounded()), "column \(u)")
        }
        #expect(image[45, 0].g == 3)
    }

    @Test func theDrawLogSeesInsideShadersAndGroups() async throws {
        // What a shader's layer draws is logged where it lands on the canvas, as without it.
        let text = Text("Logged").padding(3.3)
        func glyphs<V: View>(_ v: V) async throws -> [CGPoint] {
            try await SceneRenderer(v, size: CGSize(width: 120, height: 40)).drawLog(at: 0).filter { $0.kind == .glyphs }.map(\.canvasOrigin)
        }
        let plain = try await glyphs(text)
        #expect(!plain.isEmpty)
        #expect(try await glyphs(text.colorEffect(Self.library.identityColor())) == plain)
        #expect(try await glyphs(text.layerEffect(Self.library.identityLayer(), maxSampleOffset: CGSize(width: 4, height: 4))) == plain)
        #expect(try await glyphs(text.drawingGroup()) == plain)
        // Under a rotation the layer has a space of its own; its draws are still logged where
        // they land on the canvas.
        let turned = try await glyphs(text.rotationEffect(.degrees(30)))
        let shaded = try await glyphs(text.colorEffect(Self.library.identityColor()).rotationEffect(.degrees(30)))
        #expect(turned.count == plain.count && shaded.count == turned.count)
        for (a, b) in zip(turned, shaded) { #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "\(a) vs \(b)") }
    }

    @Test func theGlitchKernelMatchesTheGenericLoopOnAPaddedLayer() async throws {
        // The seed's glitch on a 200×80 card at whole pixels (20, 10), with its reach as margin: the built-in row
        // kernel (ShaderLibrary.default) against the generic loop, within the kernel's one level.
        ChromaticGlitchShaderSplit.register()
        func card(_ library: ShaderLibrary) -> some View {
            Text("SIGNAL").font(.title).frame(width: 200, height: 80).background(Color.blue)
                .visualEffect { content, proxy in
                    content.layerEffect(ShaderFunction(library: library, name: "ChromaticGlitchShaderSplit")(
                        .float(1), .float(3.3), .float(7), .float(26), .float2(proxy.size)), maxSampleOffset: CGSize(width: 33, height: 0))
                }
        }
        let fast = try await pixels(card(ShaderLibrary.default), CGSize(width: 240, height: 100))
        let generic = try await pixels(card(Self.library), CGSize(width: 240, height: 100))
        #expect(same(generic, fast, tolerance: 1) == "")
        // Bands moved out of the card show in the margin (they were cut at the frame before).
        let plain = try await pixels(Text("SIGNAL").font(.title).frame(width: 200, height: 80).background(Color.blue), CGSize(width: 240, height: 100))
        #expect(same(plain, fast) != "")
    }
}
