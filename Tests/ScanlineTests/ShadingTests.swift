import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Every `Shading` case and the shape styles built on them, checked at chosen pixels against
/// values worked out from the definitions (pixel centres at x + 0.5).
@Suite struct ShadingTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// The byte cairo makes of a component in 0...1 (its rounded 16-bit colour, top 8 bits).
    func byte(_ v: Double) -> Int { Int(v * 65535 + 0.5) >> 8 }

    @Test func conicGradientIsLinearInAngleWithNoWedges() throws {
        let img = try renderStraight(100, 100) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)),
                     with: .conicGradient(Gradient(colors: [Self.red, Self.blue]), center: CGPoint(x: 50, y: 50)))
        }
        // Around a circle of radius 30, the fraction is the clockwise angle from the right / 2π.
        var previous: (Int, Int)? = nil
        for step in 0..<72 {
            let a = Double(step) * .pi / 36 + 0.02
            let x = Int(50 + 30 * cos(a)), y = Int(50 + 30 * sin(a))
            var angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            if angle < 0 { angle += 2 * .pi }
            let f = angle / (2 * .pi)
            let p = img[x, y]
            #expect(abs(Int(p.r) - Int((1 - f) * 255)) <= 3, "red at \(x),\(y) (fraction \(f)): \(p)")
            #expect(abs(Int(p.b) - Int(f * 255)) <= 3, "blue at \(x),\(y) (fraction \(f)): \(p)")
            #expect(p.a == 255)
            if let q = previous, step < 71 { #expect(abs(Int(p.r) - q.0) <= 6 && abs(Int(p.b) - q.1) <= 6) }
            previous = (Int(p.r), Int(p.b))
        }
    }

    @Test func partialAngularGradientSplitsTheGapBetweenItsEnds() throws {
        let img = try renderStraight(100, 100) { ctx in
            let style = AngularGradient(colors: [Self.red, Self.blue], center: .center, startAngle: .zero, endAngle: .degrees(180))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .style(style))
        }
        #expect(img[50 + 21, 50 - 21] == (255, 0, 0, 255))   // 315°: nearer the start
        #expect(img[50 - 21, 50 - 21] == (0, 0, 255, 255))   // 225°: nearer the end
        let bottom = img[50, 80]                              // 90°: halfway along the sweep
        #expect(abs(Int(bottom.r) - 127) <= 3 && abs(Int(bottom.b) - 127) <= 3)
    }

    @Test func gradientAndAnyGradientStylesRunTopToBottom() throws {
        let black = Color(white: 0), white = Color(white: 1)
        let img = try renderStraight(10, 100) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 100)), with: .style(Gradient(colors: [black, white])))
            ctx.fill(Path(CGRect(x: 5, y: 0, width: 5, height: 100)), with: .style(AnyGradient(Gradient(colors: [black, white]))))
        }
        for y in [0, 25, 49, 75, 99] {
            let expected = byte((Double(y) + 0.5) / 100)
            #expect(abs(Int(img[2, y].r) - expected) <= 1, "row \(y): \(img[2, y])")
            #expect(img[7, y].r == img[2, y].r)
        }
    }

    /// `.perceptual` interpolates in OKLab, Scanline's choice of perceptual space (Apple names
    /// none): half way from sRGB red to blue is OKLab's midpoint, (140.36, 83.03, 162.31) by
    /// Ottosson's published matrices, where `.device` gives (127.5, 0, 127.5).
    @Test func perceptualGradientsInterpolateInOKLab() throws {
        let g = Gradient(colors: [Self.red, Self.blue])
        let img = try renderStraight(15, 101) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 101)), with: .style(g.colorSpace(.perceptual)))
            ctx.fill(Path(CGRect(x: 5, y: 0, width: 5, height: 101)), with: .style(AnyGradient(g).colorSpace(.perceptual).colorSpace(.device)))
            ctx.fill(Path(CGRect(x: 10, y: 0, width: 5, height: 101)), with: .style(AnyGradient(g).colorSpace(.perceptual)))
        }
        func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ want: (Int, Int, Int)) -> Bool {
            abs(Int(p.r) - want.0) <= 1 && abs(Int(p.g) - want.1) <= 1 && abs(Int(p.b) - want.2) <= 1 && p.a == 255
        }
        // Row 50's centre is exactly half way (50.5 / 101).
        #expect(near(img[2, 50], (140, 83, 162)), "perceptual: \(img[2, 50])")
        #expect(near(img[12, 50], (140, 83, 162)), "AnyGradient, perceptual: \(img[12, 50])")
        #expect(near(img[7, 50], (128, 0, 128)), "device: \(img[7, 50])")
    }

    @Test func gradientOptionsRepeatAndMirror() throws {
        let g = Gradient(colors: [Color(white: 0), Color(white: 1)])
        let img = try renderStraight(40, 3) { ctx in
            for (row, options) in [GraphicsContext.GradientOptions(), .repeat, .mirror].enumerated() {
                ctx.fill(Path(CGRect(x: 0, y: CGFloat(row), width: 40, height: 1)),
                         with: .linearGradient(g, startPoint: .zero, endPoint: CGPoint(x: 10, y: 0), options: options))
            }
        }
        #expect(img[15, 0].r == 255)                                      // pads with the end colour
        #expect(abs(Int(img[15, 1].r) - byte(0.55)) <= 1)                 // repeats: 15.5 → 5.5
        #expect(abs(Int(img[15, 2].r) - byte(0.45)) <= 1)                 // mirrors: 15.5 → 10 − 5.5
    }

    @Test func styleOpacityAndHierarchicalLevels() throws {
        var env = EnvironmentValues()
        env.foregroundColor = Color(white: 0)
        let img = try renderStraight(40, 10) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .style(Color(white: 0).opacity(0.5)))
            ctx.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)),
                     with: .style(LinearGradient(colors: [.black, .black], startPoint: .top, endPoint: .bottom).opacity(0.25)))
            var inner = ctx
            inner.environment.foregroundStyle = AnyShapeStyle(Color(white: 0))
            inner.fill(Path(CGRect(x: 20, y: 0, width: 10, height: 10)), with: .style(HierarchicalShapeStyle.tertiary))
            inner.fill(Path(CGRect(x: 30, y: 0, width: 10, height: 10)), with: .style(HierarchicalShapeStyle.quinary))
        }
        #expect(img[5, 5].a == UInt8(byte(0.5)))
        #expect(img[15, 5].a == UInt8(byte(0.25)))
        #expect(img[25, 5].a == UInt8(byte(0.3)))
        #expect(img[35, 5].a == UInt8(byte(0.1)))
    }

    @Test func tiledImageRepeatsFromItsOrigin() throws {
        // 2 × 2: red, green / blue, white.
        let tile = Image(PixelBuffer(unchecked: 2, 2, 1, .straight, [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
        let img = try renderStraight(8, 8) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .tiledImage(tile, origin: CGPoint(x: 1, y: 0)))
        }
        #expect(img[1, 0] == (255, 0, 0, 255) && img[3, 0] == (255, 0, 0, 255))
        #expect(img[2, 0] == (0, 255, 0, 255) && img[6, 1] == (255, 255, 255, 255) && img[5, 3] == (0, 0, 255, 255))
    }

    @Test func backdropIsWhatIsUnderneath() throws {
        let img = try renderStraight(20, 10, scale: 2) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Self.red))
            var copy = ctx
            copy.translateBy(x: 3, y: 1)
            copy.scaleBy(x: 1.5, y: 1.5)
            copy.blendMode = .copy
            // Drawn under its own transform, the backdrop still lands where it came from.
            copy.fill(Path(CGRect(x: -2, y: -1, width: 12, height: 6)), with: .backdrop)
        }
        #expect(img[10, 10] == (255, 0, 0, 255) && img[19, 4] == (255, 0, 0, 255))
        #expect(img[21, 10].a == 0 && img[30, 10].a == 0)
    }

    @Test func paletteFillsWithItsFirstAndResolveFixesTheForeground() throws {
        var env = EnvironmentValues()
        env.foregroundColor = Self.blue
        let img = try renderStraight(20, 10) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .palette([.color(Self.red), .color(Self.blue)]))
            var inner = ctx
            inner.environment.foregroundColor = Self.blue
            let fixed = inner.resolve(.foreground)
            inner.environment.foregroundColor = Self.red
            inner.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)), with: fixed)
        }
        #expect(img[5, 5] == (255, 0, 0, 255))
        #expect(img[15, 5] == (0, 0, 255, 255))
    }

    @MainActor @Test func metalShapeStyleShaderFillsInTheShapesOwnSpace() async throws {
        let library = ShaderLibrary(url: TestPaths.testsFolder.appendingPathComponent("Fixtures/metal/fills.metal"))
        let stripes = library.stripes(.float(5))
        let img = try renderStraight(40, 10, scale: 2) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 10)), with: .shader(stripes))
        }
        #expect(img[2, 5] == (255, 0, 0, 255) && img[12, 5] == (0, 0, 255, 255) && img[22, 5] == (255, 0, 0, 255))
        #expect(img[78, 19] == (0, 0, 255, 255))
        // As a view's fill, positions start at the view's own top-left corner.
        let view = HStack(spacing: 0) { Color.clear.frame(width: 3, height: 10); Rectangle().fill(stripes).frame(width: 20, height: 10) }
        let still = try await SceneRenderer(view, size: CGSize(width: 23, height: 10)).still(at: 0).converted(to: .straight)
        #expect(still[4, 5] == (255, 0, 0, 255) && still[9, 5] == (0, 0, 255, 255))
    }
}

