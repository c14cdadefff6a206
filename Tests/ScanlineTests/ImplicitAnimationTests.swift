import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 0: what changes under `withAnimation` animates. Frames and padding are in
// LayoutFidelityTests (FrameAnimationTests), insertion in TransitionTests; here colours (as
// SwiftUI interpolates resolved colours: linear-light sRGB components and opacity) and
// animatable shapes (a rounded rectangle's corners, a trim). `Toggling` turns `on` at 0.5 s with
// a 1 s linear animation, so 1.0 s is halfway.

/// The colour halfway from `a` to `b`: each sRGB component made linear, averaged, encoded again.
func halfwayColor(_ a: Color, _ b: Color) -> RGBA {
    let x = a.resolve(), y = b.resolve()
    func mid(_ u: Double, _ v: Double) -> Double {
        func lin(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let m = (lin(u) + lin(v)) / 2
        return m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
    }
    return RGBA(red: mid(x.red, y.red), green: mid(x.green, y.green), blue: mid(x.blue, y.blue), opacity: (x.opacity + y.opacity) / 2)
}

func near(_ a: RGBA?, _ b: RGBA) -> Bool {
    guard let a else { return false }
    return abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && abs(a.opacity - b.opacity) < 1e-9
}

@MainActor @Suite struct ImplicitAnimationTests {
    func log<V: View>(_ v: V, at t: Double) async throws -> [DrawLog.Entry] {
        try await SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10).drawLog(at: t)
    }

    @Test func aFillColourInterpolates() async throws {
        let v = Toggling { on in Rectangle().fill(on ? Color.orange : Color.pink).frame(width: 20, height: 20) }
        #expect(try await log(v, at: 0.4).first?.color == Color.pink.resolve())
        let mid = try await log(v, at: 1.0).first?.color
        #expect(near(mid, halfwayColor(.pink, .orange)), "\(String(describing: mid))")
        #expect(try await log(v, at: 1.6).first?.color == Color.orange.resolve())
    }

    @Test func aColourViewAndItsOpacityInterpolate() async throws {
        let v = Toggling { on in (on ? Color.blue : Color.red.opacity(0.5)).frame(width: 20, height: 20) }
        let mid = try await log(v, at: 1.0).first?.color
        #expect(near(mid, halfwayColor(Color.red.opacity(0.5), .blue)), "\(String(describing: mid))")
    }

    @Test func aForegroundColourInterpolatesForTextAndShapes() async throws {
        let v = Toggling { on in
            VStack { Text("Hi"); Circle().frame(width: 10, height: 10) }.foregroundStyle(on ? Color.green : Color.purple)
        }
        let mid = try await log(v, at: 1.0)
        let want = halfwayColor(.purple, .green)
        #expect(near(mid.first { $0.kind == .glyphs }?.color, want), "\(mid)")
        #expect(near(mid.first { $0.kind == .fill }?.color, want), "\(mid)")
    }

    @Test func theColourSchemeResolvesBeforeInterpolating() async throws {
        var env = EnvironmentValues()
        env.colorScheme = .dark
        let v = Toggling { on in (on ? Color.blue : Color.red).frame(width: 20, height: 20) }
        let mid = try await SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10, environment: env).drawLog(at: 1.0).first?.color
        let a = Color.red.resolve(in: .dark), b = Color.blue.resolve(in: .dark)
        #expect(near(mid, halfwayColor(Color(red: a.red, green: a.green, blue: a.blue), Color(red: b.red, green: b.green, blue: b.blue))))
    }

    @Test func aRoundedRectanglesCornersAnimate() async throws {
        // A 40-point square whose corner radius goes from 0 to 20: halfway 10. The pixel at
        // (4, 4) is inside a 10-point corner (its centre 7.8 from the corner circle's centre) but
        // outside a 20-point one (21.9 from it); the pixel at (1, 1) is wholly outside a
        // 10-point one (its nearest corner 11.3 away) and inside a square corner.
        let v = Toggling { on in RoundedRectangle(cornerRadius: on ? 20 : 0, style: .circular).fill(Color.black).frame(width: 40, height: 40) }
        func alpha(_ image: PixelBuffer, _ x: Int, _ y: Int) -> UInt8 { image[30 + x, 30 + y].a }
        let r = try SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10)
        let before = try await r.still(at: 0.4), mid = try await r.still(at: 1.0), end = try await r.still(at: 1.6)
        #expect(alpha(before, 1, 1) == 255 && alpha(before, 4, 4) == 255)
        #expect(alpha(mid, 1, 1) == 0 && alpha(mid, 4, 4) == 255)
        #expect(alpha(end, 4, 4) == 0)
    }

    @Test func aTrimsEndsAnimate() async throws {
        // A 40 × 10 rectangle's outline is 100 points long, starting at its top-left corner going
        // right: trimmed to 0.1 it is 10 points of the top edge; to 0.3, 30; halfway, 20.
        let v = Toggling { on in Rectangle().trim(from: 0, to: on ? 0.3 : 0.1).stroke(Color.black, lineWidth: 1).frame(width: 40, height: 10) }
        let before = try await log(v, at: 0.4).first { $0.kind == .stroke }
        let mid = try await log(v, at: 1.0).first { $0.kind == .stroke }
        #expect(close(before?.canvasBounds.width, 10, 1e-9), "\(String(describing: before))")
        #expect(close(mid?.canvasBounds.width, 20, 1e-9), "\(String(describing: mid))")
        #expect(close(mid?.canvasBounds.height, 0, 1e-9))
    }
}

@Suite struct PathTrimTests {
    func length(_ p: Path) -> CGFloat { PathSegments(p).length }

    @Test func fractionsOfARectanglesOutline() {
        let p = Path(CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(length(p) == 100)
        let half = p.trimmedPath(from: 0, to: 0.5)
        #expect(length(half) == 50)
        // 40 along the top, 10 down the right side: it ends at the bottom-right corner.
        #expect(half.elements.last == .line(to: CGPoint(x: 40, y: 10)))
        let middle = p.trimmedPath(from: 0.2, to: 0.45)
        #expect(middle.elements.first == .move(to: CGPoint(x: 20, y: 0)))
        #expect(middle.elements.last == .line(to: CGPoint(x: 40, y: 5)))
    }

    @Test func aCirclesQuarter() {
        // The ellipse path starts at 3 o'clock and runs clockwise on screen (y down): a quarter
        // ends at 6 o'clock, and is a quarter of the circumference 2π·10.
        let p = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        let q = p.trimmedPath(from: 0, to: 0.25)
        guard case .curve(let end, _, _) = q.elements.last else { Issue.record("\(q.elements)"); return }
        #expect(abs(end.x - 10) < 1e-3 && abs(end.y - 20) < 1e-3, "\(end)")
        #expect(abs(length(q) - 2 * .pi * 10 / 4) < 0.02)
    }

    @Test func edgeCases() {
        let p = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(p.trimmedPath(from: 0, to: 1) == p)
        #expect(p.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(p.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        #expect(p.trimmedPath(from: .nan, to: 0.5) == p.trimmedPath(from: 0, to: 0.5))
        #expect(Path().trimmedPath(from: 0.1, to: 0.9).isEmpty)
    }
}
