import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Renders a small canvas and returns it straight, for reading pixels.
func renderStraight(_ w: CGFloat, _ h: CGFloat, scale: CGFloat = 1, background: Color? = nil,
                    _ draw: (inout GraphicsContext) throws -> Void) throws -> PixelBuffer {
    try PixelBuffer.render(size: CGSize(width: w, height: h), scale: scale, background: background, renderer: draw)
        .converted(to: .straight)
}

@Suite struct GraphicsContextTests {
    @Test func copiesDoNotLeakStateBack() throws {
        _ = try PixelBuffer.render(size: CGSize(width: 40, height: 40)) { ctx in
            var copy = ctx
            copy.translateBy(x: 10, y: 5)
            copy.scaleBy(x: 2, y: 2)
            copy.opacity = 0.25
            copy.blendMode = .multiply
            copy.clip(to: Path(CGRect(x: 0, y: 0, width: 5, height: 5)))
            copy.addFilter(.blur(radius: 3))
            #expect(copy.transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 5))
            #expect(ctx.transform == .identity)
            #expect(ctx.opacity == 1)
            #expect(ctx.blendMode == .normal)
            #expect(ctx.clipBoundingRect == CGRect(x: 0, y: 0, width: 40, height: 40))
            #expect(copy.clipBoundingRect == CGRect(x: 0, y: 0, width: 5, height: 5))
            #expect(ctx.filters.isEmpty && copy.filters.count == 1)
        }
    }

    @Test func copiesDoNotLeakIntoPixels() throws {
        let img = try renderStraight(20, 10) { ctx in
            var copy = ctx
            copy.clip(to: Path(CGRect(x: 0, y: 0, width: 5, height: 10)))
            copy.opacity = 0.5
            copy.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
            // The original still draws everywhere, opaque, untranslated.
            ctx.fill(Path(CGRect(x: 15, y: 0, width: 5, height: 10)), with: .color(.black))
        }
        #expect(img[2, 5].a == 128)           // copy: clipped, half opacity
        #expect(img[10, 5].a == 0)            // outside the copy's clip, nothing
        #expect(img[17, 5] == (0, 0, 0, 255)) // original: no clip, no opacity
    }

    @Test func transformsComposeLikeSwiftUI() throws {
        // translate then scale: a unit square at (1,1) lands at (10+2, 0+2) with side 2.
        let img = try renderStraight(20, 20) { ctx in
            ctx.translateBy(x: 10, y: 0)
            ctx.scaleBy(x: 2, y: 2)
            ctx.fill(Path(CGRect(x: 1, y: 1, width: 1, height: 1)), with: .color(.white))
        }
        #expect(img[12, 2].a == 255 && img[13, 3].a == 255)
        #expect(img[11, 2].a == 0 && img[14, 2].a == 0 && img[12, 4].a == 0)
    }

    @Test func rotationIsClockwiseOnScreen() throws {
        let img = try renderStraight(20, 20) { ctx in
            ctx.translateBy(x: 10, y: 10)
            ctx.rotate(by: .degrees(90))
            ctx.fill(Path(CGRect(x: 2, y: -1, width: 6, height: 2)), with: .color(.white)) // a bar pointing right…
        }
        #expect(img[10, 15].a == 255) // …now points down
        #expect(img[15, 10].a == 0)
    }

