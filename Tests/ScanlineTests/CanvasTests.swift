import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// A canvas in a 60×40 scene at scale 1, framed 40×20, so its top-left corner is at (10, 10).
struct DotsCanvas: View {
    var body: some View {
        Canvas { context, size in
            // Red on the left half; a green square under the blue dot; far past the edge too.
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)), with: .color(Color(red: 1, green: 0, blue: 0)))
            context.fill(Path(CGRect(x: 24, y: 2, width: 12, height: 12)), with: .color(Color(red: 0, green: 1, blue: 0)))
            context.fill(Path(CGRect(x: 30, y: 0, width: 100, height: 100)), with: .color(Color(red: 0, green: 0, blue: 1, opacity: 0.5)))
            var lighter = context
            lighter.blendMode = .plusLighter
            if let dot = context.resolveSymbol(id: "dot") {
                lighter.draw(dot, at: CGPoint(x: 28, y: 6), anchor: .center)   // red + green = yellow
                #expect(dot.size == CGSize(width: 4, height: 4))
            }
            #expect(context.resolveSymbol(id: "missing") == nil)
        } symbols: {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 4, height: 4).tag("dot")
        }
        .frame(width: 40, height: 20)
    }
}

/// A canvas redrawn on the render clock: a 4-point square whose x is 10 points a second.
struct MovingCanvas: View {
    var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, _ in
                let t = timeline.date.timeIntervalSinceReferenceDate
                context.fill(Path(CGRect(x: t * 10, y: 0, width: 4, height: 4)), with: .color(.white))
            }
        }
    }
}

@MainActor @Suite struct CanvasTests {
    func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] { let p = b[x, y]; return [p.r, p.g, p.b, p.a] }

    @Test func drawsInItsOwnSpaceClippedWithSymbolsAndBlendModes() async throws {
        let image = try await SceneRenderer(DotsCanvas(), size: CGSize(width: 60, height: 40), scale: 1).still(at: 0)
        #expect(px(image, 12, 20) == [255, 0, 0, 255])          // the red half, at canvas (2, 10)
        #expect(px(image, 10 + 25, 10 + 12) == [0, 255, 0, 255]) // the green square, at canvas (25, 12)
        #expect(px(image, 10 + 28, 10 + 6) == [255, 255, 0, 255]) // the dot added onto green: yellow
        // Half-transparent blue over nothing: premultiplied (0, 0, 0.5, 0.5), bytes (0, 0, 128, 128).
        #expect(px(image, 10 + 35, 10 + 18) == [0, 0, 128, 128])
        // Clipped: nothing right of or below the canvas.
        #expect(px(image, 52, 20) == [0, 0, 0, 0])
        #expect(px(image, 45, 32) == [0, 0, 0, 0])
        #expect(px(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test func redrawsOnTheRenderClock() async throws {
        let r = try SceneRenderer(MovingCanvas().frame(width: 60, height: 10), size: CGSize(width: 60, height: 10), scale: 1, fps: 10)
        for (frame, x) in [(0, 0), (5, 5), (20, 20)] {
            let image = try await r.frame(frame)
            // At t = frame / 10 s the square starts at x = t × 10 points.
            #expect(px(image, x + 1, 1) == [255, 255, 255, 255], "frame \(frame)")
            #expect(px(image, x + 5, 1) == [0, 0, 0, 0], "frame \(frame)")
            if x > 0 { #expect(px(image, x - 1, 1) == [0, 0, 0, 0], "frame \(frame)") }
        }
    }
}

