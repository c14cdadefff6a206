// ProgressView (issue #28; public packages show a spinner while they load): the classic spinner
// and bar of ProgressView's comment, checked at scale 1 over white at points worked out from it.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct ProgressViewTests {
    func image<V: View>(_ v: V, _ size: CGSize, at t: Double = 0) async throws -> PixelBuffer {
        try await SceneRenderer(v.frame(width: size.width, height: size.height).background(Color.white), size: size, scale: 1, fps: 8).still(at: t)
    }
    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Double, Double, Double), _ tolerance: Double = 1.5) -> Bool {
        abs(Double(p.r) - rgb.0) <= tolerance && abs(Double(p.g) - rgb.1) <= tolerance && abs(Double(p.b) - rgb.2) <= tolerance
    }
    /// Ink (60, 60, 68) at `alpha`/255 over white.
    func ink(_ alpha: Double) -> (Double, Double, Double) { (255 - alpha / 255 * 195, 255 - alpha / 255 * 195, 255 - alpha / 255 * 187) }

    @Test func theSpinnerStepsItsHeadClockwiseEveryEighthOfASecond() async throws {
        #expect(ImageRenderer(content: ProgressView()).size == CGSize(width: 20, height: 20))
        let square = CGSize(width: 20, height: 20)
        // At 0 s the head is at 12 o'clock (147/255); 6 o'clock is among the rest (47).
        let start = try await image(ProgressView(), square)
        #expect(near(start[9, 3], ink(147)), "head: \(start[9, 3])")
        #expect(near(start[9, 16], ink(47)), "6 o'clock: \(start[9, 16])")
        // At 1/8 s the head has moved on: 12 o'clock is the spoke just behind it (122).
        let step = try await image(ProgressView(), square, at: 0.125)
        #expect(near(step[9, 3], ink(122)), "\(step[9, 3])")
        // At 1 s, a whole turn: as at 0 s.
        let turn = try await image(ProgressView(), square, at: 1)
        #expect(turn.bytes == start.bytes)
    }

    @Test func aSpinnersLabelGoesBelowIt() {
        let text = ImageRenderer(content: Text("Loading")).size
        #expect(ImageRenderer(content: ProgressView("Loading")).size == CGSize(width: max(20, text.width), height: 20 + 8 + text.height))
    }

    @Test func theBarFillsToTheFraction() async throws {
        let size = CGSize(width: 100, height: 5)
        #expect(ImageRenderer(content: ProgressView(value: 0.25).frame(width: 100)).size == CGSize(width: 100, height: 4.5))
        // A quarter: blue to x 25, then systemFill (120, 120, 128 at 20 %) over white: 228, 229.6.
        let quarter = try await image(ProgressView(value: 0.25), size)
        #expect(quarter[12, 2] == (0, 122, 255, 255) && near(quarter[60, 2], (228, 228, 229.6)), "\(quarter[12, 2]) \(quarter[60, 2])")
        let half = try await image(ProgressView(value: 5.0, total: 10.0).tint(.green), size)
        #expect(half[40, 2] == (52, 199, 89, 255) && near(half[60, 2], (228, 228, 229.6)), "\(half[40, 2]) \(half[60, 2])")
        // Not finite, or a total that is not positive: nothing filled.
        let none = try await image(ProgressView(value: Double.nan), size)
        #expect(near(none[5, 2], (228, 228, 229.6), 3), "\(none[5, 2])")
        #expect(ProgressViewStyleConfiguration.fraction(3, of: 0) == 0 && ProgressViewStyleConfiguration.fraction(12, of: 10) == 1)
    }
}