    @Test func scaleMapsPointsToPixels() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 10, height: 5), scale: 3) { ctx in
            ctx.fill(Path(CGRect(x: 1, y: 1, width: 1, height: 1)), with: .color(.white))
        }.converted(to: .straight)
        #expect(img.width == 30 && img.height == 15)
        #expect(img[3, 3].a == 255 && img[5, 5].a == 255 && img[6, 6].a == 0 && img[2, 2].a == 0)
    }

    @Test func opacityAndColourArePremultipliedInsideStraightOutside() throws {
        let p = try PixelBuffer.render(size: CGSize(width: 2, height: 2)) { ctx in
            ctx.opacity = 0.5
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(Color(red: 1, green: 0.5, blue: 0)))
        }
        #expect(p.alpha == .premultiplied)
        #expect(p[0, 0] == (128, 64, 0, 128))
        let s = p.converted(to: .straight)
        #expect(s[0, 0] == (255, 128, 0, 128))
    }

    @Test func drawLayerCompositesOnce() throws {
        // Two overlapping squares in a half-opaque layer: the overlap is as transparent as either.
        let img = try renderStraight(30, 10) { ctx in
            ctx.opacity = 0.5
            ctx.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
                layer.fill(Path(CGRect(x: 10, y: 0, width: 20, height: 10)), with: .color(.white))
            }
        }
        #expect(img[5, 5].a == 128 && img[15, 5].a == 128 && img[25, 5].a == 128)
    }

    @Test func clipToLayerMasksLaterDrawing() throws {
        let img = try renderStraight(20, 10) { ctx in
            ctx.clipToLayer(opacity: 1) { mask in
                mask.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            }
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
        }
        #expect(img[5, 5] == (255, 255, 255, 255))
        #expect(img[15, 5].a == 0)
        let inverse = try renderStraight(20, 10) { ctx in
            ctx.clipToLayer(options: .inverse) { mask in
                mask.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            }
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
        }
        #expect(inverse[5, 5].a == 0 && inverse[15, 5].a == 255)
    }

    @Test func inverseClipKeepsTheOutside() throws {
        let img = try renderStraight(20, 10) { ctx in
            ctx.clip(to: Path(CGRect(x: 0, y: 0, width: 10, height: 10)), options: .inverse)
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
        }
        #expect(img[5, 5].a == 0 && img[15, 5].a == 255)
    }

    @Test func blendModes() throws {
        func blend(_ mode: GraphicsContext.BlendMode, _ src: Color, over dst: Color) throws -> (UInt8, UInt8, UInt8, UInt8) {
            try renderStraight(1, 1) { ctx in
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(dst))
                ctx.blendMode = mode
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(src))
            }[0, 0]
        }
        let grey = Color(white: 0.5)
        #expect(try blend(.multiply, grey, over: .white) == (128, 128, 128, 255))
        #expect(try blend(.screen, grey, over: .black) == (128, 128, 128, 255))
        #expect(try blend(.plusLighter, grey, over: grey) == (255, 255, 255, 255))
        // plusDarker: max(0, D + S − 1) on opaque pixels.
        #expect(try blend(.plusDarker, Color(white: 0.75), over: grey) == (64, 64, 64, 255))
        #expect(try blend(.plusDarker, .clear, over: grey) == (128, 128, 128, 255))
        #expect(try blend(.destinationOut, .white, over: grey).3 == 0)
        #expect(try blend(.copy, Color.white.opacity(0.5), over: .black) == (255, 255, 255, 128))
        #expect(GraphicsContext.BlendMode.allCases.count == 28)
    }

    @Test func gradientsRunFromStartToEnd() throws {
        let img = try renderStraight(101, 1) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 101, height: 1)),
                     with: .linearGradient(Gradient(colors: [.black, .white]), startPoint: .zero, endPoint: CGPoint(x: 101, y: 0)))
        }
        #expect(img[0, 0].r < 3)
        #expect(abs(Int(img[50, 0].r) - 128) <= 2)
        #expect(img[100, 0].r > 252)
    }

    @Test func colorFilters() throws {
        func filtered(_ f: GraphicsContext.Filter, _ c: Color) throws -> (UInt8, UInt8, UInt8, UInt8) {
            try renderStraight(1, 1) { ctx in
                ctx.addFilter(f)
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(c))
            }[0, 0]
        }
        #expect(try filtered(.grayscale(1), Color(red: 1, green: 0, blue: 0)) == (54, 54, 54, 255)) // 0.2126 × 255
        #expect(try filtered(.colorMultiply(Color(red: 1, green: 0.5, blue: 0)), .white) == (255, 128, 0, 255))
        #expect(try filtered(.brightness(0.5), .black) == (128, 128, 128, 255))
        #expect(try filtered(.colorInvert(), Color(red: 1, green: 0, blue: 0.2)) == (0, 255, 204, 255))
        #expect(try filtered(.saturation(1), Color(red: 0.2, green: 0.4, blue: 0.6)) == (51, 102, 153, 255))
        #expect(try filtered(.luminanceToAlpha, .white).3 == 255)
    }

    @Test func blurRadiusZeroIsIdentityAndBlurKeepsEnergy() throws {
        let square: (inout GraphicsContext) -> Void = { $0.fill(Path(CGRect(x: 40, y: 40, width: 20, height: 20)), with: .color(.white)) }
        let plain = try PixelBuffer.render(size: CGSize(width: 100, height: 100), renderer: square)
        let zero = try PixelBuffer.render(size: CGSize(width: 100, height: 100)) { ctx in
            ctx.addFilter(.blur(radius: 0)); square(&ctx)
        }
        #expect(plain.bytes == zero.bytes)
        for radius in [2.0, 10.0] {
            let blurred = try PixelBuffer.render(size: CGSize(width: 100, height: 100)) { ctx in
                ctx.addFilter(.blur(radius: radius)); square(&ctx)
            }
            let sum = { (p: PixelBuffer) in stride(from: 3, to: p.bytes.count, by: 4).reduce(0) { $0 + Int(p.bytes[$1]) } }
            let ratio = Double(sum(blurred)) / Double(sum(plain))
            #expect(abs(ratio - 1) < 0.01, "radius \(radius): energy ratio \(ratio)")
            #expect(blurred[40, 50].a < 255 && blurred[40, 50].a > 64) // the edge softens
            #expect(blurred[35, 50].a > 0) // spread past the edge
        }
    }

    @Test func shadowFallsBelowAndBesideTheShape() throws {
        let img = try renderStraight(40, 40) { ctx in
            ctx.addFilter(.shadow(color: .black, radius: 0, x: 5, y: 5))
            ctx.fill(Path(CGRect(x: 10, y: 10, width: 10, height: 10)), with: .color(.white))
        }
        #expect(img[15, 15] == (255, 255, 255, 255)) // the shape, above its shadow
        #expect(img[22, 22] == (0, 0, 0, 255))       // the shadow, moved by (5, 5)
        #expect(img[8, 8].a == 0)
    }

    @Test func imagesDrawScaledIntoRects() throws {
        let src = try PixelBuffer(width: 2, height: 1, alpha: .straight, bytes: [255, 0, 0, 255, 0, 0, 255, 255])
        let img = try renderStraight(4, 2) { ctx in
            ctx.draw(Image(src), in: CGRect(x: 0, y: 0, width: 4, height: 2))
        }
        #expect(img[0, 0] == (255, 0, 0, 255))
        #expect(img[3, 1] == (0, 0, 255, 255))
    }

    @Test func badSizesAreRejected() {
        for size in [CGSize(width: 0, height: 10), CGSize(width: -5, height: 10), CGSize(width: CGFloat.nan, height: 10),
                     CGSize(width: CGFloat.infinity, height: 10), CGSize(width: 20000, height: 10)] {
            #expect(throws: ScanlineError.self) { try PixelBuffer.render(size: size) { _ in } }
        }
        #expect(throws: ScanlineError.self) { try PixelBuffer.render(size: CGSize(width: 10, height: 10), scale: .nan) { _ in } }
    }

    /// NaN geometry draws nothing (a NaN rectangle, a NaN line width, a gradient with a NaN end
    /// point), and a NaN blur radius blurs nothing; none of them crashes or spoils later drawing.
    @Test func nanGeometryDrawsNothing() throws {
        func covered(_ body: (inout GraphicsContext) -> Void) throws -> Int {
            let p = try PixelBuffer.render(size: CGSize(width: 10, height: 10)) { ctx in body(&ctx) }
            return stride(from: 3, to: p.bytes.count, by: 4).filter { p.bytes[$0] != 0 }.count
        }
        #expect(try covered { $0.fill(Path(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)), with: .color(.red)) } == 0)
        #expect(try covered { $0.stroke(Path(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.red), lineWidth: .nan) } == 0)
        #expect(try covered {
            $0.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .linearGradient(Gradient(colors: [.red]), startPoint: CGPoint(x: CGFloat.nan, y: 0), endPoint: .zero))
        } == 0)
        // A NaN blur leaves a 4×4 square exactly 16 pixels; later drawing still draws.
        #expect(try covered { c in c.addFilter(.blur(radius: .nan)); c.fill(Path(CGRect(x: 2, y: 2, width: 4, height: 4)), with: .color(.red)) } == 16)
        #expect(try covered { c in
            c.fill(Path(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)), with: .color(.red))
            c.fill(Path(CGRect(x: 0, y: 0, width: 3, height: 3)), with: .color(.red))
        } == 9)
    }
}

