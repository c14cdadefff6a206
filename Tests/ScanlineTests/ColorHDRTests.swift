import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// `Color.headroom(_:)`, `ResolvedHDR` and the tone mapping into 8-bit output (issue #29 point 4).
@MainActor @Suite struct ColorHDRTests {
    @Test func anHDRColourKeepsItsHueInEightBitOutput() async throws {
        // Apple's example: yellow two stops brighter, (1.83, 1.47, 0) with headroom 4. In linear
        // light red is 4.03 and green 2.42; divided by 4.03, green is 0.601 linear, 0.799 encoded:
        // 204 of 255. Without a headroom each channel is clamped: (255, 255, 0).
        let hdr = Color(.sRGB, red: 1.83, green: 1.47, blue: 0)
        func draw(_ c: Color) async throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            try await SceneRenderer(c.frame(width: 4, height: 4), size: CGSize(width: 4, height: 4), scale: 1).still(at: 0)[2, 2]
        }
        let mapped = try await draw(hdr.headroom(4)), clamped = try await draw(hdr)
        let linear = { (c: Double) in pow((c + 0.055) / 1.055, 2.4) }
        let green = 1.055 * pow(linear(1.47) / linear(1.83), 1 / 2.4) - 0.055
        #expect(mapped.r == 255 && abs(Double(mapped.g) - green * 255) <= 1 && mapped.b == 0, "tone-mapped: \(mapped), green \(green * 255)")
        #expect(clamped.r == 255 && clamped.g == 255 && clamped.b == 0, "clamped: \(clamped)")
        // ResolvedHDR keeps the components and the headroom.
        let r = hdr.headroom(4).resolveHDR(in: EnvironmentValues())
        #expect(r.headroom == 4 && abs(r.red - 1.83) < 1e-4 && abs(r.green - 1.47) < 1e-4, "\(r)")
        #expect(Color.red.resolveHDR(in: EnvironmentValues()).headroom == nil)
        let back = Color(r).resolveHDR(in: EnvironmentValues())
        #expect(back.headroom == 4 && abs(back.red - 1.83) < 1e-4)
    }
}
