// redacted(reason:) (issue #43: two public shimmer packages stopped on it): under .placeholder
// text and images draw as placeholders of their size (RedactionReasons says what Scanline
// chose), shapes and colours as they are. Checked against the rule's numbers.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct RedactionTests {
    func image<V: View>(_ v: V, _ w: CGFloat = 120, _ h: CGFloat = 40) async throws -> PixelBuffer {
        try await SceneRenderer(v.frame(width: w, height: h).background(Color.white), size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: 0)
    }
    /// Black at 16 % over white: cairo keeps the opacity in 8 bits, ⌊0.16 × 65535⌋ >> 8 = 40,
    /// so 255 − 40 = 215.
    static let placeholderGrey: UInt8 = 255 - UInt8((Int(0.16 * 65535) >> 8))

    @Test func textBecomesARoundedBarPerLineAndNoGlyphShows() async throws {
        let text = Text("Hello").font(.system(size: 20)).foregroundStyle(Color.black)
        let layout = try text.layout()
        let b = try #require(layout.first).typographicBounds
        // The bar: the line's advance across, the middle 70 % of its box down; the text is
        // centred in the 120 × 40 canvas.
        let size = layout.bounds.size
        let origin = CGPoint(x: ((120 - size.width) / 2).rounded(), y: ((40 - size.height) / 2).rounded())
        let box = b.ascent + b.descent, height = box * 0.7
        let bar = CGRect(x: origin.x + b.origin.x, y: origin.y + b.origin.y - b.ascent + (box - height) / 2, width: b.width, height: height)
        let image = try await image(text.redacted(reason: .placeholder))
        let grey = Self.placeholderGrey
        #expect(image[Int(bar.midX), Int(bar.midY)] == (grey, grey, grey, 255), "\(image[Int(bar.midX), Int(bar.midY)]) at \(bar)")
        // Above and below the bar, and left of it: white.
        for (x, y) in [(bar.midX, bar.minY - 1.5), (bar.midX, bar.maxY + 1.5), (bar.minX - 1.5, bar.midY)] {
            #expect(image[Int(x), Int(y)] == (255, 255, 255, 255), "(\(x), \(y)): \(image[Int(x), Int(y)])")
        }
        // No pixel darker than the placeholder: nothing of the glyphs is drawn.
        var darkest: UInt8 = 255
        for y in 0..<image.height { for x in 0..<image.width { darkest = min(darkest, image[x, y].r) } }
        #expect(darkest == grey, "darkest \(darkest)")
        // Unredacted inside the redacted hierarchy, the glyphs are black.
        let plain = try await self.image(text.unredacted().redacted(reason: .placeholder))
        var plainDarkest: UInt8 = 255
        for y in 0..<plain.height { for x in 0..<plain.width { plainDarkest = min(plainDarkest, plain[x, y].r) } }
        #expect(plainDarkest < 40, "\(plainDarkest)")
    }

    @Test func imagesBecomePlaceholdersAndShapesStay() async throws {
        let bitmap = Image(try PixelBuffer(width: 4, height: 4, alpha: .premultiplied, bytes: [UInt8](repeating: 255, count: 64)))
        let row = try await image(HStack(spacing: 0) {
            bitmap.resizable().frame(width: 20, height: 20)
            Rectangle().fill(Color.blue).frame(width: 20, height: 20)
        }.foregroundStyle(Color.black).redacted(reason: .placeholder), 40, 20)
        let grey = Self.placeholderGrey
        #expect(row[10, 10] == (grey, grey, grey, 255), "the image's placeholder: \(row[10, 10])")
        // Its corners are rounded (radius 4): the very corner stays white.
        #expect(row[0, 0] == (255, 255, 255, 255), "\(row[0, 0])")
        #expect(row[30, 10] == (0, 122, 255, 255), "the shape: \(row[30, 10])")
    }

    @Test func reasonsAddUpDownTheHierarchy() async throws {
        struct Reasons: View {
            @Environment(\.redactionReasons) var reasons
            var body: some View { reasons == [.placeholder, .privacy] ? Color.green : Color.red }
        }
        let image = try await image(Reasons().frame(width: 10, height: 10).redacted(reason: .placeholder).redacted(reason: .privacy), 10, 10)
        #expect(image[5, 5] == (52, 199, 89, 255), "\(image[5, 5])")
    }
}