@MainActor @Suite struct BlendModeAndZIndexTests {
    func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] { let p = b[x, y]; return [p.r, p.g, p.b, p.a] }

    /// `.blendMode(.plusLighter)` adds the view onto what is behind it: red + green = yellow where
    /// they overlap; `.multiply` of a half grey over white gives half grey, over transparency the
    /// grey itself (multiply is source-over where nothing is behind).
    @Test func blendModesCompositeTheView() async throws {
        let view = ZStack(alignment: .topLeading) {
            Color(red: 1, green: 0, blue: 0).frame(width: 20, height: 10)
            Color(red: 0, green: 1, blue: 0).frame(width: 10, height: 10).offset(x: 5).blendMode(.plusLighter)
            Color.white.frame(width: 10, height: 10).offset(x: 30)
            Color(white: 0.5).frame(width: 20, height: 10).offset(x: 30).blendMode(.multiply)
        }
        let image = try await SceneRenderer(view.frame(width: 60, height: 10, alignment: .topLeading), size: CGSize(width: 60, height: 10), scale: 1).still(at: 0)
        #expect(px(image, 2, 5) == [255, 0, 0, 255])       // red alone
        #expect(px(image, 8, 5) == [255, 255, 0, 255])     // red + green
        #expect(px(image, 17, 5) == [255, 0, 0, 255])      // red alone again past the green
        let grey = px(image, 35, 5), alone = px(image, 45, 5)
        #expect(grey == alone, "grey × white = grey; grey over nothing = grey: \(grey) \(alone)")
        #expect(abs(Int(grey[0]) - 128) <= 1 && grey[3] == 255)
    }

    /// In a stack, a higher zIndex draws on top whatever its place; equal ones keep their order.
    @Test func zIndexOrdersDrawing() async throws {
        let view = ZStack {
            Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).zIndex(1)
            Color(red: 0, green: 0, blue: 1).frame(width: 10, height: 10)
        }
        #expect(px(try await SceneRenderer(view, size: CGSize(width: 10, height: 10), scale: 1).still(at: 0), 5, 5) == [255, 0, 0, 255])
        let plain = ZStack {
            Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            Color(red: 0, green: 0, blue: 1).frame(width: 10, height: 10).contentShape(Rectangle())
        }
        #expect(px(try await SceneRenderer(plain, size: CGSize(width: 10, height: 10), scale: 1).still(at: 0), 5, 5) == [0, 0, 255, 255])
    }
}

@MainActor @Suite struct TransformAndLuminanceTests {
    func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] { let p = b[x, y]; return [p.r, p.g, p.b, p.a] }
    func render(_ v: some View) async throws -> PixelBuffer {
        try await SceneRenderer(v.frame(width: 40, height: 20, alignment: .topLeading), size: CGSize(width: 40, height: 20), scale: 1).still(at: 0)
    }

    /// transformEffect moves the drawing about the view's top-left corner; layout is unchanged.
    @Test func transformEffectMovesTheDrawing() async throws {
        let moved = try await render(Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).transformEffect(CGAffineTransform(translationX: 20, y: 5)))
        #expect(px(moved, 25, 10) == [255, 0, 0, 255])
        #expect(px(moved, 5, 5) == [0, 0, 0, 0])
        let scaled = try await render(Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).transformEffect(CGAffineTransform(scaleX: 2, y: 2)))
        #expect(px(scaled, 18, 18) == [255, 0, 0, 255] && px(scaled, 22, 5) == [0, 0, 0, 0])
    }

    /// `fill(_:style:)`: an even-odd fill of a ring's two circles leaves the inner one a hole;
    /// the default winding rule fills it (both circles wind the same way).
    @Test func evenOddFillCutsHoles() async throws {
        let ring = Path { p in
            p.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
            p.addEllipse(in: CGRect(x: 5, y: 5, width: 10, height: 10))
        }
        let evenOdd = try await render(ring.fill(Color(red: 1, green: 0, blue: 0), style: FillStyle(eoFill: true)))
        let winding = try await render(ring.fill(Color(red: 1, green: 0, blue: 0), style: FillStyle()))
        #expect(px(evenOdd, 10, 10) == [0, 0, 0, 0] && px(evenOdd, 10, 2) == [255, 0, 0, 255], "even-odd: centre \(px(evenOdd, 10, 10)), ring \(px(evenOdd, 10, 2))")
        #expect(px(winding, 10, 10) == [255, 0, 0, 255], "winding: centre \(px(winding, 10, 10))")
    }

    /// luminanceToAlpha: white becomes opaque black, black transparent.
    @Test func luminanceToAlphaMakesLuminanceTheAlpha() async throws {
        let image = try await render(HStack(spacing: 0) {
            Color.white.frame(width: 10, height: 20)
            Color.black.frame(width: 10, height: 20)
        }.luminanceToAlpha())
        #expect(px(image, 5, 5) == [0, 0, 0, 255])
        #expect(px(image, 15, 5) == [0, 0, 0, 0])
    }
}