/// `Material`: the backdrop blurred by its σ, under its tint, with values from the Gaussian.
@Suite struct MaterialTests {
    @Test func ultraThinMaterialBlursWhatIsUnderneathAndTintsIt() throws {
        let img = try renderStraight(200, 100) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(Color(red: 1, green: 0, blue: 0)))
            ctx.fill(Path(CGRect(x: 100, y: 0, width: 100, height: 100)), with: .color(Color(red: 0, green: 0, blue: 1)))
            ctx.fill(Path(CGRect(x: 60, y: 0, width: 80, height: 100)), with: .style(Material.ultraThin))
        }
        // At pixel 100 (centre 100.5) the blur holds Φ(−0.5/8) of the red side.
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        let red = phi(-0.5 / 8), tint = 0.30
        let p = img[100, 50]
        #expect(abs(Double(p.r) - (tint + (1 - tint) * red) * 255) <= 3, "\(p)")
        #expect(abs(Double(p.b) - (tint + (1 - tint) * (1 - red)) * 255) <= 3, "\(p)")
        #expect(abs(Double(p.g) - tint * 255) <= 2 && p.a == 255)
        #expect(img[70, 50].r == 255 && abs(Int(img[70, 50].b) - 77) <= 2)
        #expect(img[50, 50] == (255, 0, 0, 255))   // outside the shape: untouched
        // Dark: the tint is near-black.
        let dark = try renderStraight(20, 20) { ctx in
            var c = ctx
            c.environment.colorScheme = .dark
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.white))
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .style(Material.ultraThick))
        }
        #expect(dark[10, 10].r < 100)
    }
}

@MainActor @Suite struct HierarchicalStyleTests {
    /// `.secondary` as a style is a level of the style outside: white text on a dark card stays
    /// white at 60 %, where the colour `Color.secondary` would be the label grey.
    @Test func secondaryIsALevelOfTheOuterStyle() async throws {
        let view = Rectangle().fill(.secondary).frame(width: 10, height: 10).foregroundStyle(Color(red: 1, green: 1, blue: 1))
        let img = try await SceneRenderer(view, size: CGSize(width: 10, height: 10)).still(at: 0).converted(to: .straight)
        #expect(img[5, 5].r == 255 && img[5, 5].g == 255 && img[5, 5].a == UInt8(Int(0.6 * 65535 + 0.5) >> 8))
        let primary = try await SceneRenderer(Rectangle().fill(.primary).frame(width: 10, height: 10).foregroundStyle(Color(red: 1, green: 0, blue: 0)),
                                              size: CGSize(width: 10, height: 10)).still(at: 0).converted(to: .straight)
        #expect(primary[5, 5] == (255, 0, 0, 255))
    }
}
