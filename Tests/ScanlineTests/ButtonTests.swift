// Button (issue #28; three public packages stop on it): the built-in styles as Button's comment
// gives them, checked at scale 1 over white at points worked out from those numbers.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// A style of one's own: the label padded by 4 on red.
struct RedButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View { configuration.label.padding(4).background(Color.red) }
}

@MainActor @Suite struct ButtonTests {
    func image<V: View>(_ v: V) async throws -> PixelBuffer {
        let size = ImageRenderer(content: v).size
        return try await SceneRenderer(v.background(Color.white), size: size, scale: 1, fps: 10).still(at: 0)
    }
    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Double, Double, Double), _ tolerance: Double = 1.5) -> Bool {
        abs(Double(p.r) - rgb.0) <= tolerance && abs(Double(p.g) - rgb.1) <= tolerance && abs(Double(p.b) - rgb.2) <= tolerance
    }
    /// Whether some opaque pixel is within 40 of `rgb` (the glyphs' solid middles).
    func hasInk(_ image: PixelBuffer, _ rgb: (Double, Double, Double)) -> Bool {
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].a == 255 && near(image[x, y], rgb, 40) { return true } }
        return false
    }
    var text: CGSize { ImageRenderer(content: Text("Save")).size }

    @Test func borderlessAndPlainDrawTheLabel() async throws {
        let automatic = Button("Save") {}
        #expect(ImageRenderer(content: automatic).size == text)
        let blue = try await image(automatic)
        #expect(hasInk(blue, (0, 122, 255)) && !hasInk(blue, (0, 0, 0)), "the title in system blue")
        let red = try await image(Button("Delete", role: .destructive) {})
        #expect(hasInk(red, (255, 59, 48)), "a destructive title in system red")
        let plain = try await image(Button("Save") {}.buttonStyle(.plain))
        #expect(hasInk(plain, (0, 0, 0)) && !hasInk(plain, (0, 122, 255)), "a plain button's label as it is")
        let tinted = try await image(Button("Save") {}.tint(.green))
        #expect(hasInk(tinted, (52, 199, 89)))
        // A foreground style set on the button, or around it, wins over the tint (ShadyGround's
        // list of effects draws the unselected ones in `.primary` so).
        let primary = try await image(Button("Save") {}.foregroundColor(.primary))
        #expect(hasInk(primary, (0, 0, 0)) && !hasInk(primary, (0, 122, 255)), "the title in primary")
        let around = try await image(VStack { Button("Save") {} }.foregroundStyle(.red))
        #expect(hasInk(around, (255, 59, 48)) && !hasInk(around, (0, 122, 255)))
        // The tint is resolved where the label draws: a `.tint` inside the label wins there
        // (SpeziViews' option rows: `Text(title).tint(.primary)` beside a tinted checkmark).
        let inner = try await image(Button {} label: { HStack { Text("Option").tint(.primary); Text("A") } })
        #expect(hasInk(inner, (0, 0, 0)) && hasInk(inner, (0, 122, 255)), "the first text primary, the second in the tint")
        // Disabled, it is grey whatever the foreground.
        let off = try await image(Button("Save") {}.foregroundColor(.red).disabled(true))
        #expect(!hasInk(off, (255, 59, 48)))
    }

    @Test func borderedButtonsPadAndFillTheirLabel() async throws {
        // Regular: padded 10 / 15, at least 32 tall; a capsule of the tint at 12 % over white:
        // 255 − 0.12 × 255 = 224.4, 255 − 0.12 × 133 = 239.0, 255.
        let bordered = Button("Save") {}.buttonStyle(.bordered)
        let size = ImageRenderer(content: bordered).size
        #expect(size == CGSize(width: text.width + 30, height: max(32, text.height + 20)), "\(size)")
        let b = try await image(bordered)
        let h = Int(size.height)
        #expect(near(b[Int(size.width / 2), 3], (224.4, 239, 255)), "fill: \(b[Int(size.width / 2), 3])")
        #expect(b[0, 0] == (255, 255, 255, 255), "a capsule's corner: \(b[0, 0])")
        // Prominent: the tint itself, a white title.
        let prominent = try await image(Button("Save") {}.buttonStyle(.borderedProminent))
        #expect(prominent[7, h / 2] == (0, 122, 255, 255), "\(prominent[7, h / 2])")
        #expect(hasInk(prominent, (255, 255, 255)))
        // Large: padded 16 / 20, at least 44, corners of 12; a square shape on request.
        let large = Button("Save") {}.buttonStyle(.borderedProminent).controlSize(.large)
        #expect(ImageRenderer(content: large).size == CGSize(width: text.width + 40, height: max(44, text.height + 32)))
        let square = try await image(Button("Save") {}.buttonStyle(.borderedProminent).buttonBorderShape(.roundedRectangle(radius: 0)))
        #expect(square[0, 0] == (0, 122, 255, 255), "\(square[0, 0])")
        // Disabled: quaternarySystemFill (116, 116, 128 at 8 %): 255 − 0.08 × 139 = 243.9, 244.8.
        let disabled = try await image(Button("Save") {}.buttonStyle(.bordered).disabled(true))
        #expect(near(disabled[Int(size.width / 2), 3], (243.9, 243.9, 244.8)), "\(disabled[Int(size.width / 2), 3])")
    }

    @Test func aStyleOfOnesOwnMakesTheView() async throws {
        let custom = Button("Save") {}.buttonStyle(RedButtonStyle())
        #expect(ImageRenderer(content: custom).size == CGSize(width: text.width + 8, height: text.height + 8))
        let image = try await image(custom)
        #expect(image[1, 1] == (255, 59, 48, 255), "\(image[1, 1])")
    }
}