@MainActor @Suite struct AspectRatioTests {
    /// Offered 100×100: ratio 2 fits as 100×50 (centred, y 25), fills as 200×100 (x −50).
    /// scaledToFit keeps a shape's own ideal ratio (10×10: 1) and fits 60×60 into 100×60.
    @Test func fitsAndFills() async throws {
        let fit = try await SceneRenderer(Color.red.aspectRatio(2, contentMode: .fit), size: CGSize(width: 100, height: 100)).layoutDump()
        #expect(fit == "AspectRatio (0.00, 25.00, 100.00, 50.00)\n  Rectangle (0.00, 25.00, 100.00, 50.00)\n")
        let fill = try await SceneRenderer(Color.red.aspectRatio(CGSize(width: 4, height: 2), contentMode: .fill).frame(width: 100, height: 100),
                                           size: CGSize(width: 100, height: 100)).layoutDump()
        #expect(fill.contains("Rectangle (-50.00, 0.00, 200.00, 100.00)"), "\(fill)")
        let square = try await SceneRenderer(Rectangle().scaledToFit(), size: CGSize(width: 100, height: 60)).layoutDump()
        #expect(square.contains("Rectangle (20.00, 0.00, 60.00, 60.00)"), "\(square)")
    }
}

@MainActor @Suite struct AlphaThresholdTests {
    func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] { let p = b[x, y]; return [p.r, p.g, p.b, p.a] }

    /// Alpha in min...max becomes the colour; below, transparency.
    @Test func thresholdsAlpha() async throws {
        let view = Canvas { context, _ in
            context.addFilter(.alphaThreshold(min: 0.5, color: Color(red: 1, green: 0, blue: 0)))
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Color(white: 1, opacity: 0.3)))
            context.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)), with: .color(Color(white: 1, opacity: 0.8)))
        }
        let image = try await SceneRenderer(view, size: CGSize(width: 20, height: 10), scale: 1).still(at: 0)
        #expect(px(image, 5, 5) == [0, 0, 0, 0])
        #expect(px(image, 15, 5) == [255, 0, 0, 255])
    }

    /// The metaball pattern: threshold added first, blur second. Two circles 24 points apart
    /// (radius 8) merge into one blob: the blur runs first, so between them the summed tails pass
    /// the threshold; far from both nothing does. Were the threshold applied first, the gap would
    /// stay empty.
    @Test func metaballsMergeWithTheBlurFirst() async throws {
        let view = Canvas { context, _ in
            context.addFilter(.alphaThreshold(min: 0.3, color: Color(red: 0, green: 1, blue: 0)))
            context.addFilter(.blur(radius: 6))
            context.drawLayer { layer in
                layer.fill(Path(ellipseIn: CGRect(x: 10, y: 12, width: 16, height: 16)), with: .color(.white))
                layer.fill(Path(ellipseIn: CGRect(x: 34, y: 12, width: 16, height: 16)), with: .color(.white))
            }
        }
        let image = try await SceneRenderer(view, size: CGSize(width: 60, height: 40), scale: 1).still(at: 0)
        #expect(px(image, 30, 20) == [0, 255, 0, 255], "the gap between the circles is bridged")
        #expect(px(image, 18, 20) == [0, 255, 0, 255])
        #expect(px(image, 2, 2) == [0, 0, 0, 0])
    }
}

@testable import ScanlineBlocks

