// Toggle (issue #28, first control; public packages stopped on it): the classic iOS switch, its
// numbers from docs/reference ios-metrics.md §5 (see Toggle's comment). Pixels are checked at
// points worked out from those numbers, at scale 1 over white (or black in dark mode).
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Turns its toggle on inside `withAnimation(.linear(duration: 1))` when it appears.
struct TogglesOnAppear: View {
    @State var on = false
    var body: some View {
        Toggle("Wi-Fi", isOn: $on).labelsHidden().onAppear { withAnimation(.linear(duration: 1)) { on = true } }
    }
}

/// A style of one's own: a 10 × 10 square, red on, blue off.
struct SquareToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        (configuration.isOn ? Color.red : Color.blue).frame(width: 10, height: 10)
    }
}

@MainActor @Suite struct ToggleTests {
    /// The row: a toggle 300 pt wide, its switch at x 249 ..< 300.
    func image<V: View>(_ v: V, width: CGFloat = 300, dark: Bool = false) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        return try await SceneRenderer(v.frame(width: width, height: 31).background(dark ? Color.black : Color.white),
                                       size: CGSize(width: width, height: 31), scale: 1, fps: 10, environment: env).still(at: 0)
    }
    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Double, Double, Double), _ tolerance: Double = 1.5) -> Bool {
        abs(Double(p.r) - rgb.0) <= tolerance && abs(Double(p.g) - rgb.1) <= tolerance && abs(Double(p.b) - rgb.2) <= tolerance
    }

    @Test func theSwitchSitsAtTheTrailingEdgeAtItsSize() {
        let row = Toggle("Wi-Fi", isOn: .constant(true)).frame(width: 300)
        #expect(ImageRenderer(content: row).size == CGSize(width: 300, height: 31))
        #expect(ImageRenderer(content: Toggle("Wi-Fi", isOn: .constant(true)).labelsHidden()).size == CGSize(width: 51, height: 31))
    }

    @Test func onAndOffTracksAndTheThumb() async throws {
        // On: the track left of the thumb is system green; the thumb (centre 35.5) is white.
        let on = try await image(Toggle("Wi-Fi", isOn: .constant(true)))
        #expect(near(on[249 + 8, 15], (52, 199, 89)), "on track: \(on[257, 15])")
        #expect(on[249 + 35, 15] == (255, 255, 255, 255), "thumb: \(on[284, 15])")
        // Off: secondarySystemFill (120, 120, 128 at 16 %) over white: 255 − 0.16 × 135 = 233.4,
        // 255 − 0.16 × 127 = 234.7; the thumb's centre is at 15.5.
        let off = try await image(Toggle("Wi-Fi", isOn: .constant(false)))
        #expect(near(off[249 + 44, 15], (233.4, 233.4, 234.7)), "off track: \(off[293, 15])")
        #expect(off[249 + 15, 15] == (255, 255, 255, 255), "thumb: \(off[264, 15])")
        // Dark: 32 % over black: 0.32 × 120 = 38.4, 0.32 × 128 = 41.
        let dark = try await image(Toggle("Wi-Fi", isOn: .constant(false)), dark: true)
        #expect(near(dark[249 + 44, 15], (38.4, 38.4, 41)), "dark off track: \(dark[293, 15])")
        // The label is drawn at the leading edge, in the primary colour.
        var darkest: UInt8 = 255
        for y in 0..<31 { for x in 0..<60 { darkest = min(darkest, on[x, y].r) } }
        #expect(darkest < 60, "the label: darkest \(darkest)")
    }

    @Test func tintsStylesAndTheDisabledState() async throws {
        let styled = try await image(Toggle("A", isOn: .constant(true)).toggleStyle(SwitchToggleStyle(tint: .red)))
        #expect(near(styled[257, 15], (255, 59, 48)), "\(styled[257, 15])")
        let tinted = try await image(Toggle("A", isOn: .constant(true)).tint(.blue))
        #expect(near(tinted[257, 15], (0, 122, 255)), "\(tinted[257, 15])")
        // Disabled: the switch at half opacity: green over white, (52 + 255) / 2 …
        let disabled = try await image(Toggle("A", isOn: .constant(true)).disabled(true))
        #expect(near(disabled[257, 15], (153.5, 227, 172), 2), "\(disabled[257, 15])")
        // A style of one's own gets the value.
        let custom = try await image(Toggle("A", isOn: .constant(true)).toggleStyle(SquareToggleStyle()), width: 10)
        #expect(custom[5, 15] == (255, 59, 48, 255), "\(custom[5, 15])")
    }

    @Test func theThumbMovesWhenTheValueChangesInsideAnAnimation() async throws {
        // Linear over 1 s: at 0.5 s the thumb's left edge is at 1.5 + 0.5 × 20 = 11.5, so
        // x 9 shows the track, x 13 the thumb; at 1 s the thumb sits at 21.5 ..< 49.5.
        let r = try SceneRenderer(TogglesOnAppear().background(Color.white), size: CGSize(width: 51, height: 31), scale: 1, fps: 10)
        let mid = try await r.still(at: 0.5)
        #expect(mid[13, 15] == (255, 255, 255, 255) && mid[9, 15] != (255, 255, 255, 255), "\(mid[9, 15]) \(mid[13, 15])")
        let end = try await r.still(at: 1)
        #expect(near(end[6, 15], (52, 199, 89)) && end[35, 15] == (255, 255, 255, 255), "\(end[6, 15])")
    }

    @Test func aScreenReaderReadsTheLabelAndTheValue() async throws {
        let elements = try await SceneRenderer(Toggle("Wi-Fi", isOn: .constant(true)).frame(width: 300), size: CGSize(width: 300, height: 31)).accessibilityElements()
        #expect(elements.map(\.description) == [AccessibilityElement(role: "Element", label: "Wi-Fi", value: "on").description], "\(elements)")
    }
}
