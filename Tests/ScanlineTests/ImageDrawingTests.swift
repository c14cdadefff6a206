import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Image options (template, cap insets, interpolation), `ResolvedImage`, and SF Symbol stand-ins.
@MainActor @Suite struct ImageDrawingTests {
    /// A 3 × 3 image: a red border pixel ring around a blue centre, opaque.
    static let ring: Image = {
        var bytes: [UInt8] = []
        for y in 0..<3 { for x in 0..<3 { bytes += (x == 1 && y == 1) ? [0, 0, 255, 255] : [255, 0, 0, 255] } }
        return Image(PixelBuffer(unchecked: 3, 3, 1, .straight, bytes))
    }()

    @Test func templateImagesFillTheirAlphaWithTheForegroundStyle() throws {
        // Left half opaque, right half transparent, any colour.
        let half = Image(PixelBuffer(unchecked: 2, 1, 1, .straight, [10, 200, 30, 255, 0, 0, 0, 0]))
        let img = try renderStraight(20, 10) { ctx in
            var c = ctx
            c.environment.foregroundColor = Color(red: 0, green: 0, blue: 1)
            c.draw(half.renderingMode(.template).interpolation(.none), in: CGRect(x: 0, y: 0, width: 20, height: 10))
            #expect(c.resolve(half.renderingMode(.template)).shading == .foreground)
            #expect(c.resolve(half).shading == nil)
        }
        #expect(img[4, 5] == (0, 0, 255, 255))
        #expect(img[15, 5].a == 0)
    }

    @Test func interpolationNoneKeepsHardEdges() throws {
        let two = Image(PixelBuffer(unchecked: 2, 1, 1, .straight, [0, 0, 0, 255, 255, 255, 255, 255]))
        let img = try renderStraight(20, 1) { ctx in
            ctx.draw(two.interpolation(.none), in: CGRect(x: 0, y: 0, width: 20, height: 1))
        }
        let smooth = try renderStraight(20, 1) { ctx in ctx.draw(two, in: CGRect(x: 0, y: 0, width: 20, height: 1)) }
        #expect(img[9, 0].r == 0 && img[10, 0].r == 255)
        // Bilinear: pixel 9's centre (9.5 of 20) samples 0.95 of a source pixel → 0.45 of the way.
        #expect(smooth[9, 0].r > 50 && smooth[9, 0].r < 200)
    }

    @Test func capInsetsKeepCornersAndStretchOrTileTheMiddle() throws {
        let stretched = try renderStraight(12, 12) { ctx in
            ctx.draw(Self.ring.resizable(capInsets: EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)).interpolation(.none),
                     in: CGRect(x: 0, y: 0, width: 12, height: 12))
        }
        // Corners and edges stay one pixel of red; the blue middle fills the rest.
        for p in [(0, 0), (11, 11), (0, 6), (6, 0), (11, 5)] { #expect(stretched[p.0, p.1] == (255, 0, 0, 255), "\(p)") }
        for p in [(1, 1), (6, 6), (10, 10)] { #expect(stretched[p.0, p.1] == (0, 0, 255, 255), "\(p)") }
        // Insets wider than the frame shrink in proportion and never draw outside it.
        let tiny = try renderStraight(4, 4) { ctx in
            ctx.draw(Self.ring.resizable(capInsets: EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)), in: CGRect(x: 1, y: 1, width: 2, height: 2))
        }
        #expect(tiny[0, 0].a == 0 && tiny[3, 3].a == 0 && tiny[1, 1].a == 255)
    }

    @Test func resolvedImageSizeAndDrawAtAnchor() throws {
        let img = try renderStraight(10, 10) { ctx in
            let r = ctx.resolve(Self.ring)
            #expect(r.size == CGSize(width: 3, height: 3) && r.baseline == 3)
            ctx.draw(r, at: CGPoint(x: 10, y: 10), anchor: .bottomTrailing)
        }
        #expect(img[7, 7] == (255, 0, 0, 255) && img[8, 8] == (0, 0, 255, 255) && img[6, 6].a == 0)
    }