@MainActor @Suite struct ParticlesSceneTests {
    /// The particle scene at 1.3 s (scale 1): the caption reports the sparks alive (through the
    /// PreferenceKey), far from the fountain the pixel is the backdrop exactly, and where a young
    /// spark is drawn the additive orange shows over it.
    @Test func particlesRenderAndReportTheirCount() async throws {
        let scene = try #require(SceneRegistry.named("particles"))
        let r = try SceneRenderer(try scene.make(SceneArguments([:])), size: scene.size, scale: 1, fps: 30)
        let t = 1.3
        // The caption shows the count of the frame drawn (1.3 s): the state set in
        // onPreferenceChange is built again at the same instant, before the frame is drawn.
        let alive = SparkField.alive(at: t)
        #expect(alive > 0 && alive < ParticlesDemo.sparkCount)
        let text = await r.accessibilityElements(at: t).map(\.description).joined(separator: " ")
        #expect(text.contains("\(alive) sparks"), "\(text)")
        let image = try await r.still(at: t)
        // The backdrop, Color(red: 0.04, green: 0.03, blue: 0.08), as cairo stores a colour:
        // each component as ⌊v × 65535⌋, then its high byte.
        let corner = image[3, 3]
        let want = [0.04, 0.03, 0.08].map { UInt8(Int($0 * 65535) >> 8) } + [255]
        #expect([corner.r, corner.g, corner.b, corner.a] == want)
        // The youngest spark: where the formula puts it, red rises well above the backdrop's.
        let young = (0..<ParticlesDemo.sparkCount).min { SparkField.age($0, at: t) < SparkField.age($1, at: t) }!
        let age = SparkField.age(young, at: t)
        let angle = (SparkField.hash(young, 2) - 0.5) * 1.4 - .pi / 2, speed = 120 + SparkField.hash(young, 3) * 110
        // The canvas is 320×300, centred in the 360×360 scene above the caption.
        let frameOrigin = try #require(await r.layoutDump(at: t).split(separator: "\n").first { $0.contains("Canvas") }.map { line -> CGPoint in
            let n = line.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
            return CGPoint(x: n[0], y: n[1])
        })
        let x = frameOrigin.x + 160 + cos(angle) * speed * age, y = frameOrigin.y + 300 * 0.72 + sin(angle) * speed * age + 90 * age * age
        let p = image[Int(x), Int(y)]
        #expect(p.r > 60 && p.r > p.b, "spark \(young) at (\(x), \(y)): \(p)")
    }
}

@MainActor @Suite struct EllipticalGradientTests {
    /// In a 100×50 frame the contours are ellipses: t = |(u, v) − centre| / 0.5 in the unit square
    /// (u = x / 100, v = y / 50), and the colour is red × (1 − t) + blue × t, worked out here at
    /// pixel centres. A circular gradient would give the top edge t ≈ 0.5, not ≈ 1.
    @Test func contoursStretchWithTheBounds() async throws {
        let view = Rectangle().fill(EllipticalGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]))
        let image = try await SceneRenderer(view, size: CGSize(width: 100, height: 50), scale: 1).still(at: 0)
        for (x, y) in [(75, 25), (50, 0), (99, 25), (60, 30), (10, 45)] {
            let u = (Double(x) + 0.5) / 100, v = (Double(y) + 0.5) / 50
            let t = min(1, ((u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)).squareRoot() / 0.5)
            let p = image[x, y]
            #expect(abs(Int(p.r) - Int((255 * (1 - t)).rounded())) <= 2 && abs(Int(p.b) - Int((255 * t).rounded())) <= 2 && p.a == 255,
                    "(\(x), \(y)): \(p), t \(t)")
        }
    }
}

