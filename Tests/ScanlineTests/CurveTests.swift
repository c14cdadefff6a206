import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

@Suite struct CurveTests {
    @Test func parsesSwiftUISpelling() async throws {
        #expect(try Animation.parse("spring(response: 0.55, dampingFraction: 0.9)") == .spring(response: 0.55, dampingFraction: 0.9))
        #expect(try Animation.parse(".spring(response: 0.55, dampingFraction: 0.9).delay(0.15)") == .spring(response: 0.55, dampingFraction: 0.9).delay(0.15))
        #expect(try Animation.parse("linear(duration: 1.6).repeatForever(autoreverses: false)") == .linear(duration: 1.6).repeatForever(autoreverses: false))
        #expect(try Animation.parse("easeIn") == .easeIn)
        #expect(try Animation.parse("spring(duration: 0.5, bounce: 0.3)") == .spring(duration: 0.5, bounce: 0.3))
        #expect(try Animation.parse("bouncy") == .bouncy)
        #expect(try Animation.parse("timingCurve(0.2, 0, 0.2, 1, duration: 2)") == .timingCurve(0.2, 0, 0.2, 1, duration: 2))
        #expect(try Animation.parse("interpolatingSpring(stiffness: 170, damping: 15)") == .interpolatingSpring(stiffness: 170, damping: 15))
        #expect(try Animation.parse("easeOut(duration: 0.6).speed(2).repeatCount(3, autoreverses: false)")
                == .easeOut(duration: 0.6).speed(2).repeatCount(3, autoreverses: false))
        for bad in ["", "wobble", "spring(response: fast)", "linear(duration: 1", "easeIn.twirl(2)", "spring(response: 1) extra",
                    "linear(speed: 2)", "linear.repeatCount(1.5)", "interpolatingSpring(damping: 2)"] {
            #expect(throws: ScanlineError.self, "\(bad)") { try Animation.parse(bad) }
        }
    }

    @Test func curvePrintsValueAndVelocity() async throws {
        var o = Output()
        #expect(await ScanlineCLI.run(["curve", "linear(duration: 1)", "--step", "0.25"], output: &o) == 0)
        let rows = o.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 5)
        #expect(rows[2].contains("0.500") && rows[2].contains("0.500000") && rows[2].contains("1.000000"))
        #expect(rows[4].hasSuffix("finished"))
        var e = Output()
        #expect(await ScanlineCLI.run(["curve", "wobble"], output: &e) == 2)
        #expect(e.stderr.contains("unknown animation 'wobble'") && e.stderr.contains("Accepted:"))
    }

    @Test func curvePlotsAPNG() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("curve-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        var o = Output()
        #expect(await ScanlineCLI.run(["curve", "bouncy", "-o", url.path], output: &o) == 0)
        let img = try PixelBuffer(contentsOf: url)
        #expect(img.width == 1280 && img.height == 720)
    }
}