    @Test func symbolsDrawTheirIconGlyphAndVariantsPickAnother() async throws {
        #expect(SystemSymbols.table.count >= 200)
        #expect(SystemSymbols.fontInstalled, "make setup installs fonts-material-design-icons-iconfont")
        #expect(SystemSymbols.resolvedName("heart", variants: .fill) == "heart.fill")
        #expect(SystemSymbols.resolvedName("xmark", variants: SymbolVariants.circle.fill) == "xmark.circle.fill")
        #expect(SystemSymbols.resolvedName("waveform", variants: .fill) == "waveform")   // no filled stand-in: the plain one
        func render(_ v: some View) async throws -> PixelBuffer {
            try await SceneRenderer(v, size: CGSize(width: 40, height: 40)).still(at: 0).converted(to: .straight)
        }
        let outline = try await render(Image(systemName: "heart").font(.system(size: 40)).foregroundStyle(.black))
        let filled = try await render(Image(systemName: "heart").symbolVariant(.fill).font(.system(size: 40)).foregroundStyle(.black))
        // The filled heart covers its middle; the outline leaves it empty; both draw something.
        #expect(filled[20, 20].a == 255)
        #expect(outline[20, 20].a < 64)
        #expect(outline.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
    }

    /// `checkmark` at body size (a 17 pt square) covers the box measured on Apple's inline picker
    /// (SystemSymbols.drawCheckmark): 0.04 to 0.86 of the square across, 0.16 to 0.96 down.
    @Test func theCheckmarkCoversApplesBox() async throws {
        let img = try await SceneRenderer(Image(systemName: "checkmark").font(.body).foregroundStyle(.black),
                                          size: CGSize(width: 17, height: 17), scale: 3).still(at: 0).converted(to: .straight)
        var minX = 51, maxX = -1, minY = 51, maxY = -1
        for y in 0..<51 { for x in 0..<51 where img[x, y].a >= 128 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) } }
        // In points: pixel edges over 3.
        let box = (CGFloat(minX) / 3, CGFloat(maxX + 1) / 3, CGFloat(minY) / 3, CGFloat(maxY + 1) / 3)
        let want = (0.04 * 17, 0.864 * 17, 0.157 * 17, 0.961 * 17)
        #expect(abs(box.0 - want.0) <= 0.5 && abs(box.1 - want.1) <= 0.5 && abs(box.2 - want.2) <= 0.5 && abs(box.3 - want.3) <= 0.5,
                "ink box \(box), Apple's \(want) (points)")
        // The vertex: ink at the bottom a third of the way across, none at the bottom left corner.
        #expect(img[Int(0.365 * 51), Int(0.9 * 51)].a == 255 && img[2, 48].a == 0)
    }

    @Test func unknownSymbolsWarnOnceAndDrawAPlaceholder() async throws {
        let r = try SceneRenderer(VStack { Image(systemName: "no.such.symbol"); Image(systemName: "no.such.symbol") },
                                  size: CGSize(width: 40, height: 60))
        let img = try await r.still(at: 0)
        #expect(r.graph.warnings.filter { $0.contains("no.such.symbol") }.count == 1)
        #expect(img.bytes.contains { $0 != 0 })
    }
}

@Suite struct ResolvedTextTests {
    @Test func baselinesFollowTheLines() throws {
        _ = try PixelBuffer.render(size: CGSize(width: 10, height: 10)) { ctx in
            let text = ctx.resolve(Text("one two three four five six").font(.system(size: 20)))
            let wide = CGSize(width: 1000, height: 100), narrow = CGSize(width: 60, height: 400)
            let layout = try Text("one two three four five six").font(.system(size: 20)).layout(width: 60, environment: ctx.environment)
            #expect(text.firstBaseline(in: wide) == text.lastBaseline(in: wide))
            #expect(text.firstBaseline(in: narrow) == layout.first!.origin.y)
            #expect(text.lastBaseline(in: narrow) == layout.last!.origin.y && layout.count > 2)
        }
    }
}