@MainActor @Suite struct MeshGradientTests {
    static let corners: [Color] = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0),
                                   Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 1, blue: 1)]

    /// A 2×2 mesh is a bilinear blend of its corners (smoothed or not): at pixel centre (u, v) in
    /// the unit square, red (1−u)(1−v) + green u(1−v) + blue (1−u)v + white uv.
    @Test(arguments: [false, true]) func twoByTwoIsBilinear(_ smooth: Bool) async throws {
        let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: MeshGradientTests.corners, smoothsColors: smooth)
        let image = try await SceneRenderer(mesh, size: CGSize(width: 80, height: 40), scale: 1).still(at: 0)
        for (x, y) in [(2, 2), (40, 20), (70, 10), (10, 35), (60, 30)] {
            let u = (Double(x) + 0.5) / 80, v = (Double(y) + 0.5) / 40
            let r = (1 - u) * (1 - v) + u * v, g = u * (1 - v) + u * v, b = (1 - u) * v + u * v
            let p = image[x, y]
            for (got, want) in zip([p.r, p.g, p.b], [r, g, b]) {
                #expect(abs(Int(got) - Int((want * 255).rounded())) <= 3, "(\(x), \(y)) smooth \(smooth): \(p)")
            }
        }
    }

    /// `colorSpace: .perceptual` blends in OKLab: half way from red to blue is OKLab's midpoint
    /// (140.36, 83.03, 162.31 by Ottosson's matrices), where `.device` gives (127.5, 0, 127.5).
    @Test(arguments: [false, true]) func perceptualMeshesBlendInOKLab(_ smooth: Bool) async throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        func middle(_ space: Gradient.ColorSpace) async throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [red, blue, red, blue],
                                    smoothsColors: smooth, colorSpace: space)
            // Pixel 40 of 81: its centre is exactly half way across.
            return try await SceneRenderer(mesh, size: CGSize(width: 81, height: 10), scale: 1).still(at: 0)[40, 5]
        }
        let p = try await middle(.perceptual), d = try await middle(.device)
        #expect(abs(Int(p.r) - 140) <= 2 && abs(Int(p.g) - 83) <= 2 && abs(Int(p.b) - 162) <= 2, "perceptual, smooth \(smooth): \(p)")
        #expect(abs(Int(d.r) - 128) <= 2 && d.g <= 2 && abs(Int(d.b) - 128) <= 2, "device, smooth \(smooth): \(d)")
    }

    /// A 3×3 mesh with a moved middle point: no seams, and neighbouring pixels differ by little
    /// (the steepest colour ramp here is 255 over 40 pixels, about 6 a pixel).
    @Test func threeByThreeIsSmooth() async throws {
        let colors: [Color] = [.red, .orange, .yellow, .purple, .white, .green, .blue, .cyan, .black].map { $0 }
        let mesh = MeshGradient(width: 3, height: 3, points: [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.6, 0.4], [1, 0.5], [0, 1], [0.5, 1], [1, 1]], colors: colors)
        let image = try await SceneRenderer(mesh, size: CGSize(width: 120, height: 120), scale: 1).still(at: 0)
        var worst = 0
        for y in 1..<119 {
            for x in 1..<119 {
                let p = image[x, y], q = image[x + 1, y], s = image[x, y + 1]
                #expect(p.a == 255, "a hole at (\(x), \(y))")
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                            abs(Int(p.r) - Int(s.r)), abs(Int(p.g) - Int(s.g)), abs(Int(p.b) - Int(s.b)))
            }
        }
        #expect(worst <= 12, "largest neighbour difference \(worst)")
    }

    /// Degenerate meshes draw their background only, and never crash.
    @Test func degenerateMeshesDrawTheBackground() async throws {
        for mesh in [MeshGradient(width: 1, height: 1, points: [[0, 0]], colors: [.red], background: .blue),
                     MeshGradient(width: 2, height: 2, points: [[0, 0]], colors: [.red], background: .blue),
                     MeshGradient(width: 2, height: 2, points: [[.nan, 0], [1, 0], [0, 1], [1, 1]], colors: MeshGradientTests.corners, background: .blue)] {
            let p = try await SceneRenderer(mesh, size: CGSize(width: 10, height: 10), scale: 1).still(at: 0)[5, 5]
            #expect(p.r == 0 && p.b > 200 && p.a == 255)
        }
    }
}

@MainActor @Suite struct ColorGradientTests {
    /// `Color.gradient` runs from the colour lightened 15 % toward white at the top to the colour
    /// at the bottom: for pure blue, (0.15, 0.15, 1) → (0, 0, 1), linear in y.
    @Test func colourGradientLightensTheTop() async throws {
        let image = try await SceneRenderer(Rectangle().fill(Color(red: 0, green: 0, blue: 1).gradient), size: CGSize(width: 10, height: 100), scale: 1).still(at: 0)
        for y in [0, 50, 99] {
            let t = (Double(y) + 0.5) / 100
            let want = Int((0.15 * (1 - t) * 255).rounded())
            let p = image[5, y]
            #expect(abs(Int(p.r) - want) <= 2 && abs(Int(p.g) - want) <= 2 && p.b == 255, "y \(y): \(p), red/green \(want)")
        }
    }
}