@Suite struct UnscaledImageTests {
    /// A 40×30 image of every alpha level, half transparent, some pixels fully clear or opaque;
    /// its first ten rows start with 16 opaque pixels, then 16 clear ones (the kernel's shortcuts).
    func sprite() throws -> PixelBuffer {
        var bytes = [UInt8]()
        for y in 0..<30 {
            for x in 0..<40 {
                let a = (x * 7 + y * 13) % 256
                if y < 10 && x < 16 { bytes += [UInt8(x * 15), UInt8(y * 20), 90, 255]; continue }
                if y < 10 && x < 32 { bytes += [0, 0, 0, 0]; continue }
                bytes += [UInt8(a * (x % 5) / 4), UInt8(a * (y % 3) / 2), UInt8(a), UInt8(a)]
            }
        }
        return try PixelBuffer(width: 40, height: 30, alpha: .premultiplied, bytes: bytes)
    }

    @Test func directCompositeGivesCairosBytes() throws {
        let img = try sprite()
        // On a gradient, at scale 2, moved so that part of it falls off the top-left corner.
        func render(direct: Bool, origin: CGPoint) throws -> PixelBuffer {
            try PixelBuffer.render(size: CGSize(width: 50, height: 40), scale: 2) { ctx in
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 40)),
                         with: .linearGradient(Gradient(colors: [.red, .blue.opacity(0.5)]), startPoint: .zero, endPoint: CGPoint(x: 50, y: 40)))
                let rect = CGRect(origin: origin, size: CGSize(width: 20, height: 15))
                if direct {
                    #expect(ctx.drawUnscaled(img, in: rect))
                } else {
                    ctx.draw(try! CairoSurface(img), in: rect)
                }
            }
        }
        for origin in [CGPoint(x: 10, y: 12), CGPoint(x: -5.5, y: -3), CGPoint(x: 40, y: 30)] {
            let a = try render(direct: true, origin: origin), b = try render(direct: false, origin: origin)
            let differing = zip(a.bytes, b.bytes).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(differing == nil, "at \(origin): first difference at byte \(differing?.offset ?? -1)")
        }
    }

    @Test func directFillGivesCairosBytes() throws {
        // Colours opaque and translucent, with and without the context's opacity, over a
        // gradient at scale 2, partly off the surface; against the same fill through cairo (a
        // clip around everything turns the direct path off without changing cairo's result).
        let fills: [(Color, Double)] = [(.black.opacity(0.35), 1), (.red, 1), (Color(red: 0.2, green: 0.7, blue: 0.4).opacity(0.5), 0.7),
                                        (.white.opacity(0.999), 1), (.blue, 0.01), (.clear, 1)]
        for (color, opacity) in fills {
            for rect in [CGRect(x: 5, y: 2.5, width: 30, height: 20), CGRect(x: -10, y: -10, width: 100, height: 30)] {
                func render(direct: Bool) throws -> PixelBuffer {
                    try PixelBuffer.render(size: CGSize(width: 50, height: 40), scale: 2) { ctx in
                        ctx.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 40)),
                                 with: .linearGradient(Gradient(colors: [.red, .blue.opacity(0.5)]), startPoint: .zero, endPoint: CGPoint(x: 50, y: 40)))
                        var c = ctx
                        c.opacity = opacity
                        if direct {
                            #expect(c.fillUnscaled(rect, with: .color(color)))
                        } else {
                            c.clip(to: Path(CGRect(x: -100, y: -100, width: 300, height: 300)))
                            c.fill(Path(rect), with: .color(color))
                        }
                    }
                }
                let a = try render(direct: true), b = try render(direct: false)
                let differing = zip(a.bytes, b.bytes).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(differing == nil, "\(color) at \(opacity) in \(rect): first difference at byte \(differing?.offset ?? -1)")
            }
        }
        _ = try PixelBuffer.render(size: CGSize(width: 50, height: 40), scale: 2) { ctx in
            #expect(!ctx.fillUnscaled(CGRect(x: 0.25, y: 0, width: 20, height: 15), with: .color(.red)))   // half a pixel off
            #expect(!ctx.fillUnscaled(CGRect(x: 0, y: 0, width: 20, height: 15),
                                      with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))))
            var turned = ctx
            turned.rotate(by: .degrees(10))
            #expect(!turned.fillUnscaled(CGRect(x: 0, y: 0, width: 20, height: 15), with: .color(.red)))
        }
        #expect(Path(CGRect(x: 1, y: 2, width: 3, height: 4)).rectangle == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(Path(ellipseIn: CGRect(x: 1, y: 2, width: 3, height: 4)).rectangle == nil)
    }

    @Test func scaledOrFadedDrawsGoThroughCairo() throws {
        let img = try sprite()
        _ = try PixelBuffer.render(size: CGSize(width: 50, height: 40), scale: 2) { ctx in
            #expect(!ctx.drawUnscaled(img, in: CGRect(x: 0, y: 0, width: 40, height: 30)))   // 2× too big
            #expect(!ctx.drawUnscaled(img, in: CGRect(x: 0.25, y: 0, width: 20, height: 15)))  // half a pixel off
            var faded = ctx
            faded.opacity = 0.5
            #expect(!faded.drawUnscaled(img, in: CGRect(x: 0, y: 0, width: 20, height: 15)))
            var turned = ctx
            turned.rotate(by: .degrees(10))
            #expect(!turned.drawUnscaled(img, in: CGRect(x: 0, y: 0, width: 20, height: 15)))
        }
    }
}
