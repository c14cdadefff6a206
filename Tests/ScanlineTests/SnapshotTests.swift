import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@Suite struct SnapshotTests {
    @Test func shapesAndShadings() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 160, height: 100), scale: 2, background: Color(white: 0.1)) { ctx in
            ctx.fill(Path(roundedRect: CGRect(x: 10, y: 10, width: 60, height: 40), cornerRadius: 8),
                     with: .linearGradient(Gradient(colors: [.cyan, .blue, .purple]), startPoint: CGPoint(x: 10, y: 10), endPoint: CGPoint(x: 70, y: 50)))
            ctx.fill(Path(ellipseIn: CGRect(x: 90, y: 10, width: 60, height: 40)),
                     with: .radialGradient(Gradient(colors: [.yellow, .red]), center: CGPoint(x: 120, y: 30), startRadius: 0, endRadius: 30))
            var p = Path()
            p.move(to: CGPoint(x: 10, y: 90)); p.addQuadCurve(to: CGPoint(x: 70, y: 90), control: CGPoint(x: 40, y: 50))
            p.addCurve(to: CGPoint(x: 150, y: 90), control1: CGPoint(x: 90, y: 50), control2: CGPoint(x: 130, y: 110))
            ctx.stroke(p, with: .color(.mint), style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [6, 4]))
            ctx.stroke(Path.capsule(in: CGRect(x: 60, y: 62, width: 40, height: 14)), with: .color(.orange), lineWidth: 2)
        }
        try assertSnapshot(img, named: "shapes-and-shadings")
    }

    @Test func glitchTitleInNotoSansMonoBlack() throws {
        let text = Text("GLITCH").font(.system(.largeTitle, design: .monospaced, weight: .black)).foregroundStyle(.white)
        let img = try PixelBuffer.render(size: CGSize(width: 200, height: 70), scale: 2, background: .black) { ctx in
            ctx.draw(text, at: CGPoint(x: 100, y: 35))
        }
        try assertSnapshot(img, named: "glitch-title")
    }

    @Test func wrappedRightToLeftAndEmojiText() throws {
        var env = EnvironmentValues()
        env.layoutDirection = .rightToLeft
        let layout = try Text("שלום world, مرحبا 🎉 and more words to wrap").font(.title3).layout(width: 180, environment: env)
        let img = try PixelBuffer.render(size: CGSize(width: 200, height: 90), scale: 2, background: .white, environment: env) { ctx in
            ctx.translateBy(x: 10, y: 5)
            for line in layout {
                ctx.fill(Path(roundedRect: line.typographicBounds.rect, cornerRadius: 4), with: .color(Color.yellow.opacity(0.35)))
                ctx.draw(line)
            }
        }
        try assertSnapshot(img, named: "rtl-emoji-wrapped")
    }

    @Test func filtersOnText() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 220, height: 80), scale: 1, background: .white) { ctx in
            var shadowed = ctx
            shadowed.addFilter(.shadow(color: .black.opacity(0.8), radius: 2, x: 3, y: 4))
            shadowed.draw(Text("Shadow").font(.system(size: 30, weight: .heavy)).foregroundStyle(.blue), at: CGPoint(x: 60, y: 40))
            var blurred = ctx
            blurred.addFilter(.blur(radius: 2))
            blurred.draw(Text("Blur").font(.system(size: 30, weight: .heavy)).foregroundStyle(.red), at: CGPoint(x: 170, y: 40))
        }
        try assertSnapshot(img, named: "filters-on-text")
    }

    /// `disablesSubpixelQuantization` keeps glyphs at fractional positions: moving by half a pixel
    /// changes the pixels, and moving by a whole pixel shifts them exactly.
    @Test func subpixelPositionsAreKeptWhenAsked() throws {
        let layout = try Text("l").font(.system(size: 20)).layout()
        func render(_ dx: CGFloat, _ options: Text.Layout.DrawingOptions) throws -> PixelBuffer {
            try PixelBuffer.render(size: CGSize(width: 20, height: 30)) { ctx in
                ctx.translateBy(x: 5 + dx, y: 0)
                ctx.draw(layout[0][0][0], options: options)
            }
        }
        let exact0 = try render(0, .disablesSubpixelQuantization)
        let exactHalf = try render(0.5, .disablesSubpixelQuantization)
        let exactOne = try render(1, .disablesSubpixelQuantization)
        #expect(exact0.bytes != exactHalf.bytes)
        // A whole-pixel move is the same picture one column over.
        for y in 0..<30 { for x in 0..<19 { #expect(exact0[x, y] == exactOne[x + 1, y]) } }
        // The seed's spelling, a property on the context, does the same.
        let viaProperty = try PixelBuffer.render(size: CGSize(width: 20, height: 30)) { ctx in
            ctx.disablesSubpixelQuantization = true
            ctx.translateBy(x: 5.5, y: 0)
            ctx.draw(layout[0][0][0])
        }
        #expect(viaProperty.bytes == exactHalf.bytes)
    }

    @Test func pngRoundTripAndJPEGDecoding() throws {
        let img = try PixelBuffer.render(size: CGSize(width: 8, height: 8)) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 8)), with: .color(Color.red.opacity(0.5)))
        }
        let back = try PNGCodec.decode(img.pngData())
        #expect(back.alpha == .straight)
        #expect(back.bytes == img.converted(to: .straight).bytes)
        // The same bytes every time.
        #expect(try img.pngData() == img.pngData())
        let jpeg = TestPaths.snapshots.appendingPathComponent("sample.jpg")
        let decoded = try PixelBuffer(contentsOf: jpeg)
        #expect(decoded.width == 16 && decoded.height == 8)
        #expect(decoded[2, 4].r > 200 && decoded[2, 4].g < 60) // left half red
        #expect(decoded[13, 4].b > 200)                          // right half blue
    }
}
